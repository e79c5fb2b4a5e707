// The two-person rule for every action the policy may keep from a role, through the app's core:
// three machines on one real database. For a driver's removal, an invitation, a telemetry
// configuration written or deleted, a bulk command over the limit and a template roll-out, the
// technician is refused, asks for the exact plan, the foreman approves it on another machine, and
// two presses of Send at once carry it out once, as approved (the cars and the template's fields
// of the plan, not what the template holds later); a declined or an expired request carries out
// nothing, in the catalog's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarNotice } from '../../electron/main/reactions/car-alert-notices';
import { openShop } from '../../electron/main/shop/shop-db';
import type { ApprovalAskInput } from '../../electron/shared/ipc/api';
import type { GarageEvent } from '../../electron/shared/events';
import type { Result } from '../../electron/shared/result';
import type { PolicyRule } from '../../electron/shared/shop-policy';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { matching, waitFor } from '../support/wait-for';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { coreEvents, joinShop } from './support/join-shop';
import { SHOP_WAIT } from './support/wait';

let db: TestDatabase;
let ana: CoreHarness;
let fred: CoreHarness;
let alice: CoreHarness;
const toldFred: CarNotice[] = [];

/** The requests Ana's service received on `route`, to `vin` if given. */
const received = (route: string, vin?: string) =>
  ana.simulator.requests.filter((r) => r.route === route && (vin === undefined || r.vin === vin)).length;
const honks = (vin: string) =>
  ana.simulator.requests.filter((r) => r.vin === vin && r.path.endsWith('/command/honk')).length;

/** Cars of Ana's demo fleet that are awake (a bulk command skips the others). */
const awake = () =>
  ana.simulator.vins.filter((vin) => ana.simulator.vehicleState(vin).sleepState === 'awake');

const recorded = (id: string) =>
  waitFor(
    async () => {
      const found = await db.query<{
        status: string;
        outcome: string;
        decision_note: string;
        reason: string;
      }>(`SELECT status, outcome, decision_note, reason FROM shop_requests WHERE id = $1`, [id]);
      const row = found.rows[0];
      return row && (row.status === 'sent' || row.status === 'failed') && row;
    },
    'the outcome recorded with the request',
    SHOP_WAIT,
  );

/** Ana asks for `ask`; Fred approves it from his machine (once `seen`, when given, holds). */
async function askedAndApproved(
  ask: ApprovalAskInput,
  reason: string,
  seen?: () => Promise<unknown>,
): Promise<string> {
  const asked = await ana.garage.approvals.askFor(reason, ask);
  if (!asked.ok) throw new Error(asked.error.message);
  expect(asked.value).toMatchObject({ status: 'pending', mine: true, reason });
  await seen?.();
  const decided = await fred.garage.approvals.decide(asked.value.id, true, 'Checked, go ahead');
  expect(decided).toMatchObject({ ok: true, value: { status: 'approved', decidedName: 'Fred' } });
  return asked.value.id;
}

/** Two presses of Send at once: exactly one is carried out. */
async function pressedTwice<T>(send: () => Promise<Result<T>>): Promise<T> {
  const presses = await Promise.all([send(), send()]);
  const done = presses.filter((press) => press.ok);
  expect(done, JSON.stringify(presses)).toHaveLength(1);
  expect(presses.find((press) => !press.ok)).toMatchObject({ ok: false });
  return (done[0] as { ok: true; value: T }).value;
}

beforeAll(async () => {
  db = await createTestDatabase('approval_plans_core');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const fredLogin = await db.addMember('fred', 'foremen');
  const aliceLogin = await db.addMember('alice', 'admins');
  [ana, fred, alice] = await Promise.all([
    startCoreHarness(),
    startCoreHarness({ notify: (notice) => toldFred.push(notice), windowFocused: () => false }),
    startCoreHarness(),
  ]);
  await joinShop(ana, anaLogin, 'Ana', 'bay 1');
  await joinShop(fred, fredLogin, 'Fred', 'office');
  await joinShop(alice, aliceLogin, 'Alice', 'front');
  const rules: PolicyRule[] = [
    ...(
      ['remove_driver', 'invitation', 'telemetry_write', 'telemetry_delete', 'template_rollout'] as const
    ).map((action) => ({ action, roles: ['foreman' as const], bulkMax: null })),
    { action: 'bulk', roles: ['foreman'], bulkMax: 1 },
  ];
  const saved = await alice.garage.policy.save(rules);
  expect(saved).toMatchObject({ ok: true });
}, 120_000);

afterAll(async () => {
  await Promise.all([ana?.close(), fred?.close(), alice?.close()]);
});

