// One character PostgreSQL cannot store, from the service, must not stop the shop: a driver whose
// name carries U+0000 is quoted in the audit entry of a driver's removal (the drivers before and
// after) and in a job's check-in on that car. Against the real database, the entry reaches the
// shop with the character replaced, what was queued after it follows, and the job opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import { REPLACEMENT } from '../../electron/shared/storable-text';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { waitFor } from '../support/wait-for';
import { coreEvents, joinShop } from './support/join-shop';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';

let db: TestDatabase;
let h: CoreHarness;
let vin: string;

beforeAll(async () => {
  db = await createTestDatabase('unstorable_text');
  await (await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword })).close();
  const login = await db.addTechnician('ana');
  h = await startCoreHarness({
    shopBackoff: { initialMs: 100, maxMs: 400 },
    demo: { wakeDelayMs: 20, completionDelayMs: 5, flakiness: false },
  });
  await joinShop(h, login, 'Ana', 'bay-1');
  const found = h.simulator.vins.find((each) => h.simulator.vehicleState(each).drivers.length >= 2);
  if (!found) throw new Error('no vehicle with two drivers in the demo fleet');
  vin = found;
  const [first, ...rest] = h.simulator.vehicleState(vin).drivers;
  // The service's answer for this car now names a driver with a NUL and a lone surrogate.
  h.simulator.setVehicleState(vin, {
    sleepState: 'awake',
    flakiness: 0,
    drivers: [{ ...first!, firstName: 'Nu\u0000ll', lastName: 'Half\uD800' }, ...rest],
  });
});

afterAll(async () => {
  await h?.close();
});

/** Nothing waiting for the shop database any more. */
const drained = () =>
  waitFor(
    async () => {
      const status = await h.garage.shop.status();
      return status.ok && status.value.state === 'online' && status.value.pending === 0;
    },
    'the outbox empty',
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );

describe('text the shop database cannot store', () => {
  it('uploads the entry quoting a driver named with U+0000, and what was queued after it', async () => {
    const drivers = await h.garage.vehicles.drivers(vin);
    if (!drivers.ok) throw new Error(drivers.error.message);
    const gone = drivers.value.results[drivers.value.results.length - 1]!;
    const removed = await h.garage.vehicles.removeDriver(vin, gone.user_id_s);
    expect(removed).toMatchObject({ ok: true });
    // Queued behind it: a change to the garage.
    expect(await h.garage.vehicles.rename(vin, 'After the NUL')).toMatchObject({ ok: true });
    await drained();
    const rows = await db.query<{ params: string }>(
      `SELECT params::text AS params FROM audit_entries WHERE vin = $1 AND operation = 'removeDriver'`,
      [vin],
    );
    expect(rows.rows).toHaveLength(1);
    const stored = JSON.parse(rows.rows[0]!.params) as { before: { name: string }[] };
    expect(stored.before.map((d) => d.name)).toContain(`Nu${REPLACEMENT}ll Half${REPLACEMENT}`);
    const renamed = await db.query<{ nickname: string }>(
      'SELECT nickname FROM shop_vehicles WHERE vin = $1',
      [vin],
    );
    expect(renamed.rows[0]?.nickname).toBe('After the NUL');
    const status = await h.garage.shop.status();
    expect(status.ok && status.value.setAside).toBeFalsy();
  });

  it("opens a job on that car, its check-in quoting the driver's name", async () => {
    const opened = await h.garage.jobs.open(vin, { repairOrder: 'RO-NUL-1', complaint: 'Noise' });
    if (!opened.ok) throw new Error(opened.error.message);
    const rows = await db.query<{ check_in: string }>(
      'SELECT check_in::text AS check_in FROM jobs WHERE id = $1',
      [opened.value.id],
    );
    expect(rows.rows[0]?.check_in).toContain(`Nu${REPLACEMENT}ll`);
  });
});
