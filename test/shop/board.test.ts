// The board's SQL, tried with plain SQL as technicians' roles: shop_board() shows every car of the
// role's garage with its claim, open job, last action and the state values the shop knows (each
// with its own age and reader); readings are stamped by the server and nobody can rewrite one, nor
// the values the server keeps from them, nor write into another garage.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import { connectAs, createTestDatabase, type Login, type TestDatabase } from './support/pg';

let db: TestDatabase;
let ana: pg.Client;
let ben: pg.Client;
let carl: pg.Client;
let role: { ana: string; ben: string; carl: string };
const clients: pg.Client[] = [];

const connect = (login: Login) => connectAs(login, clients);

let n = 0;
const nextVin = () => `5YJ3E1EA7KF${String(800_000 + ++n).padStart(6, '0')}`;

const addCar = (who: pg.Client, vin: string, nickname: string, garage = 'shop') =>
  who.query(`INSERT INTO shop_vehicles (garage_id, vin, nickname, added_by) VALUES ($1, $2, $3, 'x')`, [
    garage,
    vin,
    nickname,
  ]);

const read = (who: pg.Client, vin: string, at: Date, vals: Record<string, unknown>, extra = '') =>
  who.query<{ id: string }>(
    `INSERT INTO vehicle_readings (garage_id, vin, read_at, source, vals, technician, machine${extra ? ', db_role' : ''})
     VALUES ('shop', $1, $2, 'state', $3, 'Typed Name', 'bay-1'${extra ? ', $4' : ''}) RETURNING id`,
    extra
      ? [vin, at.toISOString(), JSON.stringify(vals), extra]
      : [vin, at.toISOString(), JSON.stringify(vals)],
  );

interface BoardRow {
  vin: string;
  nickname: string | null;
  claimed_by: string | null;
  claim_role: string | null;
  repair_order: string | null;
  job_role: string | null;
  job_opened_at: Date | null;
  state: Record<
    string,
    { value: unknown; readAt: string; technician: string; role: string; source: string }
  > | null;
  action_operation: string | null;
  action_role: string | null;
}

const boardOf = async (who: pg.Client) => (await who.query<BoardRow>('SELECT * FROM shop_board()')).rows;

