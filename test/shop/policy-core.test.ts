// The shop's policy through the app's core, three machines on one real database: an admin sets the
// policy in the app (a foreman cannot), a technician's unlock, invitation and bulk command over the
// limit are refused before anything reaches the service, in words that say who may, and each
// refusal lands in the shop's log; then the two-person rule: the technician asks, the foreman hears
// it live and approves, and the technician's two presses of "Send" send the command once, the
// request keeping its approval and outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarNotice } from '../../electron/main/reactions/car-alert-notices';
import type { GarageEvent } from '../../electron/shared/events';
import type { CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';
import { matching, waitFor } from '../support/wait-for';
import type { TestDatabase } from './support/pg';
import { coreEvents } from './support/join-shop';
import { approvalHeard, startPolicyShop, type PolicyShop } from './support/policy-shop';
import { SHOP_WAIT } from './support/wait';

let shop: PolicyShop;
let db: TestDatabase;
let ana: CoreHarness;
let fred: CoreHarness;
let alice: CoreHarness;
let anaRole: string;
const toldFred: CarNotice[] = [];

const events = coreEvents;

/** The shop's entries refusing `action`, as the database holds them. */
const refusals = (action: string) =>
  db.query<{ vin: string; db_role: string; technician: string; outcome: string; reason: string }>(
    `SELECT vin, db_role, technician, outcome, reason FROM audit_entries
      WHERE operation = 'policy:refused' AND params ->> 'action' = $1`,
    [action],
  );

const commandsSent = (h: CoreHarness, name: string) =>
  h.simulator.requests.filter((request) => request.path.endsWith(`/command/${name}`)).length;

beforeAll(async () => {
  // The foreman's app records the system notifications main asks for (its window not in front).
  shop = await startPolicyShop('policy_core', {
    notify: (notice) => toldFred.push(notice),
    windowFocused: () => false,
  });
  ({ db, ana, fred, alice, anaRole } = shop);
}, 120_000);

afterAll(() => shop?.close());

describe('the policy, set by an admin in the app', () => {
  it('is saved by an admin and refused to a foreman', async () => {
    const saved = await alice.garage.policy.save([
      { action: 'unlock', roles: ['foreman'], bulkMax: null },
      { action: 'invitation', roles: ['foreman'], bulkMax: null },
      { action: 'bulk', roles: ['foreman'], bulkMax: 2 },
    ]);
    expect(saved).toMatchObject({ ok: true, value: { group: 'admin', mayEdit: true } });
    const byFred = await fred.garage.policy.save([
      { action: 'unlock', roles: ['technician'], bulkMax: null },
    ]);
    expect(byFred).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await fred.garage.policy.get()).toMatchObject({
      ok: true,
      value: {
        group: 'foreman',
        mayEdit: false,
        rules: expect.arrayContaining([{ action: 'unlock', roles: ['foreman'], bulkMax: null }]),
      },
    });
  });

  it("refuses a technician's unlock before anything is sent, saying who may, and records it", async () => {
    const vin = ana.simulator.vins[0]!;
    const before = commandsSent(ana, 'unlock');
    const refused = await sendCommand(ana, vin, 'unlock');
    expect(refused).toEqual({
      ok: false,
      error: { kind: 'policy_refused', message: 'Only a foreman or an admin may unlock in this shop.' },
    });
    expect(commandsSent(ana, 'unlock')).toBe(before);
    const rows = await waitFor(
      async () => {
        const found = await refusals('unlock');
        return found.rows.length > 0 && found.rows;
      },
      'the refusal in the shop log',
      SHOP_WAIT,
    );
    expect(rows).toEqual([
      {
        vin,
        db_role: anaRole,
        technician: 'Ana',
        outcome: 'not-sent',
        reason: 'Refused by the shop policy: Only a foreman or an admin may unlock in this shop.',
      },
    ]);
    // The foreman's unlock goes.
    const byFred = await sendCommand(fred, fred.simulator.vins[2]!, 'unlock');
    expect(byFred, JSON.stringify(byFred)).toMatchObject({ ok: true });
  });

  it("refuses a technician's invitation and a bulk command over the limit", async () => {
    const vin = ana.simulator.vins[1]!;
    const invited = await ana.garage.vehicles.createInvitation(vin, {});
    expect(invited).toMatchObject({
      ok: false,
      error: {
        kind: 'policy_refused',
        message: 'Only a foreman or an admin may create invitations in this shop.',
      },
    });
    expect(ana.simulator.requests.some((request) => request.path.includes('invitation'))).toBe(false);
    const items = ana.simulator.vins.slice(0, 3).map((one) => ({ vin: one }));
    const bulk = await ana.garage.runs.startBulkCommand({ command: { name: 'honk', options: {} }, items });
    expect(bulk).toMatchObject({
      ok: false,
      error: {
        kind: 'policy_refused',
        message: 'Only a foreman or an admin may run a bulk command over 3 cars in this shop.',
      },
    });
    expect(commandsSent(ana, 'honk')).toBe(0);
    const two = await ana.garage.runs.startBulkCommand({
      command: { name: 'honk', options: {} },
      items: items.slice(0, 2),
    });
    expect(two).toMatchObject({ ok: true });
    await ana.core.runs.whenDone(two.ok ? two.value.id : '');
  });
});

