// Runs owned by main, against the demo simulator over HTTP: cars that take seconds to wake, a
// watcher ("the renderer") that goes away mid-run, cancel, the audit log's one entry per vehicle
// sent, and results that outlive a restart of the core.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import { applyRunChange, type RunSnapshot } from '../../electron/shared/runs';
import type { AuditEntry } from '../../electron/shared/types';
import type { BulkItemInput } from '../../electron/main/runs/run-manager';
import { RUN_CSV_COLUMNS } from '../../electron/main/runs/run-export';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { parseCsv } from '../unit/audit/parse-csv';

const harnesses: CoreHarness[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** A garage of `vehicles` cars that take 1.5 s to wake, all asleep but the offline ones. */
async function sleepyGarage(vehicles: number, dataDir?: string): Promise<CoreHarness> {
  const h = await startCoreHarness({
    ...(dataDir ? { dataDir } : {}),
    demo: { vehicles, wakeDelayMs: 1_500, wakeTimeoutMs: 3_000, completionDelayMs: 20, flakiness: false },
  });
  harnesses.push(h);
  for (const vehicle of h.simulator.vehicles()) {
    if (vehicle.sleepState !== 'offline') h.simulator.setVehicleState(vehicle.vin, { sleepState: 'asleep' });
  }
  return h;
}

function offlineVins(h: CoreHarness): Set<string> {
  return new Set(
    h.simulator
      .vehicles()
      .filter((v) => v.sleepState === 'offline')
      .map((v) => v.vin),
  );
}

/** The dry run's skips, as the bulk view passes them: offline cars are not sent. */
function planItems(h: CoreHarness, vins: string[]): BulkItemInput[] {
  const offline = offlineVins(h);
  return vins.map((vin) =>
    offline.has(vin)
      ? { vin, skip: { reason: 'offline', message: 'Offline: the service cannot reach it.' } }
      : { vin },
  );
}

/** Resolves with the first snapshot of run `id` that `test` accepts: the current one, or an event's. */
function runWhere(
  h: CoreHarness,
  id: string,
  test: (run: RunSnapshot) => boolean,
  onEvent?: (event: GarageEvent) => void,
): Promise<RunSnapshot> {
  return new Promise((resolve) => {
    const current = h.core.runs.get(id);
    if (test(current)) return resolve(current);
    const off = h.core.events.subscribe((event) => {
      onEvent?.(event);
      if (event.type !== 'run.changed' || event.run.id !== id) return;
      const run = h.core.runs.get(id);
      if (test(run)) {
        off();
        resolve(run);
      }
    });
  });
}

async function auditOfRun(h: CoreHarness, runId: string): Promise<AuditEntry[]> {
  const list = await h.garage.audit.list({ limit: 10_000 });
  if (!list.ok) throw new Error(list.error.message);
  return list.value.filter((entry) => entry.runId === runId);
}

function commandRequests(h: CoreHarness): string[] {
  return h.simulator.requests.filter((r) => r.route === 'command').map((r) => r.vin!);
}

const CHARGE_80 = { name: 'set_charge_limit', options: { percent: 80 } } as const;

describe('runs in main', () => {
  it('a 50-vehicle bulk run goes on when its watcher goes away; a new watcher sees it; cancel stops it; one audit entry per vehicle sent', async () => {
    const h = await sleepyGarage(50);
    const ctx = await h.core.runs.startBulkCommand(await activeContext(h), {
      command: CHARGE_80,
      items: planItems(h, h.simulator.vins),
    });
    expect(ctx).toMatchObject({ state: 'running', kind: 'bulk-command', counts: { total: 50 } });
    expect(ctx.title).toBe('Set charge limit to 80 % on 50 vehicles');

    // The first window watches until a few cars are done, then goes away (reload, crash, close).
    let firstWindowEvents = 0;
    const seen = await runWhere(
      h,
      ctx.id,
      (run) => run.counts.succeeded >= 3,
      () => firstWindowEvents++,
    );
    expect(firstWindowEvents).toBeGreaterThan(0);

    // Nobody watches; the run goes on. A new window asks for the run and gets where it stands...
    const back = await runWhere(h, ctx.id, (run) => run.counts.succeeded >= seen.counts.succeeded + 3);
    expect(back.state).toBe('running');
    const listed = h.core.runs.list().find((run) => run.id === ctx.id);
    expect(listed).toMatchObject({ state: 'running' });
    expect(listed).not.toHaveProperty('items');
    // ...and the events it subscribes to from then on.
    const later = await runWhere(h, ctx.id, (run) => run.counts.succeeded > back.counts.succeeded);
    expect(later.state).toBe('running');

    // Cancel from the new window: no new sends; those under way finish and report.
    const cancelling = h.core.runs.cancel(ctx.id);
    expect(['cancelling', 'cancelled']).toContain(cancelling.state);
    const end = await h.core.runs.whenDone(ctx.id);
    expect(end.state).toBe('cancelled');
    expect(end.counts.notSent).toBeGreaterThan(0);
    expect(end.counts.skipped).toBe(offlineVins(h).size);
    expect(end.counts.sending + end.counts.queued + end.counts.waiting).toBe(0);
    expect(end.summary).toMatch(/^Cancelled: \d+ sent, \d+ not sent/);

    // Every vehicle sent has exactly one audit entry, marked with the run and as bulk; none other.
    const entries = await auditOfRun(h, ctx.id);
    const sent = end.items.filter((item) => item.status === 'succeeded' || item.status === 'failed');
    expect(entries.map((e) => e.vin).sort()).toEqual(sent.map((item) => item.vin).sort());
    for (const item of sent) {
      const entry = entries.find((e) => e.vin === item.vin)!;
      expect(entry).toMatchObject({ id: item.auditId, bulk: true, operation: 'command:set_charge_limit' });
    }
    // The service saw one command per vehicle sent, none for the others.
    expect(commandRequests(h).sort()).toEqual(sent.map((item) => item.vin).sort());
    // Each success says what the car now reports, read back from it.
    for (const item of end.items.filter((i) => i.status === 'succeeded')) {
      expect(item.effect).toMatchObject({ value: 80, confirmed: true, text: 'now 80 %' });
      expect(item.woke).toBe(true);
    }
  }, 120_000);

  it('says a cancelled run is cancelled: "Cancelled: 5 sent, 4 not sent, 1 skipped (offline)"', async () => {
    const h = await sleepyGarage(12);
    const offline = [...offlineVins(h)][0]!;
    const awakeOnes = h.simulator.vins.filter((vin) => vin !== offline).slice(0, 9);
    const run = await h.core.runs.startBulkCommand(await activeContext(h), {
      command: CHARGE_80,
      items: planItems(h, [offline, ...awakeOnes]),
      concurrency: 1,
    });
    // One at a time, each taking a wake-up: cancel while the fifth is being sent.
    await runWhere(h, run.id, (r) => r.counts.succeeded === 4 && r.counts.sending === 1);
    h.core.runs.cancel(run.id);
    const end = await h.core.runs.whenDone(run.id);
    expect(end.state).toBe('cancelled');
    expect(end.summary).toBe('Cancelled: 5 sent, 4 not sent, 1 skipped (offline)');
    expect(end.counts).toMatchObject({ total: 10, succeeded: 5, notSent: 4, skipped: 1 });

    // "Retry failed" sends to the 4 not sent: never to the 5 that succeeded, nor the skipped one.
    h.simulator.clearRequests();
    const again = await h.core.runs.retryFailed(run.id);
    expect(again.retryOf).toBe(run.id);
    const notSent = end.items.filter((i) => i.status === 'not-sent').map((i) => i.vin);
    expect(again.items.map((i) => i.vin)).toEqual(notSent);
    const againEnd = await h.core.runs.whenDone(again.id);
    expect(againEnd.state).toBe('completed');
    expect(againEnd.summary).toBe('Completed: 4 succeeded, 0 failed');
    expect(commandRequests(h).sort()).toEqual([...notSent].sort());
  }, 120_000);

  it('keeps results across a restart: an interrupted run, its export, and a retry of only what was not done', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-runs-'));
    folders.push(dataDir);
    const first = await sleepyGarage(20, dataDir);
    const failing = first.simulator.vins.find((vin) => !offlineVins(first).has(vin))!;
    first.simulator.injectFault({ fault: 'status500', route: 'command', vin: failing });
    const run = await first.core.runs.startBulkCommand(await activeContext(first), {
      command: CHARGE_80,
      items: planItems(first, first.simulator.vins),
    });
    await runWhere(
      first,
      run.id,
      (r) => r.counts.succeeded >= 4 && r.items.find((i) => i.vin === failing)!.status === 'failed',
    );
    // Quitting mid-run: no new sends, the ones under way finish, the run is saved as stopped.
    await first.close();
    harnesses.splice(harnesses.indexOf(first), 1);

    const second = await sleepyGarage(20, dataDir);
    const saved = second.core.runs.get(run.id);
    expect(saved.state).toBe('interrupted');
    expect(saved.summary).toMatch(
      /^Stopped when the app quit: \d+ sent \(1 failed\), \d+ not sent, \d+ skipped \(offline\)$/,
    );
    const succeeded = saved.items.filter((i) => i.status === 'succeeded').map((i) => i.vin);
    const retry = saved.items
      .filter((i) => i.status === 'failed' || i.status === 'not-sent')
      .map((i) => i.vin);
    expect(succeeded.length).toBeGreaterThanOrEqual(4);
    expect(retry).toContain(failing);
    expect(saved.counts.sending + saved.counts.queued + saved.counts.waiting).toBe(0);
    // The audit entries written before the quit are those of the run's sent vehicles.
    const entries = await auditOfRun(second, run.id);
    expect(entries.map((e) => e.vin).sort()).toEqual(
      saved.items
        .filter((i) => i.auditId !== null)
        .map((i) => i.vin)
        .sort(),
    );

    // Export after the restart: the audit's columns, one row per vehicle, each with its outcome.
    const file = path.join(dataDir, 'results.csv');
    expect(await second.core.runs.exportResults(run.id, file)).toBe(20);
    const rows = parseCsv(await readFile(file, 'utf8'));
    expect(rows[0]).toEqual([...RUN_CSV_COLUMNS]);
    const byVin = new Map(rows.slice(1).map((row) => [row[RUN_CSV_COLUMNS.indexOf('VIN')], row]));
    expect(byVin.get(failing)![RUN_CSV_COLUMNS.indexOf('Outcome')]).toBe('Failed (error)');
    for (const vin of succeeded) {
      expect(byVin.get(vin)![RUN_CSV_COLUMNS.indexOf('Outcome')]).toBe('Succeeded');
      // Read back, or (for a car whose read back the quit cut off) said to be not read.
      const effect = saved.items.find((i) => i.vin === vin)!.effect!.text;
      expect(effect).toMatch(/^(now 80 %|not read back: .+)$/);
      expect(byVin.get(vin)![RUN_CSV_COLUMNS.indexOf('Confirmed effect')]).toBe(effect);
      expect(byVin.get(vin)![RUN_CSV_COLUMNS.indexOf('Entry id')]).toBe(
        saved.items.find((i) => i.vin === vin)!.auditId,
      );
    }

    // "Retry failed" after the restart: only the failed and the not sent, never the succeeded.
    const again = await second.core.runs.retryFailed(run.id);
    expect(again.items.map((i) => i.vin).sort()).toEqual([...retry].sort());
    const end = await second.core.runs.whenDone(again.id);
    expect(end.state).toBe('completed');
    expect(commandRequests(second).sort()).toEqual([...retry].sort());
    for (const vin of succeeded) expect(commandRequests(second)).not.toContain(vin);
  }, 120_000);

  it('after a crash, a run left under way on disk is interrupted: the car being sent is said unknown, the rest not sent', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-runs-'));
    folders.push(dataDir);
    const first = await sleepyGarage(6, dataDir);
    const vins = first.simulator.vins.filter((vin) => !offlineVins(first).has(vin)).slice(0, 3);
    const run = await first.core.runs.startBulkCommand(await activeContext(first), {
      command: CHARGE_80,
      items: vins.map((vin) => ({ vin })),
    });
    await first.core.runs.whenDone(run.id);
    await first.close();
    harnesses.splice(harnesses.indexOf(first), 1);
    // What a crash mid-run leaves: the file as last saved, one car sending, one queued; an older
    // version's file (no journal), of a run whose answers never reached the audit log (another id).
    const file = path.join(dataDir, 'runs', `${run.id}.json`);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    saved.run.state = 'running';
    saved.run.endedAt = null;
    saved.run.items[1].status = 'sending';
    saved.run.items[2].status = 'queued';
    const lost = { ...saved, run: { ...saved.run, id: randomUUID() } };
    await writeFile(path.join(dataDir, 'runs', `${lost.run.id}.json`), JSON.stringify(lost));
    // The same file of the run itself: its audit entries say what the file had no time to.
    await writeFile(file, JSON.stringify(saved));

    const second = await sleepyGarage(6, dataDir);
    const after = second.core.runs.get(lost.run.id);
    expect(after.state).toBe('interrupted');
    expect(after.items.map((i) => i.status)).toEqual(['succeeded', 'unknown', 'not-sent']);
    expect(after.items[1]!.message).toMatch(/History/);
    expect(after.summary).toBe('Stopped when the app quit: 1 sent, 1 outcome unknown, 1 not sent');
    const audited = second.core.runs.get(run.id);
    expect(audited.items.map((i) => i.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(audited.summary).toBe('Stopped when the app quit: 3 sent');
    // "Retry failed" leaves the unknown one alone unless asked for it.
    const again = await second.core.runs.retryFailed(lost.run.id);
    expect(again.items.map((i) => i.vin)).toEqual([vins[2]]);
    await second.core.runs.whenDone(again.id);
    const asked = await second.core.runs.retryFailed(lost.run.id, { includeUnknown: true });
    expect(asked.items.map((i) => i.vin)).toEqual([vins[1], vins[2]]);
    await second.core.runs.whenDone(asked.id);
  }, 60_000);

  it('through window.garage: start, watch by events, export through the save dialog', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-runs-'));
    folders.push(dataDir);
    const asked: string[] = [];
    const h = await startCoreHarness({
      dataDir,
      demo: { vehicles: 4, wakeDelayMs: 50, completionDelayMs: 10, flakiness: false },
      chooseSaveFile: async (name) => {
        asked.push(name);
        return path.join(dataDir, name);
      },
    });
    harnesses.push(h);
    const vins = h.simulator.vins.filter((vin) => !offlineVins(h).has(vin));
    // The run as the window builds it from the events alone: the first holds every item, the
    // later ones only the items that changed.
    let merged: RunSnapshot | null = null;
    const ended = new Promise<RunSnapshot>((resolve) =>
      h.garage.events.subscribe((event) => {
        if (event.type !== 'run.changed') return;
        merged = applyRunChange(merged, event);
        if (event.run.endedAt) resolve(merged);
      }),
    );
    const started = await h.garage.runs.startBulkCommand({
      command: { name: 'set_charge_limit', options: { percent: 70 } },
      items: vins.map((vin) => ({ vin })),
    });
    if (!started.ok) throw new Error(started.error.message);
    const end = await ended;
    expect(end).toMatchObject({ id: started.value.id, state: 'completed' });
    expect(end.items.map((i) => i.effect?.text)).toEqual(vins.map(() => 'now 70 %'));
    const listed = await h.garage.runs.list();
    expect(listed).toMatchObject({ ok: true, value: [{ id: end.id, state: 'completed' }] });
    const exported = await h.garage.runs.exportResults(end.id);
    if (!exported.ok || exported.value.cancelled) throw new Error('not exported');
    expect(asked).toHaveLength(1);
    expect(exported.value).toMatchObject({ rows: vins.length, path: path.join(dataDir, asked[0]!) });
    const rows = parseCsv(await readFile(exported.value.path, 'utf8'));
    expect(rows.slice(1).map((row) => row[RUN_CSV_COLUMNS.indexOf('Run')])).toEqual(vins.map(() => end.id));
    expect(await h.garage.runs.get('00000000-0000-0000-0000-000000000000')).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });

  it('waits out a 429 through the client and sends the vehicle again, with one audit entry', async () => {
    const h = await sleepyGarage(6);
    const vins = h.simulator.vins.filter((vin) => !offlineVins(h).has(vin)).slice(0, 3);
    for (const vin of vins) h.simulator.setVehicleState(vin, { sleepState: 'awake' });
    h.simulator.injectFault({ fault: 'status429', route: 'command', vin: vins[1], times: 1 });
    const run = await h.core.runs.startBulkCommand(await activeContext(h), {
      command: CHARGE_80,
      items: vins.map((vin) => ({ vin })),
    });
    const end = await h.core.runs.whenDone(run.id);
    expect(end.summary).toBe('Completed: 3 succeeded, 0 failed');
    expect(commandRequests(h).filter((vin) => vin === vins[1])).toHaveLength(2);
    const entries = await auditOfRun(h, run.id);
    expect(entries.map((e) => e.vin).sort()).toEqual([...vins].sort());
    expect(entries.every((e) => e.outcome === 'success')).toBe(true);
  }, 60_000);

  it('refreshes the garage as a run: every car read from the service copy, none woken', async () => {
    const h = await sleepyGarage(8);
    const run = await h.core.runs.startGarageRefresh(await activeContext(h), { vins: h.simulator.vins });
    // A second press while it runs gets the same run.
    expect(
      (await h.core.runs.startGarageRefresh(await activeContext(h), { vins: h.simulator.vins })).id,
    ).toBe(run.id);
    const end = await h.core.runs.whenDone(run.id);
    expect(end).toMatchObject({ state: 'completed', counts: { succeeded: 8, failed: 0 } });
    expect(end.summary).toBe('Completed: 8 refreshed, 0 failed');
    expect(h.simulator.requests.filter((r) => r.route === 'wake' || r.route === 'command')).toHaveLength(0);
    const list = await h.garage.vehicles.list();
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.every((v) => v.glance?.sleep !== null && v.glance?.sleep !== undefined)).toBe(true);
  });

  it('runs a long command: checks, wakes (audited), sends (audited), reads back', async () => {
    const h = await sleepyGarage(4);
    const vin = h.simulator.vins.find((v) => !offlineVins(h).has(v))!;
    const run = await h.core.runs.startVehicleCommand(await activeContext(h), { vin, command: CHARGE_80 });
    const phases = new Set<string>();
    const end = await new Promise<RunSnapshot>((resolve) => {
      const off = h.core.events.subscribe((event) => {
        if (event.type !== 'run.changed' || event.run.id !== run.id) return;
        const phase = event.items.find((item) => item.vin === vin)?.phase;
        if (phase) phases.add(phase);
        if (event.run.endedAt) {
          off();
          resolve(h.core.runs.get(run.id));
        }
      });
    });
    expect(phases).toContain('waking');
    expect(end.items[0]).toMatchObject({ status: 'succeeded', effect: { confirmed: true, value: 80 } });
    const entries = await auditOfRun(h, run.id);
    expect(entries.map((e) => e.operation).sort()).toEqual(['command:set_charge_limit', 'wake']);
    expect(entries.every((e) => e.bulk === undefined)).toBe(true);
    await expect(
      h.core.runs.startVehicleCommand(await activeContext(h), { vin, command: CHARGE_80 }),
    ).resolves.toMatchObject({ state: 'running' });
  });
});

/** The active profile's context, as the IPC handler passes it. */
async function activeContext(h: CoreHarness) {
  return h.core.activeContext();
}
