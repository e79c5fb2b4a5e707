// Remote start in a shop, three machines on one real database: with the policy keeping it to
// foremen, a technician's remote start is refused before anything reaches the service, in words that
// say who may, and the refusal lands in the shop's log; she asks instead, the foreman approves, and
// her two presses of "Send" start the car once: the command is audited under her name and role, the
// car reports keyless driving on, and her open job's record lists it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';
import { waitFor } from '../support/wait-for';
import { approvalHeard, startPolicyShop, type PolicyShop } from './support/policy-shop';
import { SHOP_WAIT } from './support/wait';

let shop: PolicyShop;

const REFUSAL = 'Only a foreman or an admin may start a car remotely in this shop.';

const remoteStarts = (h: CoreHarness) =>
  h.simulator.requests.filter((request) => request.path.endsWith('/command/remote_start')).length;

beforeAll(async () => {
  shop = await startPolicyShop('remote_start');
  expect(
    await shop.alice.garage.policy.save([{ action: 'remote_start', roles: ['foreman'], bulkMax: null }]),
  ).toMatchObject({ ok: true });
}, 120_000);

afterAll(() => shop?.close());

it("refuses a technician's remote start before anything is sent, records it, and sends it once approved", async () => {
  const { db, ana, fred, anaRole } = shop;
  const vin = ana.simulator.vins[0]!;
  ana.simulator.setVehicleState(vin, { sleepState: 'awake', asleepSince: null, flakiness: 0 });
  const opened = await ana.garage.jobs.open(vin, { repairOrder: 'RO-KEYLESS' });
  if (!opened.ok) throw new Error(opened.error.message);

  // Refused in the shop's words, nothing sent, the refusal in the shop's log under her role.
  expect(await sendCommand(ana, vin, 'remote_start')).toEqual({
    ok: false,
    error: { kind: 'policy_refused', message: REFUSAL },
  });
  expect(remoteStarts(ana)).toBe(0);
  const refusal = await waitFor(
    async () => {
      const found = await db.query<{ db_role: string; technician: string; outcome: string; reason: string }>(
        `SELECT db_role, technician, outcome, reason FROM audit_entries
          WHERE operation = 'policy:refused' AND params ->> 'action' = 'remote_start' AND vin = $1`,
        [vin],
      );
      return found.rows[0];
    },
    'the refusal in the shop log',
    SHOP_WAIT,
  );
  expect(refusal).toEqual({
    db_role: anaRole,
    technician: 'Ana',
    outcome: 'not-sent',
    reason: `Refused by the shop policy: ${REFUSAL}`,
  });

  // She asks; the foreman approves on his machine; her two presses send it once.
  const approvedOnAna = approvalHeard(
    ana,
    (request) => request.vin === vin && request.status === 'approved',
    'the approval on the technician’s machine',
  );
  const asked = await ana.garage.approvals.ask('Customer test drive, keys at the desk', [
    vin,
    'remote_start',
    {},
  ]);
  expect(asked).toMatchObject({ ok: true, value: { status: 'pending', action: 'remote_start' } });
  const id = asked.ok ? asked.value.id : '';
  const pending = await waitFor(
    async () => {
      const listed = await fred.garage.approvals.list();
      return listed.ok && listed.value.requests.some((request) => request.id === id);
    },
    'the request on the foreman’s machine',
    SHOP_WAIT,
  );
  expect(pending).toBe(true);
  expect(await fred.garage.approvals.decide(id, true, 'Plates checked')).toMatchObject({ ok: true });
  await approvedOnAna;
  const presses = await Promise.all([
    ana.garage.runs.startApprovedCommand(id),
    ana.garage.runs.startApprovedCommand(id),
  ]);
  const started = presses.filter((press) => press.ok);
  expect(started).toHaveLength(1);
  const run = await ana.core.runs.whenDone(started[0]!.ok ? started[0]!.value.id : '');
  expect(run.items[0]).toMatchObject({
    status: 'succeeded',
    effect: { confirmed: true, text: 'now keyless driving on, was keyless driving off' },
  });
  expect(remoteStarts(ana)).toBe(1);
  expect(ana.simulator.vehicleState(vin).remoteStartUntil).not.toBeNull();

  // Audited under her name and role, in the shop's log…
  const sent = await waitFor(
    async () => {
      const found = await db.query<{ db_role: string; technician: string; outcome: string }>(
        `SELECT db_role, technician, outcome FROM audit_entries
          WHERE operation = 'command:remote_start' AND vin = $1`,
        [vin],
      );
      return found.rows[0];
    },
    'the command in the shop log',
    SHOP_WAIT,
  );
  expect(sent).toEqual({ db_role: anaRole, technician: 'Ana', outcome: 'success' });
  // …and in the record of her open job.
  const record = await ana.garage.jobs.record(opened.value.id);
  if (!record.ok) throw new Error(record.error.message);
  expect(record.value.actions.map((action) => action.entry.operation)).toContain('command:remote_start');
}, 60_000);
