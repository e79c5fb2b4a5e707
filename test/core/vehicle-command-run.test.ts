// A long single command is a run in main, started through the IPC operation as the Commands tab starts
// it, against the demo simulator over HTTP: with no window listening at all it checks, wakes, sends
// and reads the state back to its confirmed effect ("now 80 %, was 90 %"), and that outcome is still
// there for a window that comes back, also after the app restarts.
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

async function garage(dataDir: string): Promise<CoreHarness> {
  const h = await startCoreHarness({
    dataDir,
    demo: { vehicles: 3, wakeDelayMs: 1_000, wakeTimeoutMs: 3_000, completionDelayMs: 20, flakiness: false },
  });
  harnesses.push(h);
  return h;
}

it('runs to its confirmed outcome in main with no window listening, and shows it to a window that comes back', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-command-run-'));
  folders.push(dataDir);
  const h = await garage(dataDir);
  const vin = h.simulator.vehicles().find((v) => v.sleepState !== 'offline')!.vin;
  h.simulator.setVehicleState(vin, { sleepState: 'awake', asleepSince: null, chargeLimitPercent: 90 });
  // The window read the car once (main keeps that copy), then the car fell asleep.
  const read = await h.garage.vehicles.state(vin, { refresh: true });
  expect(read.ok && read.value.charge_state?.charge_limit_soc).toBe(90);
  h.simulator.setVehicleState(vin, { sleepState: 'asleep' });

  // Nobody subscribes to events: the window that pressed the button is gone at once.
  const started = await h.garage.runs.startVehicleCommand(vin, 'set_charge_limit', { percent: 80 });
  if (!started.ok) throw new Error(started.error.message);
  expect(started.value).toMatchObject({ kind: 'vehicle-command', state: 'running' });
  expect(started.value.title).toBe('Set charge limit to 80 %');

  const end = await h.core.runs.whenDone(started.value.id);
  expect(end.state).toBe('completed');
  expect(end.items[0]).toMatchObject({
    vin,
    status: 'succeeded',
    woke: true,
    effect: { value: 80, confirmed: true, text: 'now 80 %, was 90 %' },
  });
  expect(h.simulator.vehicleState(vin).chargeLimitPercent).toBe(80);
  // The wake and the command, each audited once with the run's id.
  const audit = await h.garage.audit.list({ limit: 100 });
  if (!audit.ok) throw new Error(audit.error.message);
  const entries = audit.value.filter((entry) => entry.runId === started.value.id);
  expect(entries.map((entry) => entry.operation).sort()).toEqual(['command:set_charge_limit', 'wake']);

  // A window coming back finds the run among those main kept, with its outcome.
  const listed = await h.garage.runs.list();
  expect(listed.ok && listed.value.find((run) => run.id === started.value.id)?.state).toBe('completed');
  const again = await h.garage.runs.get(started.value.id);
  expect(again.ok && again.value.items[0]?.effect?.text).toBe('now 80 %, was 90 %');

  // After a restart too: the outcome is on disk.
  await h.close();
  harnesses.splice(harnesses.indexOf(h), 1);
  const second = await garage(dataDir);
  const kept = await second.garage.runs.get(started.value.id);
  expect(kept.ok && kept.value).toMatchObject({
    state: 'completed',
    items: [{ status: 'succeeded', effect: { text: 'now 80 %, was 90 %' } }],
  });
}, 60_000);

it("refuses a second press of the same command while it runs, and strips the window's claim override from the command", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-command-run-'));
  folders.push(dataDir);
  const h = await garage(dataDir);
  const vin = h.simulator.vehicles().find((v) => v.sleepState !== 'offline')!.vin;
  h.simulator.setVehicleState(vin, { sleepState: 'asleep' });
  const first = await h.garage.runs.startVehicleCommand(vin, 'close_windows', { overrideClaim: true });
  if (!first.ok) throw new Error(first.error.message);
  expect(first.value.command).toEqual({ name: 'close_windows', options: {} });
  const second = await h.garage.runs.startVehicleCommand(vin, 'close_windows');
  expect(second).toMatchObject({ ok: false, error: { kind: 'busy' } });
  await h.core.runs.whenDone(first.value.id);
}, 60_000);
