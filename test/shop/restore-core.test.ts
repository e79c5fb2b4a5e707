// The whole app's part of a restore, core to database: Ana's actions are written to her own audit
// log and uploaded; the shop is dumped, she works on, and the dump is restored with the real
// pg_restore. Her app reconnects by itself, reads back from her local log what the shop lost, sends
// it once, with the rename her outbox kept (the cars she added come back to the shop's garage,
// renamed, the one she removed leaves it again), says so in the status the header shows, and after
// a restart sends nothing again.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { matching, passes, waitFor } from '../support/wait-for';
import { dumpDatabase, restoreDatabase } from './support/dump-restore';
import { coreEvents, joinShop } from './support/join-shop';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { SHOP_BACKOFF } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

const KEPT = '5YJ3E1EA7KF317377';
const ADDED = '1M8GDM9AXKP042377';
const OTHER = '5YJSA1E26HF200377';

let ana: CoreHarness | null = null;
const dirs: string[] = [];
afterAll(async () => {
  await ana?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), label));
  dirs.push(dir);
  return dir;
}

interface Row {
  id: string;
  resent_at: Date | null;
}

const shopRows = async (db: TestDatabase) =>
  (await db.query<Row>('SELECT id::text, resent_at FROM audit_entries ORDER BY id')).rows;

/** The local log's entries of the demo profile, as the app itself lists them. */
async function localIds(h: CoreHarness): Promise<string[]> {
  const listed = await h.garage.audit.list({});
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.map((entry) => entry.id).sort();
}

/** Until the shop holds every entry of the local log (the outbox has drained). */
async function allUploaded(h: CoreHarness, db: TestDatabase, what: string): Promise<string[]> {
  await waitFor(
    passes(async () => {
      const local = await localIds(h);
      expect(local.length).toBeGreaterThan(0);
      expect((await shopRows(db)).map((r) => r.id)).toEqual(local);
    }),
    what,
    { ...SHOP_WAIT, intervalMs: 100 },
  );
  return localIds(h);
}

describe('the app after the shop database was restored from a dump', () => {
  it('sends again from its own log what the shop lost, once, and says so', async () => {
    const db = await createTestDatabase('restore_core');
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await owner.close();
    const login = await db.addTechnician('ana');
    const dataDir = await tempDir('garage-restore-');
    const dump = path.join(await tempDir('garage-dump-'), 'garage.dump');
    ana = await startCoreHarness({ shopBackoff: SHOP_BACKOFF, dataDir });
    await joinShop(ana, login, 'Ana', 'bay-1');
    expect(await ana.garage.vehicles.add({ vin: KEPT })).toMatchObject({ ok: true });
    const dumped = await allUploaded(ana, db, 'the first entries in the shop');
    await dumpDatabase(db, dump);

    // After the dump: what the restore loses (each an entry of her log, and a change of the garage).
    expect(await ana.garage.vehicles.add({ vin: ADDED, nickname: 'Courtesy car' })).toMatchObject({
      ok: true,
    });
    expect(await ana.garage.vehicles.add({ vin: OTHER })).toMatchObject({ ok: true });
    expect(await ana.garage.vehicles.remove(KEPT)).toMatchObject({ ok: true });
    const everything = await allUploaded(ana, db, 'the later entries in the shop');
    // A rename reaches the shop as an entry of its own, which her local log never held.
    expect(await ana.garage.vehicles.rename(ADDED, 'Bay 3 courtesy car')).toMatchObject({ ok: true });
    await waitFor(
      passes(async () => expect(await shopRows(db)).toHaveLength(everything.length + 1)),
      'the rename in the shop',
      { ...SHOP_WAIT, intervalMs: 100 },
    );
    const renameId = (await shopRows(db)).map((r) => r.id).find((id) => !everything.includes(id))!;
    const lost = [...everything.filter((id) => !dumped.includes(id)), renameId];
    const inShop = [...everything, renameId].sort();
    expect(lost.length).toBeGreaterThanOrEqual(3);

    const told = waitFor(
      matching((e) => e.type === 'shop.changed' && e.status.restored != null),
      'the app saying what it sent again',
      { ...SHOP_WAIT, wakeOn: coreEvents(ana) },
    );
    await restoreDatabase(db, dump);
    const event = await told;
    expect(event.type === 'shop.changed' && event.status.restored).toMatchObject({ count: lost.length });

    const after = await shopRows(db);
    expect(after.map((r) => r.id)).toEqual(inShop);
    expect(after.filter((r) => r.resent_at !== null).map((r) => r.id)).toEqual([...lost].sort());
    const cars = await db.query<{ vin: string; nickname: string | null }>(
      'SELECT vin, nickname FROM shop_vehicles WHERE removed_at IS NULL ORDER BY vin',
    );
    expect(cars.rows.filter((car) => [KEPT, ADDED, OTHER].includes(car.vin))).toEqual(
      [
        { vin: ADDED, nickname: 'Bay 3 courtesy car' },
        { vin: OTHER, nickname: null },
      ].sort((a, b) => a.vin.localeCompare(b.vin)),
    );

    // Restarted on the same data folder: connected again, it finds nothing lost and sends nothing.
    await ana.close();
    ana = await startCoreHarness({ shopBackoff: SHOP_BACKOFF, dataDir });
    const restarted = ana;
    await waitFor(
      passes(() => expect(restarted.core.shop.status().state).toBe('online')),
      'Ana online after the restart',
      { ...SHOP_WAIT, wakeOn: coreEvents(restarted) },
    );
    await restarted.core.shop.idle();
    const again = await shopRows(db);
    expect(again.map((r) => r.id)).toEqual(inShop);
    expect(again.filter((r) => r.resent_at !== null)).toHaveLength(lost.length);
    expect(restarted.core.shop.status().restored ?? null).toBeNull();
  });
});
