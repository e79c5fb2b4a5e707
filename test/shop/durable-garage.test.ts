// What a technician does while the shop database is away survives a restart: garage changes (add,
// rename, remove) wait in the durable outbox and reach the shop once each when it is back, and an
// audit entry the local log took just before a crash, but the outbox never did, is queued from the
// log on the next start. Two cores on one real PostgreSQL; the app restarted on its data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../electron/main/audit/audit-log';
import { openShop } from '../../electron/main/shop/shop-db';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { coreEvents, joinShop } from './support/join-shop';
import { SHOP_WAIT } from './support/wait';
import { matching, passes, waitFor } from '../support/wait-for';

const ADDED = '1M8GDM9AXKP042788';
const RENAMED = '5YJ3E1EA7KF317001';
const REMOVED = '5YJSA1E26HF200001';

let db: TestDatabase;
let proxy: TcpProxy;
let anaDir: string;
let ana: CoreHarness | null = null;
let ben: CoreHarness;
let anaLogin: Login;
const options = { shopBackoff: { initialMs: 100, maxMs: 400 } };

const events = coreEvents;
const shopState = (h: CoreHarness, state: string, what: string) =>
  waitFor(
    matching((e) => e.type === 'shop.changed' && e.status.state === state),
    what,
    { wakeOn: events(h), timeoutMs: 25_000 },
  );

/** Ana's app on her data folder, reaching the database through the relay the test cuts. */
async function startAna(): Promise<CoreHarness> {
  ana = await startCoreHarness({ ...options, dataDir: anaDir });
  return ana;
}

async function vehicleOn(h: CoreHarness, vin: string) {
  const list = await h.garage.vehicles.list();
  if (!list.ok) throw new Error(list.error.message);
  return list.value.find((v) => v.vin === vin) ?? null;
}

beforeAll(async () => {
  db = await createTestDatabase('durable');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  anaLogin = await db.addTechnician('ana');
  const benLogin = await db.addTechnician('ben');
  proxy = await startTcpProxy(anaLogin.settings.host!, anaLogin.settings.port!);
  anaDir = await mkdtemp(path.join(os.tmpdir(), 'garage-durable-'));
  await startAna();
  ben = await startCoreHarness(options);
  await joinShop(ana!, db.via(anaLogin, '127.0.0.1', proxy.port), 'Ana', 'bay-1');
  await joinShop(ben, benLogin, 'Ben', 'bay-2');
});

afterAll(async () => {
  await ana?.close();
  await ben?.close();
  await proxy?.close();
  if (anaDir) await rm(anaDir, { recursive: true, force: true });
});