describe('a write asked for, approved and carried out once', () => {
  it('removes the driver approved, once, and tells the foreman once', async () => {
    const vin = ana.simulator.vins.find((one) => ana.simulator.vehicleState(one).drivers.length > 0)!;
    const driver = ana.simulator.vehicleState(vin).drivers[0]!;
    const refused = await ana.garage.vehicles.removeDriver(vin, driver.userId);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'policy_refused',
        message: 'Only a foreman or an admin may remove drivers in this shop.',
      },
    });
    expect(received('driver_delete')).toBe(0);
    const heard = waitFor(
      matching(
        (e: GarageEvent) =>
          e.type === 'approval.changed' &&
          e.request.action === 'remove_driver' &&
          e.request.status === 'pending' &&
          e.mayDecide,
      ),
      'the request on the foreman’s machine',
      { ...SHOP_WAIT, wakeOn: coreEvents(fred) },
    );
    // Fred's machine hears the request while it waits for him (and tells him), then he approves it.
    const id = await askedAndApproved(
      { kind: 'remove_driver', vin, userId: driver.userId },
      'Sold the car',
      () => heard,
    );
    expect(await heard).toMatchObject({
      request: { id, plan: { kind: 'remove_driver', userId: driver.userId } },
    });
    const notice = await waitFor(
      () => toldFred.find((told) => told.body.includes(`Remove driver ${driver.userId}`)),
      'the notification on the foreman’s machine',
      SHOP_WAIT,
    );
    expect(notice.body).toBe(
      `Ana asks for approval: Remove driver ${driver.userId} on ${notice.body.split(' on ')[1]}`,
    );
    expect(toldFred.filter((told) => told.body.includes(`Remove driver ${driver.userId}`))).toHaveLength(1);

    expect(await pressedTwice(() => ana.garage.approvals.perform(id))).toEqual({ kind: 'remove_driver' });
    expect(received('driver_delete', vin)).toBe(1);
    expect(ana.simulator.vehicleState(vin).drivers.map((d) => d.userId)).not.toContain(driver.userId);
    expect(await recorded(id)).toMatchObject({
      status: 'sent',
      outcome: 'Done',
      decision_note: 'Checked, go ahead',
      reason: 'Sold the car',
    });
    // Pressed again later: refused in the catalog's words, nothing more sent.
    expect(await ana.garage.approvals.perform(id)).toMatchObject({
      ok: false,
      error: { message: 'This request was already sent; it is sent once.' },
    });
    expect(received('driver_delete', vin)).toBe(1);
    // The write is in the shop's log under Ana's role, as every write is, once uploaded.
    const logged = async () =>
      (
        await db.query(`SELECT technician FROM audit_entries WHERE vin = $1 AND operation = 'removeDriver'`, [
          vin,
        ])
      ).rows;
    await waitFor(async () => (await logged()).length > 0, 'the write uploaded', SHOP_WAIT);
    expect(await logged()).toEqual([{ technician: 'Ana' }]);
    // …and beside it, the request carried out: what, why, who approved with which note, and how it went.
    const approvedEntry = await waitFor(
      async () => {
        const found = await db.query<{ outcome: string; reason: string; technician: string }>(
          `SELECT outcome, reason, technician FROM audit_entries WHERE vin = $1 AND operation = 'policy:approved'`,
          [vin],
        );
        return found.rows[0];
      },
      'the approval in the shop log',
      SHOP_WAIT,
    );
    expect(approvedEntry).toEqual({
      outcome: 'success',
      technician: 'Ana',
      reason: `Remove driver ${driver.userId}, asked because “Sold the car”, approved by Fred (“Checked, go ahead”): Done`,
    });
  });

  it('creates the invitation approved, once', async () => {
    const vin = ana.simulator.vins[1]!;
    expect(await ana.garage.vehicles.createInvitation(vin, {})).toMatchObject({
      ok: false,
      error: { kind: 'policy_refused' },
    });
    const id = await askedAndApproved({ kind: 'invitation', vin }, 'New owner’s partner');
    const made = await pressedTwice(() => ana.garage.approvals.perform(id));
    expect(made).toMatchObject({ kind: 'invitation', invitation: { id_s: expect.any(String) } });
    expect(received('invitation_create', vin)).toBe(1);
    expect(await recorded(id)).toMatchObject({ status: 'sent' });
  });

  it('writes the telemetry configuration approved, and deletes one, each once', async () => {
    const vin = ana.simulator.vins[2]!;
    const fields = { Gear: { interval_seconds: 7 } };
    const writeId = await askedAndApproved({ kind: 'telemetry_write', vin, fields }, 'Diagnose the gearbox');
    await pressedTwice(() => ana.garage.approvals.perform(writeId));
    const writes = ana.simulator.requests.filter((r) => r.route === 'fleet_telemetry_config_write');
    expect(writes).toHaveLength(1);
    expect(writes[0]!.body).toContain('"interval_seconds":7');
    const deleteId = await askedAndApproved({ kind: 'telemetry_delete', vin }, 'Done diagnosing');
    await pressedTwice(() => ana.garage.approvals.perform(deleteId));
    expect(received('fleet_telemetry_config_delete', vin)).toBe(1);
  });
});

