// The shop connection file read strictly: what IT exports comes back as it was, and each kind of bad
// file is refused with words that say what is wrong, a password above all.
import { describe, expect, it } from 'vitest';
import { connectionFileText, parseConnectionFile } from '../../../electron/main/shop/connection-file';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const good = { host: 'db.shop.example', port: 5432, database: 'garage', sslmode: 'verify-full' as const };
const file = (extra: Record<string, unknown>) =>
  JSON.stringify({ format: 'vehicle-garage-shop-connection', version: 1, ...good, ...extra });

describe('the shop connection file', () => {
  it('reads back what an admin exported, CA and garage included', () => {
    const text = connectionFileText({ ...good, ca: CA, garage: 'north' });
    expect(parseConnectionFile(text)).toEqual({ ...good, ca: CA, garage: 'north' });
    expect(text).not.toMatch(/password|user/);
  });

  it.each([
    ['not JSON', '{host: db', /is not JSON/],
    ['another JSON file', JSON.stringify({ host: 'db' }), /not a Vehicle Garage shop connection file/],
    ['a newer format', file({ version: 2 }), /newer Vehicle Garage \(file version 2\)/],
    ['a password', file({ password: 'hunter22' }), /carries "password", and a connection file never does/],
    ['a user', file({ user: 'ana' }), /carries "user"/],
    ['an unknown field', file({ pool: 5 }), /does not know \("pool"\)/],
    ['a port out of range', file({ port: 70_000 }), /"port" is missing or not valid/],
    ['a host with a space', file({ host: 'db shop' }), /"host" is missing or not valid/],
    ['an unknown sslmode', file({ sslmode: 'prefer' }), /"sslmode" must be one of disable, require/],
    ['a CA that is no certificate', file({ ca: 'hello' }), /no PEM certificate/],
    [
      'a CA with sslmode require',
      file({ sslmode: 'require', ca: CA }),
      /only with sslmode verify-ca or verify-full/,
    ],
    ['a garage with a slash', file({ garage: '../x' }), /"garage" is missing or not valid/],
  ])('refuses %s, saying so', (_what, text, words) => {
    expect(() => parseConnectionFile(text)).toThrow(words);
    expect(() => parseConnectionFile(text)).toThrow(/^The shop connection file is refused: /);
  });
});
