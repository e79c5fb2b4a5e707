// What a verifying connection trusts and what it presents, against a PostgreSQL that really speaks
// TLS (tls-cluster.ts): the computer's own certificate store (here OpenSSL's SSL_CERT_FILE, which
// the Linux store is read from) stands in for a CA file, and a client certificate whose key is
// encrypted signs a role in with no password, opened by the passphrase the keychain would give.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopConnectionSettings } from '../../electron/main/shop/config';
import { testConnection } from '../../electron/main/shop/connection';
import { startTlsCluster, type TlsCluster } from './support/tls-cluster';

describe('TLS trust and client certificates against a server with its own CA', () => {
  let cluster: TlsCluster;
  let base: (extra: Partial<ShopConnectionSettings>) => ShopConnectionSettings;

  beforeAll(async () => {
    cluster = await startTlsCluster();
    base = (extra) => ({
      host: 'localhost',
      port: cluster.port,
      database: cluster.database,
      user: cluster.user,
      connectTimeoutMs: 5_000,
      ...extra,
    });
  }, 120_000);

  afterAll(() => cluster?.stop());

  it("trusts a CA in the computer's own store with no CA file, by default verify-full", async () => {
    const before = process.env.SSL_CERT_FILE;
    const untrusted = await testConnection(base({}), () => cluster.password);
    expect(untrusted).toMatchObject({ ok: false, error: { kind: 'tls' } });
    process.env.SSL_CERT_FILE = cluster.caFile;
    try {
      const trusted = await testConnection(base({}), () => cluster.password);
      expect(trusted).toMatchObject({ ok: true, value: { role: cluster.user } });
      // Still verify-full: the store vouches for the chain, never for a name the certificate lacks.
      const wrongName = await testConnection(base({ host: '127.0.0.1' }), () => cluster.password);
      expect(wrongName).toMatchObject({ ok: false, error: { kind: 'tls' } });
    } finally {
      if (before === undefined) delete process.env.SSL_CERT_FILE;
      else process.env.SSL_CERT_FILE = before;
    }
  });

  it('signs a role in by its client certificate, the key opened by the stored passphrase', async () => {
    const byCert = base({
      user: cluster.certUser,
      caFile: cluster.caFile,
      clientCertFile: cluster.clientCertFile,
      clientKeyFile: cluster.clientKeyFile,
      keyPassphrase: () => cluster.keyPassphrase,
    });
    // No password at all: the certificate is the sign-in.
    const signedIn = await testConnection(byCert, () => null);
    expect(signedIn).toMatchObject({ ok: true, value: { role: cluster.certUser } });

    const wrong = await testConnection({ ...byCert, keyPassphrase: () => 'not-the-passphrase' }, () => null);
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'tls' } });
    if (!wrong.ok) expect(wrong.error.message).toMatch(/passphrase does not open the client key/);

    const none = await testConnection({ ...byCert, keyPassphrase: () => null }, () => null);
    expect(none).toMatchObject({ ok: false, error: { kind: 'tls' } });
    if (!none.ok) expect(none.error.message).toMatch(/no passphrase for it is stored/);

    // Without the certificate the server refuses the role (pg_hba.conf says `cert` for it).
    const bare = await testConnection(base({ user: cluster.certUser, caFile: cluster.caFile }), () => null);
    expect(bare.ok).toBe(false);
  });

  it('refuses a key that is not PEM and a certificate without its key, before connecting', async () => {
    const halfPair = await testConnection(
      base({ caFile: cluster.caFile, clientCertFile: cluster.clientCertFile }),
      () => cluster.password,
    );
    expect(halfPair).toMatchObject({ ok: false, error: { kind: 'invalid_settings' } });
    if (!halfPair.ok) expect(halfPair.error.message).toMatch(/choose both, or neither/);

    const notAKey = await testConnection(
      base({ caFile: cluster.caFile, clientCertFile: cluster.clientCertFile, clientKeyFile: cluster.caFile }),
      () => cluster.password,
    );
    expect(notAKey).toMatchObject({ ok: false, error: { kind: 'invalid_settings' } });
    if (!notAKey.ok) expect(notAKey.error.message).toMatch(/holds no PEM private key/);
  });
});
