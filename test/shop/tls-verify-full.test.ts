// sslmode verify-full against a PostgreSQL that really speaks TLS: a throwaway cluster whose
// certificate, made by this test's own CA, names "localhost" only. Through the app's "Test
// connection" path (testConnection) and the pool it works on (createShopPool): the right CA file connects; no CA file,
// or another CA's, is refused as untrusted; reaching the same server by 127.0.0.1, a name the
// certificate does not list, is refused as a host-name mismatch. verify-ca, which checks the chain
// but not the name, accepts that last one, so the refusal is the host check and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSettings, type ShopConnectionSettings } from '../../electron/main/shop/config';
import { createShopPool, testConnection } from '../../electron/main/shop/connection';
import { startTlsCluster, type TlsCluster } from './support/tls-cluster';

describe('TLS verify-full against a server with its own CA', () => {
  let cluster: TlsCluster;
  let settings: (host: string, extra: Partial<ShopConnectionSettings>) => ShopConnectionSettings;

  beforeAll(async () => {
    cluster = await startTlsCluster();
    settings = (host, extra) => ({
      host,
      port: cluster.port,
      database: cluster.database,
      user: cluster.user,
      connectTimeoutMs: 5_000,
      ...extra,
    });
  }, 120_000);

  afterAll(() => cluster?.stop());

  it('connects with verify-full and the CA file that signed the certificate', async () => {
    const result = await testConnection(
      settings('localhost', { sslmode: 'verify-full', caFile: cluster.caFile }),
      () => cluster.password,
    );
    expect(result).toMatchObject({ ok: true, value: { role: cluster.user, schemaVersion: 0 } });

    // The pool the app works on checks the same way, and the session really is encrypted.
    const pool = await createShopPool(
      resolveSettings(settings('localhost', { sslmode: 'verify-full', caFile: cluster.caFile })),
      () => cluster.password,
    );
    try {
      const ssl = await pool.query<{ ssl: boolean }>(
        'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()',
      );
      expect(ssl.rows[0]?.ssl).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('refuses verify-full without a CA file, naming the untrusted certificate', async () => {
    const result = await testConnection(
      settings('localhost', { sslmode: 'verify-full' }),
      () => cluster.password,
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'tls' } });
    if (result.ok) return;
    expect(result.error.message).toMatch(/is not signed by a CA this app trusts/);
    expect(result.error.message).toMatch(/choose the shop's CA file/);
    expect(result.error.message).not.toContain(cluster.password);
  });

  it('refuses verify-full with another CA file', async () => {
    const result = await testConnection(
      settings('localhost', { sslmode: 'verify-full', caFile: cluster.otherCaFile }),
      () => cluster.password,
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'tls' } });
    if (result.ok) return;
    expect(result.error.message).toMatch(/is not signed by a CA this app trusts/);
  });

  it('refuses verify-full by a host name the certificate does not list', async () => {
    const result = await testConnection(
      settings('127.0.0.1', { sslmode: 'verify-full', caFile: cluster.caFile }),
      () => cluster.password,
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'tls' } });
    if (result.ok) return;
    expect(result.error.message).toMatch(/does not name "127\.0\.0\.1", so sslmode verify-full refuses it/);

    // The chain itself is fine: verify-ca (no host check) accepts the same server by that address.
    const chainOnly = await testConnection(
      settings('127.0.0.1', { sslmode: 'verify-ca', caFile: cluster.caFile }),
      () => cluster.password,
    );
    expect(chainOnly).toMatchObject({ ok: true, value: { role: cluster.user } });
  });
});
