// The shop database's errors without a server: each driver error told apart, and the password,
// once read, masked in every message, log line and report (in any spelling the redaction knows).
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../electron/main/logging/redact';
import { ShopError, registerShopPassword, toShopError } from '../../../electron/main/shop/errors';
import { redactingPassword } from '../../../electron/main/shop/connection';

describe('shop errors', () => {
  it.each([
    [
      { code: '28P01', message: 'password authentication failed for user "ana"' },
      'auth_failed',
      'unauthorized',
    ],
    [{ code: '3D000', message: 'database "x" does not exist' }, 'database_missing', 'not_found'],
    [{ code: '42501', message: 'permission denied for table audit_entries' }, 'no_privileges', 'forbidden'],
    [
      {
        code: '42501',
        routine: 'exec_stmt_raise',
        message:
          'Only ana (who opened it), a foreman or an admin may close or reopen the job of repair order RO-1.',
      },
      'refused',
      'forbidden',
    ],
    [{ code: '57014', message: 'canceling statement due to statement timeout' }, 'timeout', 'timeout'],
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }, 'conflict', 'rejected'],
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }, 'unreachable', 'network'],
    [{ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db.shop' }, 'unreachable', 'network'],
    [{ message: 'Connection terminated unexpectedly' }, 'unreachable', 'network'],
    [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed certificate' }, 'tls', 'network'],
    [
      { code: 'ERR_TLS_CERT_ALTNAME_INVALID', message: "Hostname/IP does not match certificate's altnames" },
      'tls',
      'network',
    ],
    [{ message: 'The server does not support SSL connections' }, 'tls', 'network'],
    [{ code: 'XX000', message: 'something odd' }, 'query_failed', 'storage'],
  ])('maps %o to %s', (raw, shopKind, kind) => {
    const error = toShopError(Object.assign(new Error(raw.message), raw), 'ana@db:5432/garage');
    expect(error).toBeInstanceOf(ShopError);
    expect(error.shopKind).toBe(shopKind);
    expect(error.info.kind).toBe(kind);
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('masks the password once it has been read, wherever it appears', async () => {
    const password = 'Sh0p-Db-Pa55word!';
    const read = redactingPassword(() => password);
    expect(await read()).toBe(password);
    const error = toShopError(Object.assign(new Error(`weird failure near ${password}`), { code: 'XX000' }));
    expect(error.message).not.toContain(password);
    expect(error.message).toContain('[REDACTED]');
    expect(redactSecrets({ note: `pw=${encodeURIComponent(password)}` })).toEqual({ note: 'pw=[REDACTED]' });
    expect(redactSecrets(`log: ${Buffer.from(password).toString('base64')}`)).not.toContain(
      Buffer.from(password).toString('base64'),
    );
  });

  it('ignores an empty password', () => {
    expect(() => registerShopPassword('')).not.toThrow();
    expect(() => registerShopPassword(null)).not.toThrow();
  });
});
