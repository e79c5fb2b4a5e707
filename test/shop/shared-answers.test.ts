// The answers the apps share and the readings' pruning, with plain SQL and the app's store as
// technicians' roles: an answer is kept newest per car and read, stamped with the garage and role by
// the server, readable only in its garage and written only through the function; pruning removes
// old readings that no longer hold a car's newest value and nothing else, and no role deletes a
// reading any other way.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { connectAs, createTestDatabase, type Login, type TestDatabase } from './support/pg';

let db: TestDatabase;
let ana: ShopDb;
let ben: ShopDb;
let carlSql: pg.Client;
let benSql: pg.Client;
let role: { ana: string; ben: string };
const clients: pg.Client[] = [];
const shops: ShopDb[] = [];

let n = 0;
const nextVin = () => `5YJ3E1EA7KF${String(700_000 + ++n).padStart(6, '0')}`;

const share = (who: ShopDb, vin: string, fetchedAt: Date, answer: unknown, technician = 'Ana') =>
  who.answers.share({
    vin,
    kind: 'state',
    answer,
    fetchedAt: fetchedAt.toISOString(),
    technician,
    machine: 'bay-1',
  });

beforeAll(async () => {
  db = await createTestDatabase('answers');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const logins: Record<'ana' | 'ben' | 'carl', Login> = {
    ana: await db.addTechnician('ana'),
    ben: await db.addTechnician('ben'),
    carl: await db.addTechnician('carl'),
  };
  role = { ana: logins.ana.settings.user!, ben: logins.ben.settings.user! };
  await db.query(`INSERT INTO shop_members (role_name, garage_id) VALUES ($1, 'north')`, [
    logins.carl.settings.user!,
  ]);
  ana = await openShop({ settings: logins.ana.settings, getPassword: logins.ana.getPassword });
  ben = await openShop({ settings: logins.ben.settings, getPassword: logins.ben.getPassword });
  shops.push(ana, ben);
  carlSql = await connectAs(logins.carl, clients);
  benSql = await connectAs(logins.ben, clients);
}, 60_000);

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.close().catch(() => undefined)));
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
});

