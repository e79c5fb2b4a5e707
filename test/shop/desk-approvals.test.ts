// The two-person rule at one shared desk (one OS account, one data folder), against the real
// PostgreSQL: an admin sets the policy, a technician asks, a foreman signs in at the same desk and
// approves, and the technician sends it once; the shop's records name each person and their role.
// Signing in again does not make a technician their own approver, and a request is sent only by
// the person who asked, not by whoever sits at the desk after them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import type { Result } from '../../electron/shared/result';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { waitFor } from '../support/wait-for';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { SHOP_BACKOFF } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

let db: TestDatabase;
let ana: Login;
let ben: Login;
let fred: Login;
let alice: Login;
let desk: CoreHarness;
let requestId: string;
let vin: string;
let driver: string;

const roleOf = (login: Login) => login.settings.user!;

async function signIn(login: Login) {
  const answer = await desk.garage.desk.signIn(roleOf(login), login.password);
  expect(answer).toMatchObject({ ok: true, value: { state: 'signed-in', person: { role: roleOf(login) } } });
  // Policy and requests are read from the database: wait until this person's session is online.
  await waitFor(async () => (await desk.garage.policy.get()).ok, `${roleOf(login)} online`, SHOP_WAIT);
}

async function signOut() {
  expect(await desk.garage.desk.signOut()).toMatchObject({ ok: true, value: { state: 'signed-out' } });
}

const driverDeletes = () =>
  desk.simulator.requests.filter((request) => request.route === 'driver_delete' && request.vin === vin)
    .length;

beforeAll(async () => {
  db = await createTestDatabase('deskapprove');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  ana = await db.addTechnician('ana');
  ben = await db.addTechnician('ben');
  fred = await db.addMember('fred', 'foremen');
  alice = await db.addMember('alice', 'admins');
  await db.query(`COMMENT ON ROLE "${roleOf(ana)}" IS 'Ana Lopez'`);
  await db.query(`COMMENT ON ROLE "${roleOf(fred)}" IS 'Fred Meyer'`);
  desk = await startCoreHarness({ shopBackoff: SHOP_BACKOFF });
  const { host, port, database } = ana.settings;
  const configured = await desk.garage.shop.configure('demo', {
    mode: 'shop',
    connection: { host: host!, port: port!, database: database!, user: roleOf(ana), sslmode: 'disable' },
    technician: 'Front PC',
    machine: 'bay-desk',
    desk: { enabled: true, lockMinutes: 30 },
  });
  expect(configured).toMatchObject({ ok: true });
  vin = desk.simulator.vins.find((one) => desk.simulator.vehicleState(one).drivers.length > 0)!;
  driver = desk.simulator.vehicleState(vin).drivers[0]!.userId;
}, 120_000);

afterAll(async () => {
  await desk?.close();
});

describe('approvals at one shared desk', () => {
  it('takes the policy from the admin signed in there', async () => {
    await signIn(alice);
    const saved = await desk.garage.policy.save([
      { action: 'remove_driver', roles: ['foreman'], bulkMax: null },
    ]);
    expect(saved).toMatchObject({ ok: true });
    await signOut();
  });

  it("records Ana's request under her, and she cannot approve it herself, however often she signs in", async () => {
    await signIn(ana);
    expect(await desk.garage.vehicles.removeDriver(vin, driver)).toMatchObject({
      ok: false,
      error: { kind: 'policy_refused' },
    });
    const asked = await desk.garage.approvals.askFor('Sold the car', {
      kind: 'remove_driver',
      vin,
      userId: driver,
    });
    if (!asked.ok) throw new Error(asked.error.message);
    requestId = asked.value.id;
    expect(asked.value).toMatchObject({ status: 'pending', mine: true });
    expect(await desk.garage.approvals.decide(requestId, true, 'Mine anyway')).toMatchObject({ ok: false });
    await signOut();
    // Signed in as herself again, on the same desk: still not her own approver.
    await signIn(ana);
    expect(await desk.garage.approvals.decide(requestId, true, 'Me again')).toMatchObject({ ok: false });
    await signOut();
    const row = await db.query(`SELECT status, technician, db_role FROM shop_requests WHERE id = $1`, [
      requestId,
    ]);
    expect(row.rows).toEqual([{ status: 'pending', technician: 'Ana Lopez', db_role: roleOf(ana) }]);
  });

  it('lets the foreman who signs in after her approve it, under his name and role', async () => {
    await signIn(fred);
    const decided = await desk.garage.approvals.decide(requestId, true, 'Checked, go ahead');
    expect(decided).toMatchObject({ ok: true, value: { status: 'approved', decidedName: 'Fred Meyer' } });
    await signOut();
    const row = await db.query(
      `SELECT status, decided_role, decided_name, decision_note FROM shop_requests WHERE id = $1`,
      [requestId],
    );
    expect(row.rows).toEqual([
      {
        status: 'approved',
        decided_role: roleOf(fred),
        decided_name: 'Fred Meyer',
        decision_note: 'Checked, go ahead',
      },
    ]);
  });

  it('does not let Ben, signed in after them, send what Ana asked for', async () => {
    await signIn(ben);
    expect(await desk.garage.approvals.perform(requestId)).toMatchObject({ ok: false });
    expect(driverDeletes()).toBe(0);
    await signOut();
    const row = await db.query(`SELECT status FROM shop_requests WHERE id = $1`, [requestId]);
    expect(row.rows).toEqual([{ status: 'approved' }]);
  });

  it('sends it once for Ana, signed in again, with each person and role in the records', async () => {
    await signIn(ana);
    const presses: Result<unknown>[] = await Promise.all([
      desk.garage.approvals.perform(requestId),
      desk.garage.approvals.perform(requestId),
    ]);
    expect(
      presses.filter((press) => press.ok),
      JSON.stringify(presses),
    ).toHaveLength(1);
    expect(driverDeletes()).toBe(1);
    const request = await waitFor(
      async () => {
        const found = await db.query<{ status: string; outcome: string; changed_role: string }>(
          `SELECT status, outcome, changed_role, technician, db_role, decided_role FROM shop_requests WHERE id = $1`,
          [requestId],
        );
        const row = found.rows[0];
        return row && row.status === 'sent' && row;
      },
      'the request sent',
      SHOP_WAIT,
    );
    expect(request).toEqual({
      status: 'sent',
      outcome: 'Done',
      changed_role: roleOf(ana),
      technician: 'Ana Lopez',
      db_role: roleOf(ana),
      decided_role: roleOf(fred),
    });
    const entries = await waitFor(
      async () => {
        const found = await db.query<{
          operation: string;
          technician: string;
          db_role: string;
          reason: string;
        }>(
          `SELECT operation, technician, db_role, reason FROM audit_entries
            WHERE vin = $1 AND operation IN ('removeDriver', 'policy:approved') ORDER BY operation`,
          [vin],
        );
        return found.rows.length === 2 && found.rows;
      },
      "the write and the approval in the shop's log",
      SHOP_WAIT,
    );
    expect(entries).toEqual([
      {
        operation: 'policy:approved',
        technician: 'Ana Lopez',
        db_role: roleOf(ana),
        reason: `Remove driver ${driver}, asked because “Sold the car”, approved by Fred Meyer (“Checked, go ahead”): Done`,
      },
      { operation: 'removeDriver', technician: 'Ana Lopez', db_role: roleOf(ana), reason: null },
    ]);
    // Pressed again later: sent once.
    expect(await desk.garage.approvals.perform(requestId)).toMatchObject({ ok: false });
    expect(driverDeletes()).toBe(1);
    await signOut();
  });
});
