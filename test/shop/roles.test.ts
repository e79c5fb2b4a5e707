// Roles the database enforces, tried as an attacker with a technician's own role would (what a
// stolen laptop's keychain gives): plain SQL through the `pg` client, not the app, against a
// colleague's job, claim, template and audit entries, the role stamps and another garage of the
// same database. Each attempt is refused by the server, or its forged part replaced by the truth.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import { connectAs, createTestDatabase, type Login, type TestDatabase } from './support/pg';

let db: TestDatabase;
let ana: pg.Client;
let ben: pg.Client;
let fred: pg.Client;
let dana: pg.Client;
let role: { ana: string; ben: string; fred: string; dana: string; alice: string };
const clients: pg.Client[] = [];

const connect = (login: Login) => connectAs(login, clients);

let n = 0;
const nextVin = () => `5YJ3E1EA7KF${String(900_000 + ++n).padStart(6, '0')}`;

/** A job as the app's columns hold it, opened `hoursAgo` and, unless `open`, closed an hour later. */
async function jobOf(who: pg.Client, vin: string, options: { hoursAgo?: number; open?: boolean } = {}) {
  const hoursAgo = options.hoursAgo ?? 3;
  const id = randomUUID();
  const openedAt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const closedAt = options.open ? null : new Date(Date.now() - (hoursAgo - 1) * 3_600_000).toISOString();
  const repairOrder = `RO-${vin.slice(-6)}`;
  await who.query(
    `INSERT INTO jobs (id, garage_id, vin, repair_order, technician, opened_at, closed_at, status, notes, details)
     VALUES ($1, 'shop', $2, $3, 'Ana', $4, $5, $6, '[]', $7)`,
    [
      id,
      vin,
      repairOrder,
      openedAt,
      closedAt,
      options.open ? 'open' : 'closed',
      JSON.stringify({
        id,
        vin,
        repairOrder,
        complaint: null,
        customer: null,
        effects: {},
        notes: [],
        profileId: 'p',
      }),
    ],
  );
  return { id, vin, openedAt, closedAt, repairOrder };
}

/** An audit entry as the app sends it, typed under Ana's name. */
function insertAudit(who: pg.Client, vin: string, time: Date, id = randomUUID(), forged = false) {
  return who.query(
    `INSERT INTO audit_entries (id, garage_id, time, vin, operation, outcome, technician, machine${forged ? ', db_role, received_at' : ''})
     VALUES ($1, 'shop', $2, $3, 'command:honk', 'success', 'Ana', 'bay-1'${forged ? `, $4, '2000-01-01'` : ''})`,
    forged ? [id, time.toISOString(), vin, role.ana] : [id, time.toISOString(), vin],
  );
}

const refused = { code: '42501' };

/** The statement, as `who`, is refused for want of a privilege (SQLSTATE 42501). */
const refuses = (who: pg.Client, sql: string, params?: unknown[]) =>
  expect(who.query(sql, params)).rejects.toMatchObject(refused);