describe('the two-person rule', () => {
  it('a request asked, approved on another machine and sent once however often Send is pressed', async () => {
    const vin = ana.simulator.vins[2]!;
    const heardByFred = waitFor(
      matching(
        (e: GarageEvent) =>
          e.type === 'approval.changed' &&
          e.request.vin === vin &&
          e.request.status === 'pending' &&
          e.mayDecide,
      ),
      'the request on the foreman’s machine',
      { ...SHOP_WAIT, wakeOn: events(fred) },
    );
    const asked = await ana.garage.approvals.ask('Customer locked the key inside', [vin, 'unlock', {}]);
    expect(asked).toMatchObject({ ok: true, value: { status: 'pending', mine: true, action: 'unlock' } });
    const id = asked.ok ? asked.value.id : '';
    const heard = (await heardByFred) as GarageEvent & { type: 'approval.changed' };
    // …and as a system notification on the foreman's machine, once, opening the car.
    const notice = await waitFor(
      () => toldFred.find((told) => told.target.kind === 'open-vehicle' && told.target.vin === vin),
      'the notification on the foreman’s machine',
      SHOP_WAIT,
    );
    expect(notice).toMatchObject({ title: 'Approval requests' });
    expect(notice.body).toMatch(/^Ana asks for approval: Unlock on /);
    expect(heard.request).toMatchObject({
      id,
      mine: false,
      technician: 'Ana',
      reason: 'Customer locked the key inside',
    });

    // The technician cannot decide, nor send before the approval.
    expect(await ana.garage.approvals.decide(id, true, 'me')).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await ana.garage.runs.startApprovedCommand(id)).toMatchObject({ ok: false });

    const approvedOnAna = approvalHeard(
      ana,
      (request) => request.id === id && request.status === 'approved',
      'the approval on the technician’s machine',
    );
    expect(await fred.garage.approvals.decide(id, true, 'Go ahead, checked the ID')).toMatchObject({
      ok: true,
      value: { status: 'approved', note: 'Go ahead, checked the ID' },
    });
    await approvedOnAna;
    expect(
      toldFred.filter((told) => told.target.kind === 'open-vehicle' && told.target.vin === vin),
    ).toHaveLength(1);

    const before = commandsSent(ana, 'unlock');
    const presses = await Promise.all([
      ana.garage.runs.startApprovedCommand(id),
      ana.garage.runs.startApprovedCommand(id),
    ]);
    const started = presses.filter((press) => press.ok);
    expect(started).toHaveLength(1);
    expect(presses.filter((press) => !press.ok)).toHaveLength(1);
    const run = await ana.core.runs.whenDone(started[0]!.ok ? started[0]!.value.id : '');
    expect(run.items[0]!.status).toBe('succeeded');
    expect(commandsSent(ana, 'unlock')).toBe(before + 1);
    const record = await waitFor(
      async () => {
        const found = await db.query<{
          status: string;
          outcome: string;
          decision_note: string;
          reason: string;
        }>(`SELECT status, outcome, decision_note, reason FROM shop_requests WHERE id = $1`, [id]);
        return found.rows[0]?.status === 'sent' && found.rows[0];
      },
      'the outcome recorded with the request',
      SHOP_WAIT,
    );
    expect(record).toMatchObject({
      decision_note: 'Go ahead, checked the ID',
      reason: 'Customer locked the key inside',
    });
    expect(record.outcome).not.toBe('');
    // Pressed again later: refused, nothing more sent.
    expect(await ana.garage.runs.startApprovedCommand(id)).toMatchObject({ ok: false });
    expect(commandsSent(ana, 'unlock')).toBe(before + 1);
    // The foreman's list shows it, with the technician's request, the approval and the outcome.
    const listed = await fred.garage.approvals.list();
    expect(listed).toMatchObject({ ok: true, value: { mayDecide: true } });
    expect(listed.ok && listed.value.requests.find((request) => request.id === id)).toMatchObject({
      status: 'sent',
      decidedName: 'Fred',
    });
  });
});