describe('garage changes while the shop database is away', () => {
  it('survive a restart and reach the shop once each, where the other technician sees them', async () => {
    // Two vehicles both garages know, to rename and remove later.
    for (const [vin, nickname] of [
      [RENAMED, 'Van'],
      [REMOVED, 'Old loaner'],
    ] as const) {
      const seen = waitFor(
        matching((e) => e.type === 'garage.changed'),
        `${vin} on Ben`,
        { ...SHOP_WAIT, wakeOn: events(ben) },
      );
      expect(await ana!.garage.vehicles.add({ vin, nickname })).toMatchObject({ ok: true });
      await seen;
    }
    await ben.core.shop.idle();
    expect(await vehicleOn(ben, REMOVED)).not.toBeNull();

    const offline = shopState(ana!, 'offline', 'Ana offline');
    await proxy.cut();
    await offline;
    expect(await ana!.garage.vehicles.add({ vin: ADDED, nickname: 'Courtesy car' })).toMatchObject({
      ok: true,
    });
    expect(await ana!.garage.vehicles.rename(RENAMED, 'Bay 2 van')).toMatchObject({ ok: true });
    expect(await ana!.garage.vehicles.remove(REMOVED)).toMatchObject({ ok: true });
    await waitFor(
      passes(() => expect(ana!.core.shop.status().pending).toBeGreaterThanOrEqual(3)),
      "Ana's three changes in the outbox",
    );

    // The app quits (or crashes after the writes) before the database is back, and starts again.
    await ana!.close();
    ana = null;
    const restarted = await startAna();
    expect(restarted.core.shop.status().pending).toBeGreaterThanOrEqual(3);
    expect(await vehicleOn(restarted, ADDED)).toMatchObject({ nickname: 'Courtesy car' });

    const benSees = Promise.all([
      waitFor(
        matching(
          (e) => e.type === 'vehicle.changed' && e.vin === RENAMED && e.entry?.nickname === 'Bay 2 van',
        ),
        'the rename on Ben',
        { wakeOn: events(ben), timeoutMs: 25_000 },
      ),
      waitFor(
        matching((e) => e.type === 'vehicle.changed' && e.vin === REMOVED && e.entry === null),
        'the removal on Ben',
        { wakeOn: events(ben), timeoutMs: 25_000 },
      ),
    ]);
    await proxy.restore();
    await waitFor(
      passes(() => expect(restarted.core.shop.status().pending).toBe(0)),
      'the outbox to drain after the restart',
      { timeoutMs: 25_000 },
    );
    await benSees;
    await ben.core.shop.idle();
    await restarted.core.shop.idle();
    await waitFor(
      passes(async () =>
        expect((await (await vehicleOn(ben, ADDED))?.nickname) ?? null).toBe('Courtesy car'),
      ),
      'the nickname on Ben',
    );
    expect(await vehicleOn(ben, REMOVED)).toBeNull();

    // Once each in the shop's log, and the shop's garage says what Ana did.
    const rows = await db.query<{ operation: string; vin: string; n: string }>(
      `SELECT operation, vin, count(*) AS n FROM audit_entries
        WHERE technician = 'Ana' AND operation IN ('addVehicle', 'renameVehicle', 'removeVehicle')
        GROUP BY operation, vin ORDER BY vin, operation`,
    );
    expect(rows.rows.map((r) => [r.operation, r.vin, Number(r.n)])).toEqual(
      [
        ['addVehicle', ADDED, 1],
        ['addVehicle', RENAMED, 1],
        ['renameVehicle', RENAMED, 1],
        ['addVehicle', REMOVED, 1],
        ['removeVehicle', REMOVED, 1],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1])) || String(a[0]).localeCompare(String(b[0]))),
    );
    const shop = await db.query<{ vin: string; nickname: string | null; removed: boolean }>(
      `SELECT vin, nickname, removed_at IS NOT NULL AS removed FROM shop_vehicles WHERE vin = ANY($1)
        ORDER BY vin`,
      [[ADDED, RENAMED, REMOVED]],
    );
    expect(shop.rows).toEqual(
      expect.arrayContaining([
        { vin: ADDED, nickname: 'Courtesy car', removed: false },
        { vin: RENAMED, nickname: 'Bay 2 van', removed: false },
        { vin: REMOVED, nickname: 'Old loaner', removed: true },
      ]),
    );
    // Ana's own garage was not reset to the shop's older view on the way back.
    expect(await vehicleOn(restarted, ADDED)).toMatchObject({ nickname: 'Courtesy car' });
    expect(await vehicleOn(restarted, RENAMED)).toMatchObject({ nickname: 'Bay 2 van' });
    expect(await vehicleOn(restarted, REMOVED)).toBeNull();
  });

  it('queues on start an entry the local log took just before a crash, and it reaches the shop once', async () => {
    const h = ana!;
    const vin = h.simulator.vins[0]!;
    // An entry through the app first, so this profile's queue has moved past its start.
    expect(await h.garage.vehicles.command(vin, 'set_charge_limit', { percent: 77 })).toHaveProperty('ok');
    await waitFor(
      passes(() => expect(h.core.shop.status().pending).toBe(0)),
      'the outbox to drain',
      { timeoutMs: 25_000 },
    );
    await h.close();
    ana = null;

    // The crash between the two writes: the local log has the entry, the outbox never got it.
    const log = createAuditLog({ dataDir: anaDir });
    const lost = await log.append({
      time: new Date(),
      profileId: 'demo',
      profileName: 'Demo',
      vin,
      operation: 'command:set_charge_limit',
      params: { percent: 78 },
      outcome: 'success',
      durationMs: 12,
    });
    expect(await db.query(`SELECT 1 FROM audit_entries WHERE id = $1`, [lost.id])).toMatchObject({
      rowCount: 0,
    });

    for (let start = 0; start < 2; start++) {
      const again = await startAna();
      await waitFor(
        passes(async () =>
          expect(
            await (
              await db.query(`SELECT 1 FROM audit_entries WHERE id = $1`, [lost.id])
            ).rowCount,
          ).toBe(1),
        ),
        'the lost entry in the shop log',
        { timeoutMs: 25_000 },
      );
      await waitFor(
        passes(() => expect(again.core.shop.status().pending).toBe(0)),
        'the outbox to drain again',
        { timeoutMs: 25_000 },
      );
      await again.close();
      ana = null;
    }
    const row = await db.query<{ technician: string; machine: string; n: string }>(
      `SELECT technician, machine, count(*) OVER () AS n FROM audit_entries WHERE id = $1`,
      [lost.id],
    );
    expect(row.rows).toEqual([{ technician: 'Ana', machine: 'bay-1', n: '1' }]);
    await startAna();
  });
});