beforeAll(async () => {
  db = await createTestDatabase('roles');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const logins = {
    ana: await db.addTechnician('ana'),
    ben: await db.addTechnician('ben'),
    fred: await db.addMember('fred', 'foremen'),
    dana: await db.addMember('dana', 'advisors'),
    alice: await db.addMember('alice', 'admins'),
  };
  role = {
    ana: logins.ana.settings.user!,
    ben: logins.ben.settings.user!,
    fred: logins.fred.settings.user!,
    dana: logins.dana.settings.user!,
    alice: logins.alice.settings.user!,
  };
  [ana, ben, fred, dana] = await Promise.all([
    connect(logins.ana),
    connect(logins.ben),
    connect(logins.fred),
    connect(logins.dana),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
});

describe('the groups', () => {
  it('name each role by its group, the owner an admin', async () => {
    const groups = await db.query<{ grp: string | null }>(
      `SELECT shop_group(who::name) AS grp FROM unnest($1::text[]) WITH ORDINALITY AS w(who, i) ORDER BY i`,
      [[role.ana, role.fred, role.dana, role.alice, db.owner.settings.user, 'nobody_at_all']],
    );
    expect(groups.rows.map((row) => row.grp)).toEqual([
      'technician',
      'foreman',
      'advisor',
      'admin',
      'admin',
      null,
    ]);
  });

  it('have row-level security on every shop table', async () => {
    const tables = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `SELECT relname, relrowsecurity FROM pg_class
        WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`,
    );
    expect(tables.rows).toEqual(
      [
        'audit_entries',
        'claims',
        'jobs',
        'shared_answers',
        'shop_identity',
        'shop_members',
        'shop_policy',
        'shop_requests',
        'shop_schema_version',
        'shop_vehicles',
        'telemetry_templates',
        'vehicle_readings',
        'vehicle_state_values',
      ].map((relname) => ({ relname, relrowsecurity: true })),
    );
  });
});

describe("a technician's role with plain SQL", () => {
  it("cannot rewrite, close, reopen or delete a colleague's job; the opener and a foreman can", async () => {
    const closed = await jobOf(ana, nextVin());
    await expect(
      ben.query(`UPDATE jobs SET technician = 'Ben', notes = '[{"text":"forged"}]' WHERE id = $1`, [
        closed.id,
      ]),
    ).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining(`Only ${role.ana} (who opened it)`),
    });
    await refuses(ben, `UPDATE jobs SET status = 'open', closed_at = NULL WHERE id = $1`, [closed.id]);
    const open = await jobOf(ana, nextVin(), { hoursAgo: 1, open: true });
    await refuses(ben, `UPDATE jobs SET status = 'closed', closed_at = now() WHERE id = $1`, [open.id]);
    await refuses(ben, `UPDATE jobs SET complaint = 'none' WHERE id = $1`, [open.id]);
    await refuses(ben, `DELETE FROM jobs WHERE id = $1`, [open.id]);
    // What cannot conflict is anyone's to add while the job is open: a note, the effect of one's own
    // action (with the machine's own profile id, as the app writes it)…
    const bensEntry = randomUUID();
    await insertAudit(ben, open.vin, new Date(), bensEntry);
    await ben.query(
      `UPDATE jobs SET notes = notes || '[{"text":"by Ben"}]',
              details = jsonb_set(jsonb_set(details, ARRAY['effects', $2], '{"status":"confirmed"}'),
                                  '{profileId}', '"bens-profile"')
        WHERE id = $1`,
      [open.id, bensEntry],
    );
    await expect(ben.query(`UPDATE jobs SET notes = '[]' WHERE id = $1`, [open.id])).rejects.toMatchObject(
      refused,
    );
    // …but not the effect recorded for a colleague's action, nor one taken away.
    const anasEntry = randomUUID();
    await insertAudit(ana, open.vin, new Date(), anasEntry);
    await ana.query(
      `UPDATE jobs SET details = jsonb_set(details, ARRAY['effects', $2], '{"status":"confirmed"}') WHERE id = $1`,
      [open.id, anasEntry],
    );
    await refuses(
      ben,
      `UPDATE jobs SET details = jsonb_set(details, ARRAY['effects', $2], '{"status":"failed"}') WHERE id = $1`,
      [open.id, anasEntry],
    );
    await refuses(ben, `UPDATE jobs SET details = details #- ARRAY['effects', $2] WHERE id = $1`, [
      open.id,
      anasEntry,
    ]);
    await fred.query(`UPDATE jobs SET status = 'closed', closed_at = now() WHERE id = $1`, [open.id]);
    await ana.query(`UPDATE jobs SET status = 'open', closed_at = NULL WHERE id = $1`, [closed.id]);
    const rows = await db.query(
      `SELECT id, technician, status, db_role, changed_role FROM jobs WHERE id = ANY($1) ORDER BY opened_at`,
      [[closed.id, open.id]],
    );
    expect(rows.rows).toEqual([
      { id: closed.id, technician: 'Ana', status: 'open', db_role: role.ana, changed_role: role.ana },
      { id: open.id, technician: 'Ana', status: 'closed', db_role: role.ana, changed_role: role.fred },
    ]);
  });

  it('cannot forge who made or changed a row, on insert or on update', async () => {
    const vin = nextVin();
    const entry = randomUUID();
    await insertAudit(ben, vin, new Date(), entry, true);
    // Through the shared group role the session is still Ben's.
    const viaGroup = randomUUID();
    await ben.query(`SET ROLE "${db.name}_technicians"`);
    try {
      await insertAudit(ben, vin, new Date(), viaGroup);
    } finally {
      await ben.query('RESET ROLE');
    }
    const stored = await db.query(
      `SELECT db_role, received_at > now() - interval '1 minute' AS fresh FROM audit_entries
        WHERE id = ANY($1) ORDER BY id = $2 DESC`,
      [[entry, viaGroup], entry],
    );
    expect(stored.rows).toEqual([
      { db_role: role.ben, fresh: true },
      { db_role: role.ben, fresh: true },
    ]);

    await ben.query(
      `INSERT INTO shop_vehicles (garage_id, vin, added_by, db_role, changed_role) VALUES ('shop', $1, 'Ana', $2, $2)`,
      [vin, role.ana],
    );
    await ana.query(`UPDATE shop_vehicles SET plate = 'P', changed_role = $2 WHERE vin = $1`, [
      vin,
      role.alice,
    ]);
    await refuses(ben, `UPDATE shop_vehicles SET db_role = $2 WHERE vin = $1`, [vin, role.ana]);
    const vehicle = await db.query(`SELECT db_role, changed_role FROM shop_vehicles WHERE vin = $1`, [vin]);
    expect(vehicle.rows).toEqual([{ db_role: role.ben, changed_role: role.ana }]);

    const job = randomUUID();
    await ben.query(
      `INSERT INTO jobs (id, garage_id, vin, repair_order, technician, db_role, changed_role)
       VALUES ($1, 'shop', $2, 'RO-FORGED', 'Ana', $3, $3)`,
      [job, vin, role.ana],
    );
    // Ben's own job: still not his to hand to Ana.
    await refuses(ben, `UPDATE jobs SET db_role = $2 WHERE id = $1`, [job, role.ana]);
    await ben.query(`UPDATE jobs SET complaint = 'rattle', changed_role = $2 WHERE id = $1`, [job, role.ana]);
    const jobRow = await db.query(`SELECT db_role, changed_role FROM jobs WHERE id = $1`, [job]);
    expect(jobRow.rows).toEqual([{ db_role: role.ben, changed_role: role.ben }]);
  });

  it("cannot release, extend or re-own a colleague's claim; a take-over is recorded, a foreman may release", async () => {
    const vin = nextVin();
    await ana.query(
      `INSERT INTO claims (garage_id, vin, claimed_by, since, expires_at)
       VALUES ('shop', $1, 'Ana', '2000-01-01', now() + interval '1 hour')`,
      [vin],
    );
    const active = `garage_id = 'shop' AND vin = '${vin}' AND ended_at IS NULL`;
    await refuses(
      ben,
      `UPDATE claims SET ended_at = now(), ended_by = 'Ana', end_reason = 'released' WHERE ${active}`,
    );
    await refuses(ben, `UPDATE claims SET expires_at = now() + interval '20 hours' WHERE ${active}`);
    await refuses(ben, `UPDATE claims SET db_role = $1 WHERE ${active}`, [role.ben]);
    await refuses(ben, `UPDATE claims SET ended_at = now(), end_reason = 'expired' WHERE ${active}`);
    // A claim runs from the server's now, for at most a day.
    await expect(
      ben.query(
        `INSERT INTO claims (garage_id, vin, claimed_by, expires_at) VALUES ('shop', $1, 'Ben', now() + interval '30 days')`,
        [nextVin()],
      ),
    ).rejects.toMatchObject({ code: '23514' });
    const since = await db.query(
      `SELECT since > now() - interval '1 minute' AS now FROM claims WHERE vin = $1`,
      [vin],
    );
    expect(since.rows).toEqual([{ now: true }]);
    // The front desk neither claims nor takes over.
    await refuses(
      dana,
      `UPDATE claims SET ended_at = now(), ended_by = 'Dana', end_reason = 'taken_over' WHERE ${active}`,
    );
    await refuses(
      dana,
      `INSERT INTO claims (garage_id, vin, claimed_by, expires_at) VALUES ('shop', $1, 'Dana', now() + interval '1 hour')`,
      [nextVin()],
    );
    // A take-over, typed as Ana's with Ana's role: the server records Ben's.
    await ben.query(
      `UPDATE claims SET ended_at = now(), ended_by = 'Ana', end_reason = 'taken_over', changed_role = $1,
              ended_role = $1 WHERE ${active}`,
      [role.ana],
    );
    const ended = await db.query(
      `SELECT claimed_by, db_role, changed_role, ended_role, end_reason FROM claims WHERE vin = $1`,
      [vin],
    );
    expect(ended.rows).toEqual([
      {
        claimed_by: 'Ana',
        db_role: role.ana,
        changed_role: role.ben,
        ended_role: role.ben,
        end_reason: 'taken_over',
      },
    ]);
    // A foreman releases a technician's claim.
    await ben.query(
      `INSERT INTO claims (garage_id, vin, claimed_by, expires_at) VALUES ('shop', $1, 'Ben', now() + interval '1 hour')`,
      [vin],
    );
    await fred.query(
      `UPDATE claims SET ended_at = now(), ended_by = 'Fred', end_reason = 'released' WHERE ${active}`,
    );
    const released = await db.query(`SELECT ended_role FROM claims WHERE vin = $1 AND db_role = $2`, [
      vin,
      role.ben,
    ]);
    expect(released.rows).toEqual([{ ended_role: role.fred }]);
  });

  it('cannot delete a template: it is removed by marking, by the roles that edit templates', async () => {
    const id = randomUUID();
    await ana.query(
      `INSERT INTO telemetry_templates (id, garage_id, name, fields, created_by) VALUES ($1, 'shop', 'Ana''s', '{}', 'Ana')`,
      [id],
    );
    await expect(ben.query(`DELETE FROM telemetry_templates WHERE id = $1`, [id])).rejects.toMatchObject(
      refused,
    );
    await expect(ana.query(`DELETE FROM telemetry_templates WHERE id = $1`, [id])).rejects.toMatchObject(
      refused,
    );
    await refuses(ben, `TRUNCATE telemetry_templates`);
    // Not even the owner deletes one: the other machines would never learn of it.
    const owner = await connect(db.owner);
    await expect(owner.query(`DELETE FROM telemetry_templates WHERE id = $1`, [id])).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('removed by marking it'),
    });
    await refuses(
      dana,
      `UPDATE telemetry_templates SET removed_at = now(), removed_by = 'Dana' WHERE id = $1`,
      [id],
    );
    await ben.query(`UPDATE telemetry_templates SET removed_at = now(), removed_by = 'Ben' WHERE id = $1`, [
      id,
    ]);
    const row = await db.query(
      `SELECT db_role, changed_role, removed_at IS NOT NULL AS removed FROM telemetry_templates WHERE id = $1`,
      [id],
    );
    expect(row.rows).toEqual([{ db_role: role.ana, changed_role: role.ben, removed: true }]);
  });

  it('cannot date an entry far ahead of the server, nor into a job closed before it arrived', async () => {
    const vin = nextVin();
    const closed = await jobOf(ana, vin);
    const inside = new Date(Date.parse(closed.openedAt) + 30 * 60_000);
    const forged = randomUUID();
    await expect(insertAudit(ben, vin, inside, forged)).rejects.toMatchObject({
      code: '23VG1',
      detail: forged,
      message: expect.stringContaining(`inside the job of repair order ${closed.repairOrder}`),
    });
    // The opener's own late entry is refused too: the record exported at the close stays true.
    await expect(insertAudit(ana, vin, inside)).rejects.toMatchObject({ code: '23VG1' });
    const ahead = randomUUID();
    await expect(insertAudit(ben, vin, new Date(Date.now() + 20 * 60_000), ahead)).rejects.toMatchObject({
      code: 'VGA02',
      detail: ahead,
      message: expect.stringContaining("this machine's clock runs fast"),
    });
    // Late but in no closed job (a machine that was away sends its queue), and a little ahead: taken.
    await insertAudit(ben, vin, new Date(Date.now() - 5 * 3_600_000));
    await insertAudit(ben, vin, new Date(Date.now() + 60_000));
    const count = await db.query(`SELECT count(*)::int AS n FROM audit_entries WHERE vin = $1`, [vin]);
    expect(count.rows[0]!['n']).toBe(2);
  });
});