beforeAll(async () => {
  db = await createTestDatabase('board');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const logins = {
    ana: await db.addTechnician('ana'),
    ben: await db.addTechnician('ben'),
    carl: await db.addTechnician('carl'),
  };
  role = {
    ana: logins.ana.settings.user!,
    ben: logins.ben.settings.user!,
    carl: logins.carl.settings.user!,
  };
  await db.query(`INSERT INTO shop_members (role_name, garage_id) VALUES ($1, 'north')`, [role.carl]);
  [ana, ben, carl] = await Promise.all([connect(logins.ana), connect(logins.ben), connect(logins.carl)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
});

describe("a technician's board", () => {
  it("shows a colleague's claim, open job, last action and reading, each with the role that made it", async () => {
    const vin = nextVin();
    const idle = nextVin();
    await addCar(ana, vin, 'Bay 3');
    await addCar(ana, idle, 'Idle');
    await ana.query(
      `INSERT INTO claims (garage_id, vin, claimed_by, expires_at) VALUES ('shop', $1, 'Ana', now() + interval '1 hour')`,
      [vin],
    );
    const job = randomUUID();
    await ana.query(
      `INSERT INTO jobs (id, garage_id, vin, repair_order, technician, opened_at, details)
       VALUES ($1, 'shop', $2, 'RO-77', 'Ana', now() - interval '5 hours', '{}')`,
      [job, vin],
    );
    await ana.query(
      `INSERT INTO audit_entries (id, garage_id, time, vin, operation, outcome, technician, machine)
       VALUES ($1, 'shop', now() - interval '1 minute', $2, 'command:honk', 'success', 'Ana', 'bay-1')`,
      [randomUUID(), vin],
    );
    await read(ana, vin, new Date(Date.now() - 60_000), {
      sleep: 'awake',
      batteryLevel: 64,
      charging: 'Charging',
    });

    const rows = await boardOf(ben);
    const row = rows.find((each) => each.vin === vin)!;
    expect(row).toMatchObject({
      nickname: 'Bay 3',
      claimed_by: 'Ana',
      claim_role: role.ana,
      repair_order: 'RO-77',
      job_role: role.ana,
      action_operation: 'command:honk',
      action_role: role.ana,
    });
    expect(Date.now() - row.job_opened_at!.getTime()).toBeGreaterThan(4.9 * 3_600_000);
    expect(row.state!['batteryLevel']).toMatchObject({ value: 64, technician: 'Typed Name', role: role.ana });
    expect(row.state!['charging']!.value).toBe('Charging');
    const empty = rows.find((each) => each.vin === idle)!;
    expect(empty).toMatchObject({
      claimed_by: null,
      repair_order: null,
      state: null,
      action_operation: null,
    });
  });

  it('keeps each value its own age and reader: a later read of sleep alone leaves the battery as it was', async () => {
    const vin = nextVin();
    await addCar(ana, vin, 'Ages');
    const early = new Date(Date.now() - 10 * 60_000);
    await read(ana, vin, early, { sleep: 'awake', batteryLevel: 80 });
    await read(ben, vin, new Date(), { sleep: 'asleep' });
    // An older reading arriving late (an outbox draining) replaces nothing newer.
    await read(ana, vin, new Date(Date.now() - 20 * 60_000), { sleep: 'offline', batteryLevel: 10 });

    const row = (await boardOf(ana)).find((each) => each.vin === vin)!;
    expect(row.state!['sleep']).toMatchObject({ value: 'asleep', role: role.ben });
    expect(row.state!['batteryLevel']).toMatchObject({ value: 80, role: role.ana });
    expect(new Date(row.state!['batteryLevel']!.readAt).getTime()).toBe(early.getTime());
  });
});

describe('readings are the server’s word', () => {
  it('stamps the role whatever the insert says, and dates a reading from the future at its arrival', async () => {
    const vin = nextVin();
    await addCar(ana, vin, 'Forged');
    const inserted = await read(ben, vin, new Date(Date.now() + 86_400_000), { batteryLevel: 99 }, role.ana);
    const kept = await db.query<{ db_role: string; read_at: Date; received_at: Date }>(
      'SELECT db_role, read_at, received_at FROM vehicle_readings WHERE id = $1',
      [inserted.rows[0]!.id],
    );
    expect(kept.rows[0]!.db_role).toBe(role.ben);
    expect(kept.rows[0]!.read_at.getTime()).toBe(kept.rows[0]!.received_at.getTime());
  });

  it("refuses to change or delete a colleague's reading, or to write the kept values", async () => {
    const vin = nextVin();
    await addCar(ana, vin, 'Kept');
    const { id } = (await read(ana, vin, new Date(), { batteryLevel: 50 })).rows[0]!;
    await expect(
      ben.query(`UPDATE vehicle_readings SET vals = '{"batteryLevel": 1}' WHERE id = $1`, [id]),
    ).rejects.toMatchObject({
      code: '42501',
    });
    await expect(ben.query('DELETE FROM vehicle_readings WHERE id = $1', [id])).rejects.toMatchObject({
      code: '42501',
    });
    await expect(
      ben.query(`UPDATE vehicle_state_values SET value = '1' WHERE vin = $1`, [vin]),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      ben.query(
        `INSERT INTO vehicle_state_values (garage_id, vin, name, value, read_at, source, technician, reading_id)
         VALUES ('shop', $1, 'batteryLevel', '1', now(), 'state', 'Ben', gen_random_uuid())`,
        [vin],
      ),
    ).rejects.toMatchObject({ code: '42501' });
    // Even the owner's DML cannot rewrite a reading.
    await expect(
      db.query(`UPDATE vehicle_readings SET vals = '{}' WHERE id = $1`, [id]),
    ).rejects.toMatchObject({
      code: '42501',
    });
    const row = (await boardOf(ana)).find((each) => each.vin === vin)!;
    expect(row.state!['batteryLevel']!.value).toBe(50);
  });

  it('keeps garages apart: a reading for another garage is refused, and its board shows only its own cars', async () => {
    const vin = nextVin();
    await addCar(carl, vin, 'North car', 'north');
    await expect(
      ana.query(
        `INSERT INTO vehicle_readings (garage_id, vin, read_at, source, vals, technician, machine)
         VALUES ('north', $1, now(), 'state', '{"batteryLevel": 1}', 'Ana', 'bay-1')`,
        [vin],
      ),
    ).rejects.toMatchObject({ code: '42501' });
    const north = await boardOf(carl);
    expect(north.map((row) => row.vin)).toEqual([vin]);
    expect((await boardOf(ana)).some((row) => row.vin === vin)).toBe(false);
    // Asking for another garage by name shows nothing more: row-level security still holds.
    const asked = await ana.query<BoardRow>(`SELECT * FROM shop_board('north')`);
    expect(asked.rows).toEqual([]);
  });

  it('is granted again, with the rest, by shop_grant_groups()', async () => {
    await db.query(`REVOKE EXECUTE ON FUNCTION shop_board(text) FROM "${db.name}_technicians"`);
    await db.query(`REVOKE ALL ON vehicle_readings FROM "${db.name}_technicians"`);
    await expect(ben.query('SELECT * FROM shop_board()')).rejects.toMatchObject({ code: '42501' });
    const owner = await connect(db.owner);
    const granted = await owner.query<{ groups: string[] }>('SELECT shop_grant_groups() AS groups');
    expect(granted.rows[0]!.groups).toContain(`${db.name}_technicians`);
    expect((await boardOf(ben)).length).toBeGreaterThan(0);
    const vin = nextVin();
    await addCar(ana, vin, 'Granted');
    await read(ben, vin, new Date(), { sleep: 'awake' });
  });

  it('lets no role without a group run the board', async () => {
    const stranger = await connect(await db.addStranger('eve'));
    await expect(stranger.query('SELECT * FROM shop_board()')).rejects.toMatchObject({ code: '42501' });
  });
});