describe('a bulk command and a roll-out carry out the plan approved', () => {
  it('sends a bulk command over the limit once, to the cars approved', async () => {
    const vins = awake().slice(0, 2);
    const refused = await ana.garage.runs.startBulkCommand({
      command: { name: 'honk', options: {} },
      items: vins.map((vin) => ({ vin })),
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { message: 'Only a foreman or an admin may run a bulk command over 2 cars in this shop.' },
    });
    const id = await askedAndApproved(
      { kind: 'bulk', command: { name: 'honk', options: {} }, vins },
      'Find the cars',
    );
    // A roll-out's Send is not a bulk command's; the request stays approved.
    expect(await ana.garage.approvals.perform(id)).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    const run = await pressedTwice(() => ana.garage.runs.startApprovedCommand(id));
    const done = await ana.core.runs.whenDone(run.id);
    expect(done.items.map((item) => item.vin).sort()).toEqual([...vins].sort());
    for (const vin of vins) expect(honks(vin)).toBe(1);
    expect(ana.simulator.requests.filter((r) => r.path.endsWith('/command/honk'))).toHaveLength(2);
    expect(await recorded(id)).toMatchObject({ status: 'sent', outcome: '2 of 2 cars done' });
  });

  it('rolls out the template’s fields as approved, not as the template holds them later', async () => {
    const approvedFields = { Gear: { interval_seconds: 11 } };
    expect(
      await ana.garage.templates.save({ name: 'Approved fleet', fields: approvedFields, notes: '' }),
    ).toMatchObject({ ok: true });
    const vins = ana.simulator.vins.slice(3, 5);
    const before = ana.simulator.requests.filter((r) => r.route === 'fleet_telemetry_config_write').length;
    const id = await askedAndApproved(
      { kind: 'template_rollout', template: 'Approved fleet', vins },
      'Fleet check',
    );
    // The template changes after the approval: the roll-out still writes what was approved.
    await ana.garage.templates.save({
      name: 'Approved fleet',
      fields: { Gear: { interval_seconds: 99 } },
      notes: '',
    });
    const run = await pressedTwice(() => ana.garage.runs.startApprovedCommand(id));
    const done = await ana.core.runs.whenDone(run.id);
    expect(done.items.map((item) => item.vin).sort()).toEqual([...vins].sort());
    const writes = ana.simulator.requests
      .filter((r) => r.route === 'fleet_telemetry_config_write')
      .slice(before);
    expect(writes.map((r) => r.vin).sort()).toEqual([...vins].sort());
    for (const write of writes) {
      expect(write.body).toContain('"interval_seconds":11');
      expect(write.body).not.toContain('"interval_seconds":99');
    }
    expect(await recorded(id)).toMatchObject({ status: 'sent' });
  });
});

describe('a request not approved', () => {
  it('declined, or expired, carries out nothing, in the catalog’s words', async () => {
    const vin = ana.simulator.vins[4]!;
    const asked = await ana.garage.approvals.askFor('Customer wants a key', { kind: 'invitation', vin });
    if (!asked.ok) throw new Error(asked.error.message);
    expect(
      await fred.garage.approvals.decide(asked.value.id, false, 'Needs the owner present'),
    ).toMatchObject({
      ok: true,
      value: { status: 'declined' },
    });
    const invitesBefore = received('invitation_create');
    expect(await ana.garage.approvals.perform(asked.value.id)).toEqual({
      ok: false,
      error: { kind: 'rejected', message: 'This request was declined; ask again.' },
    });
    const deleteId = await askedAndApproved({ kind: 'telemetry_delete', vin }, 'Clear it');
    await db.query(`UPDATE shop_requests SET expires_at = now() - interval '2 minutes' WHERE id = $1`, [
      deleteId,
    ]);
    expect(await ana.garage.approvals.perform(deleteId)).toEqual({
      ok: false,
      error: { kind: 'rejected', message: 'This request expired 2 minutes ago; ask again.' },
    });
    const bulkId = await askedAndApproved(
      { kind: 'bulk', command: { name: 'honk', options: {} }, vins: awake().slice(0, 2) },
      'Find them again',
    );
    await db.query(`UPDATE shop_requests SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      bulkId,
    ]);
    const honksBefore = ana.simulator.requests.filter((r) => r.path.endsWith('/command/honk')).length;
    expect(await ana.garage.runs.startApprovedCommand(bulkId)).toMatchObject({
      ok: false,
      error: { kind: 'rejected' },
    });
    expect(ana.simulator.requests.filter((r) => r.path.endsWith('/command/honk'))).toHaveLength(honksBefore);
    expect(received('invitation_create')).toBe(invitesBefore);
    expect(received('fleet_telemetry_config_delete', vin)).toBe(0);
  });
});
