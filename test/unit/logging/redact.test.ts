// Every shape a token travels in, through the one redaction function: nothing may leak.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSecretRegistry, REDACTED, redactSecrets } from '../../../electron/main/logging/redact';

const TOKEN = 'vg_live_9f8e7d6c5b4a3f2e1d0c';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZWNoIn0.c2lnbmF0dXJlLXBhcnQ';

/** A fresh registry per test: no test depends on another's registrations. */
const registry = () => createSecretRegistry();

describe('redactSecrets: shapes', () => {
  const cases: [string, string][] = [
    ['Authorization header', `Authorization: Bearer ${TOKEN}`],
    ['lower-case header', `authorization: bearer ${TOKEN}`],
    ['header without scheme', `Authorization: ${TOKEN}`],
    ['proxy header', `Proxy-Authorization: Basic ${TOKEN}`],
    ['Bearer in prose', `request sent with Bearer ${TOKEN} to /api/1/vehicles`],
    ['access_token in a URL', `GET https://fleet.example.com/api/1/vehicles?access_token=${TOKEN}&page=2`],
    ['token in a query', `https://fleet.example.com/x?vin=5YJ3E1EA7KF317000&token=${TOKEN}`],
    ['refresh_token in a form body', `grant_type=refresh_token&refresh_token=${TOKEN}`],
    ['JSON token', `{"token":"${TOKEN}"}`],
    ['JSON accessToken', `{"vin":"5YJ3","accessToken": "${TOKEN}"}`],
    ['JSON access_token', `{"access_token":"${TOKEN}","expires_in":3600}`],
    ['JSON Authorization', `{"headers":{"Authorization":"Bearer ${TOKEN}"}}`],
    ['JSON password', `{"PASSWORD":"${TOKEN}"}`],
    ['JSON secret', `{"client_secret":"${TOKEN}"}`],
    ['inspect-style object', `{ token: '${TOKEN}', vin: '5YJ3' }`],
    ['error message', `Error: request failed for token=${TOKEN}: 401 Unauthorized`],
    ['JWT anywhere', `cached credential ${JWT} expired`],
    ['URL password', `proxy https://tech:${TOKEN}@proxy.example.com:8080/`],
  ];

  it.each(cases)('masks a token in: %s', (_label, text) => {
    const out = redactSecrets(text, registry());
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain(JWT);
    expect(out).toContain(REDACTED);
  });

  it('keeps the surrounding text readable', () => {
    expect(redactSecrets(`GET /api?vin=5YJ3&access_token=${TOKEN}&page=2`, registry())).toBe(
      `GET /api?vin=5YJ3&access_token=${REDACTED}&page=2`,
    );
    expect(redactSecrets(`Authorization: Bearer ${TOKEN}`, registry())).toBe(
      `Authorization: Bearer ${REDACTED}`,
    );
    expect(redactSecrets(`{"token":"${TOKEN}","vin":"5YJ3"}`, registry())).toBe(
      `{"token":"${REDACTED}","vin":"5YJ3"}`,
    );
  });

  it('leaves ordinary text alone', () => {
    const text = 'Basic information: the token is invalid (401). Vehicle 5YJ3E1EA7KF317000 is offline.';
    expect(redactSecrets(text, registry())).toBe(text);
  });
});

describe('redactSecrets: registered values', () => {
  it('masks a registered token wherever it appears, in any encoding', () => {
    const secrets = registry();
    const odd = 'tok/with+special=chars&more';
    secrets.register(odd);
    for (const text of [
      `note: ${odd}`,
      `x-custom: ${encodeURIComponent(odd)}`,
      JSON.stringify({ note: `prefix ${odd}` }),
    ]) {
      expect(redactSecrets(text, secrets)).not.toContain(odd);
      expect(redactSecrets(text, secrets)).not.toContain(encodeURIComponent(odd));
    }
  });

  it('stops masking a value once it is unregistered, and ignores values too short to mask safely', () => {
    const secrets = registry();
    secrets.register('abc');
    expect(redactSecrets('abc abc', secrets)).toBe('abc abc');
    secrets.register('opaque-value-123');
    expect(redactSecrets('x opaque-value-123', secrets)).toBe(`x ${REDACTED}`);
    secrets.unregister('opaque-value-123');
    expect(redactSecrets('x opaque-value-123', secrets)).toBe('x opaque-value-123');
  });

  it('masks any registered token, whatever its characters (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 6, maxLength: 64 }).filter((s) => !/\s/.test(s) && !REDACTED.includes(s)),
        fc.constantFrom('%s', 'Authorization: Bearer %s', '?access_token=%s', '{"note":"%s"}', 'failed: %s'),
        (token, template) => {
          const secrets = registry();
          secrets.register(token);
          const out = redactSecrets(template.replace('%s', token), secrets) as string;
          expect(out.includes(token)).toBe(false);
        },
      ),
    );
  });
});

describe('redactSecrets: values', () => {
  it('redacts objects deeply by key and by content, without mutating the input', () => {
    const input = {
      vin: '5YJ3',
      auth: { accessToken: TOKEN, Authorization: `Bearer ${TOKEN}` },
      headers: [['authorization', `Bearer ${TOKEN}`]],
      url: `https://x.example/?token=${TOKEN}`,
      password: 12345678,
    };
    const snapshot = structuredClone(input);
    const out = redactSecrets(input, registry());
    expect(JSON.stringify(out)).not.toContain(TOKEN);
    expect(JSON.stringify(out)).not.toContain('12345678');
    expect(out).toMatchObject({ vin: '5YJ3', auth: { accessToken: REDACTED } });
    expect(input).toEqual(snapshot);
  });

  it('redacts Errors: message, stack, extra fields and cause', () => {
    const cause = new Error(`upstream said access_token=${TOKEN}`);
    const error = Object.assign(new Error(`Bearer ${TOKEN} rejected`, { cause }), {
      code: 'E_AUTH',
      token: TOKEN,
      request: { url: `https://x.example/?access_token=${TOKEN}` },
    });
    const out = redactSecrets(error, registry()) as Error & Record<string, unknown>;
    expect(out).toBeInstanceOf(Error);
    expect(out.message).toBe(`Bearer ${REDACTED} rejected`);
    expect(out.stack).not.toContain(TOKEN);
    expect(out['code']).toBe('E_AUTH');
    expect(JSON.stringify({ ...out, cause: String(out.cause) })).not.toContain(TOKEN);
    expect((out.cause as Error).message).not.toContain(TOKEN);
    expect(error.message).toContain(TOKEN);
  });

  it('survives cycles and passes primitives through', () => {
    const cyclic: Record<string, unknown> = { token: TOKEN };
    cyclic['self'] = cyclic;
    const out = redactSecrets(cyclic, registry()) as Record<string, unknown>;
    expect(out['token']).toBe(REDACTED);
    expect(out['self']).toBe(out);
    expect(redactSecrets(42, registry())).toBe(42);
    expect(redactSecrets(null, registry())).toBe(null);
  });
});
