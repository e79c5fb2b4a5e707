// Every command to one car goes through main's one pipeline (runs.startVehicleCommand) against the
// demo simulator over HTTP: a car last seen offline is only sent to once the technician confirms;
// a command that is not sent (the car did not wake, a cancel, it already was so) stays on the
// record with why, in the audit log and the job; "accepted" is not "done" until the state read
// back shows it; the run's end carries the state main read back and its summary of the outcome,
// with a one-click undo for a value; and an offline car stays offline in the list after it.
import { afterEach, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import type { RunChange, RunSnapshot } from '../../electron/shared/runs';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { waitFor } from '../support/wait-for';

const harnesses: CoreHarness[] = [];
// Closing waits for a wake-up still under way at the service to answer (it was sent), 10 s at most.
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
}, 30_000);

async function garage(options: Parameters<typeof startCoreHarness>[0] = {}): Promise<CoreHarness> {
  const h = await startCoreHarness({
    demo: { vehicles: 6, wakeDelayMs: 300, wakeTimeoutMs: 1_500, completionDelayMs: 20, flakiness: false },
    ...options,
  });
  harnesses.push(h);
  return h;
}

/** A car of the demo fleet the service can reach, awake unless said otherwise. */
function reachable(h: CoreHarness, index = 0): string {
  return h.simulator.vehicles().filter((v) => v.sleepState !== 'offline')[index]!.vin;
}

/** The demo's car that is out of coverage, known offline to main after one read of its state. */
async function knownOffline(h: CoreHarness): Promise<string> {
  const vin = h.simulator.vehicles().find((v) => v.sleepState === 'offline')!.vin;
  await h.garage.vehicles.state(vin, { refresh: true });
  const listed = await h.garage.vehicles.list();
  expect(listed.ok && listed.value.find((v) => v.vin === vin)?.glance.sleep?.value).toBe('offline');
  return vin;
}

async function started(
  h: CoreHarness,
  ...args: Parameters<CoreHarness['garage']['runs']['startVehicleCommand']>
) {
  const answer = await h.garage.runs.startVehicleCommand(...args);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

const entriesOf = async (h: CoreHarness, vin: string) => {
  const listed = await h.garage.audit.list({ vin, limit: 100 });
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value;
};

describe('a car last seen offline', () => {
  it('is warned of before anything is sent: refused until the technician confirms', async () => {
    const h = await garage();
    const vin = await knownOffline(h);
    h.simulator.clearRequests();
    const refused = await h.garage.runs.startVehicleCommand(vin, 'set_charge_limit', { percent: 70 });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'vehicle_offline' } });
    expect(!refused.ok && refused.error.message).toMatch(
      /^This vehicle was offline when last seen \(reported .+ ago\)\. The service will try to wake it for up to 90 s first; nothing is sent unless it wakes/,
    );
    expect(h.simulator.requests).toEqual([]);
    expect(await entriesOf(h, vin)).toEqual([]);
  });

  it('records the command attempted with why it was not sent, in the log and the job, and stays offline in the list', async () => {
    const h = await garage();
    const vin = await knownOffline(h);
    const opened = await h.garage.jobs.open(vin, { repairOrder: 'RO-OFF-1' });
    if (!opened.ok) throw new Error(opened.error.message);
    const run = await started(h, vin, 'set_charge_limit', { percent: 70, offlineConfirmed: true });
    expect(run.command).toEqual({ name: 'set_charge_limit', options: { percent: 70 } });
    const end = await h.core.runs.whenDone(run.id);
    expect(end.items[0]).toMatchObject({
      status: 'not-sent',
      message: expect.stringMatching(
        /^Not sent: the vehicle did not wake \(the service waited \d+ s\); it may be offline or out of coverage\.$/,
      ),
      outcome: { tone: 'not-sent', subject: 'Set charge limit to 70 %' },
    });
    expect(h.simulator.requests.filter((r) => r.route === 'command')).toEqual([]);

    // The wake-up says what happened to it (nothing refused it), and the command is there too.
    const entries = await entriesOf(h, vin);
    expect(entries.map((e) => [e.operation, e.outcome])).toEqual([
      ['command:set_charge_limit', 'not-sent'],
      ['wake', 'failed'],
    ]);
    expect(entries[1]!.reason).toBe('the vehicle did not wake in time; it may be offline or out of coverage');
    expect(entries[0]).toMatchObject({
      runId: run.id,
      params: { percent: 70, waitForCompletion: true, maxAttempts: 3 },
      reason: expect.stringMatching(/^the vehicle did not wake \(the service waited \d+ s\)/),
    });
    expect(end.items[0]!.auditId).toBe(entries[0]!.id);

    await h.core.jobs.service.settle();
    const record = await h.garage.jobs.record(opened.value.id);
    if (!record.ok) throw new Error(record.error.message);
    const actions = record.value.actions.map((a) => [a.entry.operation, a.effect.text]);
    expect(actions).toEqual([
      ['wake', 'not done: the vehicle did not wake in time; it may be offline or out of coverage'],
      ['command:set_charge_limit', expect.stringMatching(/^not sent: the vehicle did not wake/)],
    ]);
    expect(JSON.stringify(actions)).not.toContain('refused');

    // The status read before the wake said "asleep" (the status has no word for offline): the list
    // still says offline, as the header does.
    const listed = await h.garage.vehicles.list();
    expect(listed.ok && listed.value.find((v) => v.vin === vin)?.glance.sleep?.value).toBe('offline');
  }, 30_000);
});

