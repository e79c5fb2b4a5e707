// The shop database's password on the real OS keychain: its own account beside the token
// (`shop:<profileId>`), masked by value in everything redacted once stored or read, and cleared.
import { randomUUID } from 'node:crypto';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretRegistry, redactSecrets } from '../../electron/main/logging/redact';
import { createShopPasswordVault } from '../../electron/main/vault/shop-password';
import { createTokenVault } from '../../electron/main/vault/token-vault';

const service = `Vehicle Garage test ${randomUUID()}`;
const registry = createSecretRegistry();
const passwords = createShopPasswordVault({ keychain: keytar, service, registry });
const tokens = createTokenVault({ keychain: keytar, service });

afterAll(async () => {
  for (const account of ['p-one', 'shop:p-one'])
    await keytar.deletePassword(service, account).catch(() => false);
  expect(await keytar.findCredentials(service).catch(() => [])).toEqual([]);
});

describe('shop password vault on the real keychain', () => {
  it('keeps the password in its own account, beside the token, and never confuses the two', async () => {
    await tokens.set('p-one', 'tok_' + 'a'.repeat(40));
    await passwords.set('p-one', 'pg-Secret-123');
    expect(await keytar.getPassword(service, 'shop:p-one')).toBe('pg-Secret-123');
    expect(await tokens.get('p-one')).toBe('tok_' + 'a'.repeat(40));
    expect(await passwords.get('p-one')).toBe('pg-Secret-123');
    expect(await passwords.has('p-one')).toBe(true);
  });

  it('masks the stored password wherever redaction applies, even after it is cleared', async () => {
    const line = 'connect failed for postgres://ana:pg-Secret-123@db/garage (pg-Secret-123)';
    expect(redactSecrets(line, registry)).not.toContain('pg-Secret-123');
    await passwords.clear('p-one');
    expect(await passwords.get('p-one')).toBeNull();
    expect(await passwords.has('p-one')).toBe(false);
    expect(redactSecrets(line, registry)).not.toContain('pg-Secret-123');
    // The token is untouched by clearing the shop password.
    expect(await tokens.has('p-one')).toBe(true);
    await tokens.clear('p-one');
  });

  it('refuses an unknown profile id and an empty password with a clear error', async () => {
    await expect(passwords.set('../x', 'whatever-1')).rejects.toThrow('Unknown profile id.');
    await expect(passwords.set('p-one', '')).rejects.toThrow(/1 to 1024 characters/);
  });
});
