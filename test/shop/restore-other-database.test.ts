// A desk pointed at another database: the same shop restored from its dump into a new database (a
// move to a new server) is recognised by the identity the dump carries, and what it lost is sent
// again as after any restore; another shop's database gets nothing of this desk's, not one entry,
// and the desk says why in words.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShopAuditInput } from '../../electron/main/shop/audit-store';
import { startShopSession, type ShopSession } from '../../electron/main/shop/shop-session';
import { dumpDatabase, restoreDatabase } from './support/dump-restore';
import { adminQuery, createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { migrated, restoreLeftovers, statusWhere, uploaded } from './support/restore-apps';

const left = restoreLeftovers('vg-other-db-');
const { sessions, tempDir } = left;
afterAll(() => left.clear());

let n = 0;
function entry(): ShopAuditInput {
  n += 1;
  return {
    id: randomUUID(),
    time: new Date(Date.now() - 60_000 + n).toISOString(),
    vin: '5YJ3E1EA7KF003301',
    operation: 'command:honk_horn',
    params: { n },
    outcome: 'success',
    technician: 'Ana',
    machine: 'bay-1',
  };
}

async function startApp(login: Login, dir: string): Promise<ShopSession> {
  const session = await startShopSession({
    settings: login.settings,
    getPassword: login.getPassword,
    dir,
    backoff: { initialMs: 20, maxMs: 200 },
  });
  sessions.push(session);
  return session;
}

const auditIds = async (db: TestDatabase) =>
  (await db.query<{ id: string }>('SELECT id::text FROM audit_entries ORDER BY id')).rows.map((r) => r.id);

describe('a desk pointed at another database', () => {
  it("sends nothing of its shop to another shop's database, and says so", async () => {
    const shop = await migrated('other_home');
    const other = await migrated('other_shop');
    const dir = await tempDir();
    let app = await startApp(await shop.addTechnician('ana'), dir);
    const sent = [entry(), entry()];
    for (const e of sent) await app.record(e);
    await uploaded(app, 'the entries in her shop');
    await app.close();

    // Pointed at the other shop, with one more entry waiting: refused before anything is sent.
    app = await startApp(await other.addTechnician('ana'), dir);
    await app.record(entry());
    const refused = await statusWhere(app, (s) => s.state === 'refused', 'the other shop refused');
    expect(refused.error?.kind).toBe('invalid_settings');
    expect(refused.error?.message).toContain("is another shop's");
    expect(refused.error?.message).toContain('Nothing of this computer');
    expect(refused.pending).toBe(1);
    expect(app.db()).toBeNull();
    expect(await auditIds(other)).toEqual([]);
    // Trying again changes nothing.
    app.reconnect();
    await statusWhere(app, (s) => s.state === 'refused', 'refused again');
    expect(await auditIds(other)).toEqual([]);
  });

  it('recognises its shop restored into a new database and sends what the dump lacks', async () => {
    const shop = await migrated('moved_home');
    const moved = await createTestDatabase('moved_new');
    const dir = await tempDir();
    const dump = join(await tempDir(), 'garage.dump');
    const ana = await shop.addTechnician('ana');
    let app = await startApp(ana, dir);
    const kept = [entry(), entry()];
    for (const e of kept) await app.record(e);
    await uploaded(app, 'the first entries');
    await dumpDatabase(shop, dump);
    const lost = [entry(), entry(), entry()];
    for (const e of lost) await app.record(e);
    await uploaded(app, 'the later entries');
    await app.close();

    // The shop moves: its dump restored into a new database, whose groups the owner then grants.
    await restoreDatabase(moved, dump);
    await adminQuery(moved.name, 'SELECT shop_grant_groups()');
    // Ana is the same database role on the new server (roles are the server's, made again by the
    // same names): what her desk wrote is sent only as her.
    await adminQuery('postgres', `GRANT "${moved.name}_technicians" TO "${ana.settings.user}"`);
    app = await startApp({ ...ana, settings: { ...ana.settings, database: moved.name } }, dir);
    const back = await statusWhere(app, (s) => s.restored != null, 'the lost entries sent again');
    expect(back.restored).toMatchObject({ count: lost.length });
    expect(await auditIds(moved)).toEqual([...kept, ...lost].map((e) => e.id).sort());
  });
});