describe('the front desk', () => {
  it('opens jobs and corrects what it took from the customer, but closes none; a technician closes its jobs', async () => {
    const anas = await jobOf(ana, nextVin(), { hoursAgo: 1, open: true });
    await dana.query(
      `UPDATE jobs SET complaint = 'brakes squeal', details = details || '{"complaint":"brakes squeal","customer":"Kim"}'
        WHERE id = $1`,
      [anas.id],
    );
    await refuses(dana, `UPDATE jobs SET status = 'closed', closed_at = now() WHERE id = $1`, [anas.id]);
    await refuses(dana, `UPDATE jobs SET technician = 'Dana' WHERE id = $1`, [anas.id]);
    const desks = await jobOf(dana, nextVin(), { hoursAgo: 1, open: true });
    await refuses(dana, `UPDATE jobs SET status = 'closed', closed_at = now() WHERE id = $1`, [desks.id]);
    await ben.query(`UPDATE jobs SET status = 'closed', closed_at = now() WHERE id = $1`, [desks.id]);
    await expect(
      dana.query(
        `INSERT INTO audit_entries (id, garage_id, time, vin, operation, outcome, technician, machine)
                  VALUES ($1, 'shop', now(), $2, 'command:honk', 'success', 'Dana', 'desk')`,
        [randomUUID(), desks.vin],
      ),
    ).resolves.toMatchObject({ rowCount: 1 });
    const rows = await db.query(
      `SELECT complaint, status, changed_role FROM jobs WHERE id = ANY($1) ORDER BY vin`,
      [[anas.id, desks.id]],
    );
    expect(rows.rows).toEqual([
      { complaint: 'brakes squeal', status: 'open', changed_role: role.dana },
      { complaint: null, status: 'closed', changed_role: role.ben },
    ]);
  });
});

