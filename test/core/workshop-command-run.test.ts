// The Workshop tab's commands run in main as the Commands tab's do, started through the IPC operation
// against the demo simulator over HTTP: a sleeping car is woken first, the command is sent once and
// audited, and the run's item says what the car then reports ("now locked, was unlocked"), never
// what was sent; a refusal says why, and a command with nothing to read back says so.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function garage(
  dataDir?: string,
  wake = { wakeDelayMs: 500, wakeTimeoutMs: 3_000 },
): Promise<{ h: CoreHarness; vin: string; dataDir: string }> {
  if (!dataDir) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-workshop-run-'));
    folders.push(dataDir);
  }
  const h = await startCoreHarness({
    dataDir,
    demo: { vehicles: 3, ...wake, completionDelayMs: 20, flakiness: false },
  });
  harnesses.push(h);
  const vin = h.simulator.vehicles().find((v) => v.sleepState !== 'offline')!.vin;
  return { h, vin, dataDir };
}

async function runToEnd(
  h: CoreHarness,
  ...args: Parameters<CoreHarness['garage']['runs']['startVehicleCommand']>
) {
  const started = await h.garage.runs.startVehicleCommand(...args);
  if (!started.ok) throw new Error(started.error.message);
  expect(started.value).toMatchObject({ kind: 'vehicle-command', state: 'running' });
  return { started: started.value, end: await h.core.runs.whenDone(started.value.id) };
}

it('locks a sleeping car: wakes it, sends once, and the item says "locked" from the state read back, also after a restart', async () => {
  const { h, vin, dataDir } = await garage();
  h.simulator.setVehicleState(vin, { sleepState: 'awake', asleepSince: null, locked: false });
  // Main keeps the state it read: the effect says what it replaced.
  const read = await h.garage.vehicles.state(vin, { refresh: true });
  expect(read.ok && read.value.vehicle_state?.locked).toBe(false);
  h.simulator.setVehicleState(vin, { sleepState: 'asleep' });

  const { started, end } = await runToEnd(h, vin, 'lock');
  expect(started.title).toBe('Lock');
  expect(end.state).toBe('completed');
  expect(end.items[0]).toMatchObject({
    vin,
    status: 'succeeded',
    woke: true,
    effect: { confirmed: true, text: 'now locked, was unlocked' },
  });
  expect(h.simulator.vehicleState(vin).locked).toBe(true);
  const audit = await h.garage.audit.list({ limit: 100 });
  if (!audit.ok) throw new Error(audit.error.message);
  const entries = audit.value.filter((entry) => entry.runId === started.id);
  expect(entries.map((entry) => entry.operation).sort()).toEqual(['command:lock', 'wake']);
  expect(h.simulator.requests.filter((r) => r.path.endsWith('/command/lock'))).toHaveLength(1);

  // The run is kept on disk with its workshop command: a window after a restart shows it again.
  await h.close();
  harnesses.splice(harnesses.indexOf(h), 1);
  const second = await garage(dataDir);
  const kept = await second.h.garage.runs.get(started.id);
  expect(kept.ok && kept.value).toMatchObject({
    state: 'completed',
    command: { name: 'lock', options: {} },
    items: [{ status: 'succeeded', effect: { text: 'now locked, was unlocked' } }],
  });
}, 60_000);

it('says why the car refused, and reads nothing back as its effect', async () => {
  const { h, vin } = await garage();
  h.simulator.setVehicleState(vin, {
    sleepState: 'awake',
    asleepSince: null,
    chargePort: 'closed',
    chargingState: 'Disconnected',
  });
  const { end } = await runToEnd(h, vin, 'start_charging');
  expect(end.items[0]).toMatchObject({
    status: 'failed',
    effect: null,
    message: 'The vehicle did not do it: disconnected',
  });
  expect(h.simulator.vehicleState(vin).chargingState).toBe('Disconnected');
}, 60_000);

