// Connecting to the shop database: settings checked before any network, each failure told apart
// (sign-in, database, host, TLS, privileges), and the password in no message whatever happens.
import tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { resolveSettings, sslOptions } from '../../electron/main/shop/config';
import { testConnection } from '../../electron/main/shop/connection';
import { openShop } from '../../electron/main/shop/shop-db';
import { ShopError } from '../../electron/main/shop/errors';
import { LATEST_SCHEMA_VERSION } from '../../electron/main/shop/migrations/index';
import { redactSecrets } from '../../electron/main/logging/redact';
import { createTestDatabase, pgAdmin } from './support/pg';

describe('shop connection settings', () => {
  it('reads a URL and lets fields override it', () => {
    const settings = resolveSettings({
      url: 'postgres://tech@db.shop.example:6543/garage?sslmode=verify-full',
    });
    expect(settings).toMatchObject({
      host: 'db.shop.example',
      port: 6543,
      database: 'garage',
      user: 'tech',
      sslmode: 'verify-full',
      maxConnections: 3,
    });
    expect(resolveSettings({ url: 'postgresql://a@h/d', user: 'b', port: 5433 })).toMatchObject({
      user: 'b',
      port: 5433,
    });
  });

  it('refuses a password in the URL, an unknown sslmode, a missing part and a big pool', () => {
    expect(() => resolveSettings({ url: 'postgres://tech:hunter22@h/d' })).toThrow(/password field/);
    expect(() => resolveSettings({ url: 'postgres://tech@h/d?sslmode=prefer' })).toThrow(/sslmode "prefer"/);
    expect(() => resolveSettings({ host: 'h', user: 'u' })).toThrow(/database name/);
    expect(() => resolveSettings({ host: 'h', user: 'u', database: 'd', maxConnections: 20 })).toThrow(
      /pool size/,
    );
    expect(() =>
      resolveSettings({ host: 'h', user: 'u', database: 'd', sslmode: 'require', caFile: '/ca.pem' }),
    ).toThrow(/verify-ca/);
  });

  it('maps sslmode onto TLS options: verify-ca checks the chain, verify-full the host too', async () => {
    const base = { host: 'h', user: 'u', database: 'd' };
    // Unsaid, the mode is verify-full: what a managed PostgreSQL asks for, and the only safe one.
    expect(resolveSettings(base).sslmode).toBe('verify-full');
    expect(await sslOptions(resolveSettings({ ...base, sslmode: 'disable' }))).toBe(false);
    expect(await sslOptions(resolveSettings({ ...base, sslmode: 'require' }))).toEqual({
      rejectUnauthorized: false,
    });
    const full = (await sslOptions(resolveSettings({ ...base, sslmode: 'verify-full' }))) as Record<
      string,
      unknown
    >;
    expect(full).toMatchObject({ rejectUnauthorized: true });
    expect(full['checkServerIdentity']).toBeUndefined();
    // It trusts Node's bundled roots as well as the computer's store (a `ca` alone would replace them).
    expect(full['ca']).toEqual(expect.arrayContaining([...tls.rootCertificates]));
    const ca = (await sslOptions(resolveSettings({ ...base, sslmode: 'verify-ca' }))) as Record<
      string,
      unknown
    >;
    expect(ca['rejectUnauthorized']).toBe(true);
    expect(typeof ca['checkServerIdentity']).toBe('function');
    await expect(
      sslOptions(resolveSettings({ ...base, sslmode: 'verify-ca', caFile: '/nonexistent/ca.pem' })),
    ).rejects.toThrow(/CA file cannot be read \(ENOENT\)/);
  });
});

describe('testConnection against the real server', () => {
  it('reports the role, server and schema versions', async () => {
    const db = await createTestDatabase('conn_ok');
    const result = await testConnection(db.owner.settings, db.owner.getPassword);
    expect(result).toMatchObject({ ok: true, value: { role: db.owner.settings.user, schemaVersion: 0 } });
    const shop = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await shop.close();
    const after = await testConnection(db.owner.settings, db.owner.getPassword);
    expect(after).toMatchObject({
      ok: true,
      value: { schemaVersion: LATEST_SCHEMA_VERSION, canWriteAudit: true },
    });
  });

  it('tells a wrong password apart, and never echoes it', async () => {
    const db = await createTestDatabase('conn_auth');
    const wrong = 'Wr0ng-Secret-Pa55word';
    const result = await testConnection(db.owner.settings, () => wrong);
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth_failed' } });
    if (result.ok) return;
    expect(result.error.message).toContain(db.owner.settings.user!);
    expect(result.error.message).not.toContain(wrong);
    // Once read, the password is a known secret for every log line and report.
    expect(redactSecrets(`connect failed for password ${wrong} at 10:00`)).not.toContain(wrong);
    expect(redactSecrets({ detail: `echo ${encodeURIComponent(wrong)}` })).not.toMatchObject({
      detail: expect.stringContaining(encodeURIComponent(wrong)),
    });
  });

  it('tells a missing database, an unreachable host, a TLS failure and a missing schema apart', async () => {
    const db = await createTestDatabase('conn_kinds');
    const missing = await testConnection(
      { ...db.owner.settings, database: `${db.name}_nope` },
      db.owner.getPassword,
    );
    expect(missing).toMatchObject({ ok: false, error: { kind: 'database_missing' } });

    const unreachable = await testConnection({ ...db.owner.settings, port: 1 }, db.owner.getPassword);
    expect(unreachable).toMatchObject({ ok: false, error: { kind: 'unreachable' } });

    // The test server runs without TLS: asking for it must say so, not "cannot reach".
    const tls = await testConnection({ ...db.owner.settings, sslmode: 'require' }, db.owner.getPassword);
    expect(tls).toMatchObject({ ok: false, error: { kind: 'tls' } });
    if (!tls.ok) expect(tls.error.message).toMatch(/encrypted connections/);

    const technician = await db.addTechnician('early');
    await expect(
      openShop({ settings: technician.settings, getPassword: technician.getPassword }),
    ).rejects.toMatchObject({
      shopKind: 'schema_missing',
    });
  });

  it('says a role without grants has no privileges, clearly', async () => {
    const db = await createTestDatabase('conn_grants');
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await owner.close();
    const stranger = await db.addStranger('stranger');
    const report = await testConnection(stranger.settings, stranger.getPassword);
    expect(report).toMatchObject({ ok: false, error: { kind: 'no_privileges' } });
    if (!report.ok) expect(report.error.message).toMatch(/no access to the shop's tables.*docs\/shop\.md/);
    const error = await openShop({ settings: stranger.settings, getPassword: stranger.getPassword }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ShopError);
    expect((error as ShopError).shopKind).toBe('no_privileges');
    expect((error as ShopError).message).toMatch(/permission denied.*docs\/shop\.md/);
    expect((error as ShopError).message).not.toContain(stranger.password);
  });

  it('keeps the admin password out of every message', () => {
    const admin = pgAdmin();
    const error = new ShopError('query_failed', `boom postgres://${admin.user}:${admin.password}@h/d`);
    expect(error.message).not.toContain(admin.password);
  });
});
