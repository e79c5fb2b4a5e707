// A run killed as a crash kills it (SIGKILL: no quit chain, no last save), then the app started again
// on the same data folder: the run's record says what was sent, and "Retry failed" never commands a
// car twice. The core runs in a child process, on a simulator over HTTP in this one, so the requests
// of both lives of the app are counted in one place.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import type { RunSnapshot } from '../../electron/shared/runs';
import type { TelemetryFields } from '../../electron/shared/telemetry-rules';
import type { Profile } from '../../electron/shared/types';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { launchCoreProcess, type CoreProcess } from '../support/launch-core-process';
import { waitFor } from '../support/wait-for';

let service: Simulator;
let dataDir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  service = await startSimulator({
    vehicles: 24,
    wakeDelayMs: 10,
    completionDelayMs: 5,
    flakiness: false,
    configWriteDelayMs: 20,
    telemetrySyncDelayMs: 50,
  });
  for (const vin of service.vins) service.setVehicleState(vin, { sleepState: 'awake' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-crash-'));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  await service.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A core in a child process, working for a profile on `service`, with every car in its garage. */
async function childOnService(): Promise<CoreProcess> {
  const child = await launchCoreProcess({ dataDir });
  cleanups.push(() => child.kill('SIGKILL'));
  const created = await child.call<Profile>('profiles.create', { name: 'Lot', baseUrl: service.baseUrl });
  expect(created.ok).toBe(true);
  expect((await child.call('profiles.setToken', created.value.id, service.token)).ok).toBe(true);
  expect((await child.call('profiles.activate', created.value.id)).ok).toBe(true);
  for (const vin of service.vins) expect((await child.call('vehicles.add', { vin })).ok).toBe(true);
  return child;
}

/** The app started again on the killed one's data folder (and its keychain entries). */
async function restart(child: CoreProcess): Promise<CoreHarness> {
  const h = await startCoreHarness({ dataDir, keychainService: child.keychainService });
  cleanups.push(() => h.close());
  return h;
}

/** VINs the service was sent `route` for, one per request, in order. */
const sentTo = (route: string) =>
  service.requests.filter((r) => r.route === route && r.method === 'POST').map((r) => r.vin!);

const audited = (child: CoreProcess, runId: string) =>
  child.events.filter((e) => e.type === 'audit.added' && e.entry.runId === runId);

const statusOf = (run: RunSnapshot) => new Map(run.items.map((item) => [item.vin, item.status]));

describe('a run killed mid-way', () => {
  it('a bulk command: after the restart it says what was sent, and a retry sends only what was not', async () => {
    const child = await childOnService();
    const vins = service.vins;
    // Seven cars answer; from the eighth on the service takes the command and never answers, so
    // the app is killed with four requests out and thirteen cars never reached.
    for (const vin of vins.slice(7)) service.injectFault({ fault: 'hang', route: 'command', vin });
    const started = await child.call<RunSnapshot>('runs.startBulkCommand', {
      command: { name: 'set_charge_limit', options: { percent: 80 } },
      items: vins.map((vin) => ({ vin })),
    });
    expect(started.ok).toBe(true);
    const runId = started.value.id;
    // Both processes' news (the child's events, this simulator's requests): asked every few ms.
    await waitFor(() => audited(child, runId).length >= 7 && sentTo('command').length >= 11, 'the sends', {
      timeoutMs: 60_000,
    });
    await child.kill('SIGKILL');
    const sentBefore = sentTo('command');
    expect(new Set(sentBefore).size).toBe(11);
    service.clearFaults();

    const h = await restart(child);
    const run = h.core.runs.get(runId);
    const status = statusOf(run);
    expect(run.state).toBe('interrupted');
    // Every car the service was sent to is sent (with its answer) or unknown, never "not sent".
    for (const vin of vins.slice(0, 7)) expect(status.get(vin)).toBe('succeeded');
    for (const vin of vins.slice(7, 11)) expect(status.get(vin)).toBe('unknown');
    for (const vin of vins.slice(11)) expect(status.get(vin)).toBe('not-sent');
    expect(run.summary).toBe('Stopped when the app quit: 7 sent, 4 outcome unknown, 13 not sent');
    // Nothing left behind: the journal's lines are in the run's file now.
    expect((await readdir(path.join(dataDir, 'runs'))).filter((name) => name.endsWith('.journal'))).toEqual(
      [],
    );
    expect(h.core.runs.get(runId)).toEqual(run);

    const again = await h.core.runs.retryFailed(runId);
    expect(again.items.map((item) => item.vin)).toEqual(vins.slice(11));
    expect((await h.core.runs.whenDone(again.id)).counts.succeeded).toBe(13);
    // No car commanded twice over both lives of the app.
    const all = sentTo('command');
    expect(all).toHaveLength(24);
    expect(new Set(all).size).toBe(24);
  }, 120_000);

  it('a template roll-out: the writes made are sent, the one under way unknown, the rest not sent', async () => {
    const child = await childOnService();
    const fields: TelemetryFields = { Gear: { interval_seconds: 10 }, Odometer: { interval_seconds: 300 } };
    expect((await child.call('templates.save', { name: 'Fleet', fields, notes: '' })).ok).toBe(true);
    const vins = service.vins.slice(0, 8);
    for (const vin of vins.slice(3)) {
      service.injectFault({ fault: 'hang', route: 'fleet_telemetry_config_write', vin });
    }
    const started = await child.call<RunSnapshot>('runs.startTemplateRollout', {
      template: 'Fleet',
      items: vins.map((vin) => ({ vin })),
    });
    expect(started.ok).toBe(true);
    const runId = started.value.id;
    await waitFor(
      () => audited(child, runId).length >= 3 && sentTo('fleet_telemetry_config_write').length >= 4,
      'three writes and a fourth under way',
      { timeoutMs: 60_000 },
    );
    await child.kill('SIGKILL');
    service.clearFaults();

    const h = await restart(child);
    const run = h.core.runs.get(runId);
    expect(vins.map((vin) => statusOf(run).get(vin))).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'unknown',
      'not-sent',
      'not-sent',
      'not-sent',
      'not-sent',
    ]);
    expect(run.summary).toBe('Stopped when the app quit: 3 sent, 1 outcome unknown, 4 not sent');
    const again = await h.core.runs.retryFailed(runId);
    expect(again.items.map((item) => item.vin)).toEqual(vins.slice(4));
    await h.core.runs.whenDone(again.id);
    const writes = sentTo('fleet_telemetry_config_write');
    expect(writes).toHaveLength(8);
    expect(new Set(writes).size).toBe(8);
  }, 120_000);
});