it('schedules the waiting update with its time and confirms "scheduled" from the state', async () => {
  const { h, vin } = await garage();
  const runtime = h.simulator.vehicleState(vin);
  h.simulator.setVehicleState(vin, {
    sleepState: 'awake',
    asleepSince: null,
    softwareUpdate: { ...runtime.softwareUpdate, status: 'available' },
  });
  await h.garage.vehicles.state(vin, { refresh: true });
  const { started, end } = await runToEnd(h, vin, 'schedule_software_update', { inSeconds: 600 });
  expect(started.title).toBe('Install software update in 10 min');
  expect(started.command).toEqual({ name: 'schedule_software_update', options: { inSeconds: 600 } });
  expect(end.items[0]).toMatchObject({
    status: 'succeeded',
    effect: { confirmed: true, text: 'now update scheduled, was update available' },
  });
  const sent = h.simulator.requests.filter((r) => r.path.endsWith('/command/schedule_software_update'));
  expect(sent.map((r) => r.query.in_seconds)).toEqual(['600']);
}, 60_000);

it('says honestly that flashing the lights leaves nothing in the state to confirm it by', async () => {
  const { h, vin } = await garage();
  h.simulator.setVehicleState(vin, { sleepState: 'awake', asleepSince: null });
  const { end } = await runToEnd(h, vin, 'flash');
  expect(end.items[0]).toMatchObject({
    status: 'succeeded',
    effect: { confirmed: null, text: "the car's state does not show flashing lights: check at the car" },
  });
}, 60_000);

it('one command at a time per car: while Lock runs on a sleeping car, another command to it is refused busy by name, another car is not', async () => {
  // A slow wake keeps the lock running while the other presses arrive, even on a busy machine.
  const { h, vin } = await garage(undefined, { wakeDelayMs: 4_000, wakeTimeoutMs: 30_000 });
  const other = h.simulator.vehicles().find((v) => v.vin !== vin && v.sleepState !== 'offline')!.vin;
  h.simulator.setVehicleState(vin, { sleepState: 'asleep' });
  h.simulator.setVehicleState(other, { sleepState: 'awake', asleepSince: null });
  const lock = await h.garage.runs.startVehicleCommand(vin, 'lock');
  if (!lock.ok) throw new Error(lock.error.message);
  const before = h.simulator.requests.length;
  for (const [name, options] of [
    ['honk', undefined],
    ['set_charge_limit', { percent: 80 }],
    ['disable_guest', undefined],
    ['lock', undefined],
  ] as const) {
    expect(await h.garage.runs.startVehicleCommand(vin, name, options)).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'busy',
        message: 'Lock is still running on this vehicle; wait for it to finish.',
      }),
    });
  }
  // Refused before anything was sent: the lock's own wake is all the car saw of them.
  expect(h.simulator.requests.slice(before).filter((r) => r.path.includes('/command/'))).toEqual([]);
  const elsewhere = await h.garage.runs.startVehicleCommand(other, 'honk');
  expect(elsewhere).toMatchObject({ ok: true, value: { kind: 'vehicle-command', state: 'running' } });
  if (!elsewhere.ok) return;
  const [locked, honked] = await Promise.all([
    h.core.runs.whenDone(lock.value.id),
    h.core.runs.whenDone(elsewhere.value.id),
  ]);
  expect(locked.items[0]).toMatchObject({ status: 'succeeded', woke: true });
  expect(honked.items[0]).toMatchObject({ status: 'succeeded' });
  // Once the lock has ended the car takes the next command.
  const next = await h.garage.runs.startVehicleCommand(vin, 'honk');
  expect(next).toMatchObject({ ok: true });
  if (next.ok) await h.core.runs.whenDone(next.value.id);
  const runs = await h.garage.runs.list();
  expect(runs.ok && runs.value.filter((run) => run.kind === 'vehicle-command')).toHaveLength(3);
}, 60_000);