describe('cancelling a command to one car', () => {
  it('while the car wakes: nothing more is sent, the run ends at once, and the attempt is recorded', async () => {
    const h = await garage({
      demo: { vehicles: 6, wakeDelayMs: 20_000, completionDelayMs: 20, flakiness: false },
    });
    const vin = reachable(h);
    h.simulator.setVehicleState(vin, { sleepState: 'asleep' });
    const run = await started(h, vin, 'set_charge_limit', { percent: 60 });
    await waitFor(async () => {
      const got = await h.garage.runs.get(run.id);
      return got.ok && got.value.items[0]!.phase === 'waking';
    }, 'the run to wake the car');
    const cancelAt = Date.now();
    expect(await h.garage.runs.cancel(run.id)).toMatchObject({ ok: true, value: { state: 'cancelling' } });
    const end = await h.core.runs.whenDone(run.id);
    // Ended long before the 20 s wake-up would have.
    expect(Date.now() - cancelAt).toBeLessThan(10_000);
    expect(end).toMatchObject({
      state: 'cancelled',
      items: [
        {
          status: 'not-sent',
          message: 'Not sent: cancelled while the vehicle was waking (the wake-up had been sent).',
          outcome: { tone: 'not-sent' },
        },
      ],
    });
    expect(h.simulator.requests.filter((r) => r.route === 'command')).toEqual([]);
    const entries = await entriesOf(h, vin);
    expect(entries[0]).toMatchObject({
      operation: 'command:set_charge_limit',
      outcome: 'not-sent',
      reason: 'cancelled while the vehicle was waking (the wake-up had been sent)',
    });
  }, 40_000);

  it('before its send: nothing is sent at all', async () => {
    const h = await garage();
    const vin = reachable(h);
    h.simulator.setVehicleState(vin, { sleepState: 'awake' });
    h.simulator.setLatency(300);
    h.simulator.clearRequests();
    const run = await started(h, vin, 'close_windows');
    await h.garage.runs.cancel(run.id);
    const end = await h.core.runs.whenDone(run.id);
    h.simulator.setLatency(0);
    expect(end.items[0]).toMatchObject({
      status: 'not-sent',
      message: expect.stringMatching(/^Not sent: cancelled/),
    });
    expect(h.simulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe('accepted is not done', () => {
  it('says "accepted" while the state read back does not show it, and never the effect', async () => {
    const h = await garage({
      demo: { vehicles: 6, wakeDelayMs: 50, completionDelayMs: 5_000, flakiness: false },
      vehicleCommand: { acceptedReadsMs: [50, 50] },
    });
    const vin = reachable(h);
    h.simulator.setVehicleState(vin, { sleepState: 'awake', valet: false });
    await h.garage.vehicles.state(vin, { refresh: true });
    const run = await started(h, vin, 'enable_valet', { waitForCompletion: false });
    const end = await h.core.runs.whenDone(run.id);
    const item = end.items[0]!;
    expect(item.status).toBe('succeeded');
    expect(item.outcome).toMatchObject({
      tone: 'accepted',
      subject: 'Enable valet mode',
      text: 'Accepted by the service; the car has not shown it yet',
      detail: 'the car does not show the change yet: it reports valet mode off',
      effectShown: false,
    });
    expect(JSON.stringify(item.outcome)).not.toContain('Valet mode enabled');
    // What main read back travels with the run: valet still off.
    expect(item.readBack?.state.vehicle_state?.valet_mode).toBe(false);
  });

  it('becomes "done" once the state read back shows it', async () => {
    const h = await garage({ vehicleCommand: { acceptedReadsMs: [100, 200, 400, 800] } });
    const vin = reachable(h);
    h.simulator.setVehicleState(vin, { sleepState: 'awake', valet: false });
    await h.garage.vehicles.state(vin, { refresh: true });
    const end = await h.core.runs.whenDone(
      (await started(h, vin, 'enable_valet', { waitForCompletion: false })).id,
    );
    expect(end.items[0]!.outcome).toMatchObject({
      tone: 'ok',
      text: 'Valet mode enabled',
      detail: 'now valet mode on, was valet mode off',
      effectShown: true,
    });
  });
});

describe("a run's end tells the window everything", () => {
  it("carries the state read back and main's outcome, with a one-click undo for a value", async () => {
    const h = await garage();
    const vin = reachable(h);
    h.simulator.setVehicleState(vin, { sleepState: 'awake', chargeLimitPercent: 90 });
    await h.garage.vehicles.state(vin, { refresh: true });
    const changes: RunChange[] = [];
    const unsubscribe = h.garage.events.subscribe((event: GarageEvent) => {
      if (event.type === 'run.changed') changes.push(event);
    });
    const run = await started(h, vin, 'set_charge_limit', { percent: 80 });
    const last = await waitFor(
      () => changes.find((c) => c.run.id === run.id && c.run.endedAt !== null),
      "the run's last event",
    );
    unsubscribe();
    const item = last.items.find((i) => i.vin === vin)!;
    expect(item.readBack).toMatchObject({
      state: { charge_state: { charge_limit_soc: 80 } },
      meta: { source: 'live', fetchedAt: expect.any(String) },
    });
    expect(item.outcome).toMatchObject({
      tone: 'ok',
      text: 'Charge limit set to 80 %',
      detail: 'now 80 %, was 90 %',
      effectShown: true,
      sent: 80,
      undo: {
        command: { name: 'set_charge_limit', options: { percent: 90 } },
        label: 'Undo: back to 90 %',
      },
    });

    // The undo is a command like any other.
    const back = await h.core.runs.whenDone(
      (await started(h, vin, item.outcome!.undo!.command.name, item.outcome!.undo!.command.options)).id,
    );
    expect(back.items[0]!.outcome).toMatchObject({ tone: 'ok', detail: 'now 90 %, was 80 %' });
    expect(h.simulator.vehicleState(vin).chargeLimitPercent).toBe(90);
  });
});

describe('one lock per car', () => {
  it('refuses the wake-up while a command runs on the car, and a command while it wakes', async () => {
    const h = await garage({
      demo: { vehicles: 6, wakeDelayMs: 2_000, completionDelayMs: 20, flakiness: false },
    });
    const vin = reachable(h);
    h.simulator.setVehicleState(vin, { sleepState: 'asleep' });
    const first: RunSnapshot = await started(h, vin, 'close_windows');
    expect(await h.garage.runs.startVehicleCommand(vin, 'wake')).toMatchObject({
      ok: false,
      error: {
        kind: 'busy',
        message: 'Close windows is still running on this vehicle; wait for it to finish.',
      },
    });
    await h.core.runs.whenDone(first.id);
    h.simulator.setVehicleState(vin, { sleepState: 'asleep' });
    const waking = await started(h, vin, 'wake');
    expect(await h.garage.runs.startVehicleCommand(vin, 'lock')).toMatchObject({
      ok: false,
      error: { kind: 'busy', message: 'Wake up is still running on this vehicle; wait for it to finish.' },
    });
    const woke = await h.core.runs.whenDone(waking.id);
    expect(woke.items[0]).toMatchObject({
      status: 'succeeded',
      outcome: { tone: 'ok', text: 'The vehicle is awake' },
      readBack: { state: { state: 'online' } },
    });
  }, 30_000);
});

describe('a command that would change nothing', () => {
  it('Lock on an asleep car its last reading shows locked: not woken, not sent, said so with its age', async () => {
    const h = await garage();
    const vin = reachable(h);
    h.simulator.setVehicleState(vin, { sleepState: 'awake', locked: true });
    await h.garage.vehicles.state(vin, { refresh: true });
    h.simulator.setVehicleState(vin, { sleepState: 'asleep' });
    h.simulator.clearRequests();
    const end = await h.core.runs.whenDone((await started(h, vin, 'lock')).id);
    expect(end.items[0]).toMatchObject({
      status: 'not-sent',
      message: expect.stringMatching(
        /^Not sent: already locked, as the last reading said \((less than a minute|\d+ minutes?) ago\); the vehicle sleeps, so it was not woken\.$/,
      ),
    });
    expect(h.simulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(h.simulator.vehicleState(vin).sleepState).toBe('asleep');
    expect((await entriesOf(h, vin))[0]).toMatchObject({ operation: 'command:lock', outcome: 'not-sent' });
  });
});