describe('shared answers', () => {
  it('gives a colleague the newest answer with its own time and the role that read it', async () => {
    const vin = nextVin();
    const at = new Date(Date.now() - 40_000);
    await share(ana, vin, at, { state: 'online', charge_state: { battery_level: 71 } });
    const kept = await ben.answers.latest(vin, 'state');
    expect(kept).toEqual({
      answer: { state: 'online', charge_state: { battery_level: 71 } },
      fetchedAt: at.toISOString(),
      technician: 'Ana',
      machine: 'bay-1',
      role: role.ana,
    });
    expect(await ben.answers.latest(vin, 'status')).toBeNull();
  });

  it('keeps the newer answer when an older one arrives late, and dates a future one at its arrival', async () => {
    const vin = nextVin();
    await share(ana, vin, new Date(Date.now() - 5_000), { state: 'online' });
    await share(ben, vin, new Date(Date.now() - 60_000), { state: 'asleep' }, 'Ben');
    expect((await ana.answers.latest(vin, 'state'))?.answer).toEqual({ state: 'online' });
    const ahead = new Date(Date.now() + 3_600_000);
    await share(ben, vin, ahead, { state: 'offline' }, 'Ben');
    const kept = await ana.answers.latest(vin, 'state');
    expect(kept?.answer).toEqual({ state: 'offline' });
    expect(kept?.role).toBe(role.ben);
    expect(Date.parse(kept!.fetchedAt)).toBeLessThan(ahead.getTime() - 3_000_000);
  });

  it('is read only in its garage and written only through the function', async () => {
    const vin = nextVin();
    await share(ana, vin, new Date(), { state: 'online' });
    expect((await carlSql.query('SELECT * FROM shared_answers WHERE vin = $1', [vin])).rows).toEqual([]);
    await expect(
      benSql.query(
        `INSERT INTO shared_answers (garage_id, vin, kind, answer, fetched_at, technician, machine, db_role)
         VALUES ('shop', $1, 'status', '{}', now(), 'Ana', 'x', $2)`,
        [vin, role.ana],
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      benSql.query(`UPDATE shared_answers SET technician = 'Forged' WHERE vin = $1`, [vin]),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('pruning readings', () => {
  const reading = (vin: string, vals: Record<string, unknown>) =>
    benSql.query<{ id: string }>(
      `INSERT INTO vehicle_readings (garage_id, vin, read_at, source, vals, technician, machine)
       VALUES ('shop', $1, now(), 'state', $2, 'Ben', 'bay-2') RETURNING id`,
      [vin, JSON.stringify(vals)],
    );
  /** Dates a reading's arrival back, as the owner (nobody else can touch a reading). */
  const age = async (id: string, hours: number) => {
    await db.query(`ALTER TABLE vehicle_readings DISABLE TRIGGER vehicle_readings_guard`);
    try {
      await db.query(
        `UPDATE vehicle_readings SET received_at = now() - $2 * interval '1 hour' WHERE id = $1`,
        [id, hours],
      );
    } finally {
      await db.query(`ALTER TABLE vehicle_readings ENABLE TRIGGER vehicle_readings_guard`);
    }
  };
  const exists = async (id: string) =>
    (await db.query('SELECT 1 FROM vehicle_readings WHERE id = $1', [id])).rows.length === 1;

  it("removes old readings no car's newest value needs, and keeps the rest", async () => {
    const vin = nextVin();
    const oldBattery = (await reading(vin, { batteryLevel: 50 })).rows[0]!.id;
    const oldSleepOnly = (await reading(vin, { sleep: 'asleep' })).rows[0]!.id;
    const newerBattery = (await reading(vin, { batteryLevel: 55 })).rows[0]!.id;
    const recent = (await reading(vin, { batteryLevel: 60 })).rows[0]!.id;
    await age(oldBattery, 30);
    await age(oldSleepOnly, 30);
    await age(newerBattery, 26);
    // The sleep reading is still the car's newest sleep value: the board needs it, whatever its age.
    const removed = await ana.answers.pruneReadings();
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await exists(oldBattery)).toBe(false);
    expect(await exists(newerBattery)).toBe(false);
    expect(await exists(oldSleepOnly)).toBe(true);
    expect(await exists(recent)).toBe(true);
    const board = await ana.board.read();
    const car = board.cars.find((c) => c.vin === vin);
    expect(car).toBeUndefined(); // not in the garage; the kept values are what the board reads:
    const kept = await db.query(`SELECT name, value FROM vehicle_state_values WHERE vin = $1 ORDER BY name`, [
      vin,
    ]);
    expect(kept.rows).toEqual([
      { name: 'batteryLevel', value: 60 },
      { name: 'sleep', value: 'asleep' },
    ]);
  });

  it("never removes readings younger than an hour, nor another garage's", async () => {
    const vin = nextVin();
    const first = (await reading(vin, { batteryLevel: 40 })).rows[0]!.id;
    await reading(vin, { batteryLevel: 41 });
    await age(first, 2);
    expect(await ana.answers.pruneReadings(60_000)).toBeGreaterThanOrEqual(0);
    expect(await exists(first)).toBe(false);
    const young = (await reading(vin, { batteryLevel: 42 })).rows[0]!.id;
    await reading(vin, { batteryLevel: 43 });
    await age(young, 0.5);
    await ana.answers.pruneReadings(1);
    expect(await exists(young)).toBe(true);
    await age(young, 30);
    await carlSql.query(`SELECT shop_prune_readings(interval '1 hour', 'shop')`);
    expect(await exists(young)).toBe(true);
  });

  it('is the only way a reading goes: a role cannot delete one, nor set the flag to', async () => {
    const vin = nextVin();
    const id = (await reading(vin, { batteryLevel: 30 })).rows[0]!.id;
    await expect(benSql.query('DELETE FROM vehicle_readings WHERE id = $1', [id])).rejects.toThrow(
      /permission denied/,
    );
    await benSql.query(`SELECT set_config('shop.pruning_readings', 'on', false)`);
    await expect(benSql.query('DELETE FROM vehicle_readings WHERE id = $1', [id])).rejects.toThrow(
      /permission denied/,
    );
    await benSql.query(`SELECT set_config('shop.pruning_readings', 'off', false)`);
    await expect(db.query('DELETE FROM vehicle_readings WHERE id = $1', [id])).rejects.toThrow(
      /kept as it was read/,
    );
    expect(await exists(id)).toBe(true);
  });
});