describe('garages of one database', () => {
  it("keeps another garage's rows invisible and unwritable, and the app works in the role's garage", async () => {
    const carlLogin = await db.addTechnician('carl');
    const alice = await connect(await db.addMember('alice2', 'admins'));
    // An admin of the garage "shop" cannot place a role in another garage.
    await refuses(alice, `INSERT INTO shop_members (role_name, garage_id) VALUES ($1, 'north')`, [
      carlLogin.settings.user,
    ]);
    await db.query(`INSERT INTO shop_members (role_name, garage_id) VALUES ($1, 'north')`, [
      carlLogin.settings.user,
    ]);
    const carl = await connect(carlLogin);
    const vin = nextVin();
    await ana.query(`INSERT INTO shop_vehicles (garage_id, vin, added_by) VALUES ('shop', $1, 'Ana')`, [vin]);
    await insertAudit(ana, vin, new Date());
    await carl.query(`INSERT INTO shop_vehicles (garage_id, vin, added_by) VALUES ('north', $1, 'Carl')`, [
      vin,
    ]);
    for (const table of [
      'shop_vehicles',
      'audit_entries',
      'claims',
      'jobs',
      'telemetry_templates',
      'shop_members',
    ]) {
      const seen = await carl.query<{ garage_id: string }>(`SELECT DISTINCT garage_id FROM ${table}`);
      expect(
        seen.rows.filter((row) => row.garage_id !== 'north'),
        table,
      ).toEqual([]);
    }
    const fromShop = await ana.query(`SELECT garage_id FROM shop_vehicles WHERE vin = $1`, [vin]);
    expect(fromShop.rows).toEqual([{ garage_id: 'shop' }]);
    await expect(insertAudit(carl, vin, new Date())).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('row-level security'),
    });
    await refuses(
      carl,
      `INSERT INTO jobs (id, garage_id, vin, repair_order, technician) VALUES ($1, 'shop', $2, 'RO-N', 'Carl')`,
      [randomUUID(), vin],
    );
    await refuses(carl, `UPDATE shop_vehicles SET garage_id = 'shop' WHERE vin = $1`, [vin]);
    const touched = await carl.query(`UPDATE shop_vehicles SET nickname = 'x' WHERE garage_id = 'shop'`);
    expect(touched.rowCount).toBe(0);
    await refuses(carl, `UPDATE shop_members SET garage_id = 'shop' WHERE role_name = current_user`);

    const app = await openShop({ settings: carlLogin.settings, getPassword: carlLogin.getPassword });
    try {
      expect(app.garageId).toBe('north');
      expect((await app.vehicles.list()).map((vehicle) => vehicle.addedBy)).toEqual(['Carl']);
    } finally {
      await app.close();
    }
  });
});
