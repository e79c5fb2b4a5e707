// "Apply template" and the lot-wide workshop commands as runs in main, through the IPC handlers
// against the demo simulator over HTTP: the configuration writes go one at a time (the simulator
// counts a second write under way as a 429, and none is seen), a car that already matches is
// skipped, a car the service refuses fails with the service's reason, each write's audit entry
// keeps the configuration before and after, a retry writes only the failed car, and the run with
// its template outlives a restart of the core.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunSnapshot } from '../../electron/shared/runs';
import type { TelemetryFields } from '../../electron/shared/telemetry-rules';
import type { AuditEntry } from '../../electron/shared/types';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function core(dataDir?: string): Promise<CoreHarness> {
  const h = await startCoreHarness({
    ...(dataDir ? { dataDir } : {}),
    demo: {
      vehicles: 8,
      wakeDelayMs: 20,
      completionDelayMs: 5,
      flakiness: false,
      // Long enough that a second write sent while one is under way would meet it.
      configWriteDelayMs: 150,
      telemetrySyncDelayMs: 100,
    },
  });
  harnesses.push(h);
  return h;
}

const FLEET: TelemetryFields = {
  Gear: { interval_seconds: 10 },
  Location: { interval_seconds: 30 },
  Odometer: { interval_seconds: 300 },
};

async function done(h: CoreHarness, started: { ok: boolean; value?: RunSnapshot }): Promise<RunSnapshot> {
  if (!started.ok || !started.value) throw new Error(`not started: ${JSON.stringify(started)}`);
  return h.core.runs.whenDone(started.value.id);
}

async function auditOfRun(h: CoreHarness, runId: string): Promise<AuditEntry[]> {
  const list = await h.garage.audit.list({ limit: 10_000 });
  if (!list.ok) throw new Error(list.error.message);
  return list.value.filter((entry) => entry.runId === runId);
}

/** Five cars: one already matching the template, one whose firmware the service refuses. */
function fiveCars(h: CoreHarness) {
  const vins = h.simulator.vins.slice(0, 5);
  const [matching, old] = [vins[1]!, vins[3]!];
  const farFuture = Math.floor(Date.now() / 1000) + 200 * 86_400;
  const config = h.simulator.vehicleState(matching).telemetry;
  h.simulator.setVehicleState(matching, {
    telemetry: {
      ...config,
      synced: true,
      config: { ...config.config, fields: structuredClone(FLEET), exp: farFuture },
    },
  });
  h.simulator.setVehicleState(old, { deployedVersion: '2022.44.1' });
  return { vins, matching, old };
}

describe('template roll-out as a run in main', () => {
  it('writes one car at a time, skips the matching car, fails the refused one with its reason, audits before and after', async () => {
    const h = await core();
    expect(await h.garage.templates.save({ name: 'Fleet', fields: FLEET, notes: '' })).toMatchObject({
      ok: true,
    });
    const { vins, matching, old } = fiveCars(h);

    const run = await done(
      h,
      await h.garage.runs.startTemplateRollout({ template: 'fleet', items: vins.map((vin) => ({ vin })) }),
    );
    expect(run).toMatchObject({
      kind: 'template-rollout',
      state: 'completed',
      template: { name: 'Fleet', fields: FLEET },
      counts: { total: 5, succeeded: 3, skipped: 1, failed: 1 },
    });
    expect(run.title).toBe('Apply template “Fleet” to 5 vehicles');
    const byVin = new Map(run.items.map((item) => [item.vin, item]));
    expect(byVin.get(matching)).toMatchObject({ status: 'skipped', skipReason: 'already matching' });
    expect(byVin.get(old)).toMatchObject({ status: 'failed' });
    expect(byVin.get(old)!.message).toMatch(/unsupported firmware/);

    // Serial: four writes were sent (the matching car none), and none met another under way.
    expect(h.simulator.configWriteStats()).toEqual({ written: 4, refusedConcurrent: 0 });
    for (const vin of vins.filter((v) => v !== old && v !== matching)) {
      expect(h.simulator.vehicleState(vin).telemetry.config.fields).toEqual(FLEET);
    }

    const entries = await auditOfRun(h, run.id);
    expect(entries.map((e) => e.operation)).toEqual(Array(4).fill('writeTelemetryConfig'));
    expect(new Set(entries.map((e) => e.vin))).toEqual(new Set(vins.filter((v) => v !== matching)));
    for (const entry of entries) {
      const before = entry.params['before'] as { fields: TelemetryFields };
      const after = entry.params['after'] as { fields: TelemetryFields };
      if (entry.vin === old) {
        expect(entry.outcome).not.toBe('success');
        expect(after.fields).toEqual(before.fields);
      } else {
        expect(entry.outcome).toBe('success');
        expect(before.fields).not.toEqual(FLEET);
        expect(after.fields).toEqual(FLEET);
      }
      expect(entry.params['fields']).toEqual(FLEET);
    }
    expect(byVin.get(old)!.auditId).toBe(entries.find((e) => e.vin === old)!.id);

    // "Retry failed" writes only the refused car, once it can take the configuration.
    h.simulator.setVehicleState(old, { deployedVersion: '2024.8.7' });
    const again = await h.garage.runs.retryFailed(run.id);
    if (!again.ok) throw new Error(again.error.message);
    const retried = await h.core.runs.whenDone(again.value.id);
    expect(retried).toMatchObject({ retryOf: run.id, counts: { total: 1, succeeded: 1 } });
    expect(retried.items[0]!.vin).toBe(old);
    expect(h.simulator.vehicleState(old).telemetry.config.fields).toEqual(FLEET);
    expect(h.simulator.configWriteStats()).toEqual({ written: 5, refusedConcurrent: 0 });
  });

  it('a second roll-out of the same profile is refused while one runs; the first never sends two writes at once', async () => {
    const h = await core();
    await h.garage.templates.save({ name: 'Fleet', fields: FLEET, notes: '' });
    const vins = h.simulator.vins.slice(0, 4);
    const started = await h.garage.runs.startTemplateRollout({
      template: 'Fleet',
      items: vins.map((vin) => ({ vin })),
    });
    expect(started.ok).toBe(true);
    // A second roll-out of the same profile is refused while the first runs.
    const second = await h.garage.runs.startTemplateRollout({
      template: 'Fleet',
      items: [{ vin: vins[0]! }],
    });
    expect(second).toMatchObject({ ok: false, error: { kind: 'busy' } });
    const run = await done(h, started);
    expect(run.counts.succeeded).toBe(4);
    expect(h.simulator.configWriteStats().refusedConcurrent).toBe(0);
  });

  it('cancel: the car being written finishes, the rest are not sent', async () => {
    const h = await core();
    await h.garage.templates.save({ name: 'Fleet', fields: FLEET, notes: '' });
    const vins = h.simulator.vins.slice(0, 6);
    const started = await h.garage.runs.startTemplateRollout({
      template: 'Fleet',
      items: vins.map((vin) => ({ vin })),
    });
    if (!started.ok) throw new Error(started.error.message);
    await new Promise<void>((resolve) => {
      const off = h.core.events.subscribe((event) => {
        if (
          event.type === 'run.changed' &&
          event.run.id === started.value.id &&
          event.run.counts.succeeded >= 1
        ) {
          off();
          resolve();
        }
      });
    });
    expect(await h.garage.runs.cancel(started.value.id)).toMatchObject({ ok: true });
    const run = await h.core.runs.whenDone(started.value.id);
    expect(run.state).toBe('cancelled');
    expect(run.counts.notSent).toBeGreaterThan(0);
    expect(run.counts.succeeded + run.counts.notSent).toBe(6);
    expect(h.simulator.configWriteStats().written).toBe(run.counts.succeeded);
    expect(run.summary).toMatch(/^Cancelled/);
  });

  it('a template that is not saved is refused and nothing is written', async () => {
    const h = await core();
    const answer = await h.garage.runs.startTemplateRollout({
      template: 'Nope',
      items: [{ vin: h.simulator.vins[0]! }],
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(h.simulator.configWriteStats().written).toBe(0);
  });

  it('the run and its template outlive a restart of the core', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-rollout-'));
    folders.push(dataDir);
    const first = await core(dataDir);
    await first.garage.templates.save({ name: 'Fleet', fields: FLEET, notes: '' });
    const run = await done(
      first,
      await first.garage.runs.startTemplateRollout({
        template: 'Fleet',
        items: [{ vin: first.simulator.vins[0]! }],
      }),
    );
    await first.close();
    harnesses.splice(harnesses.indexOf(first), 1);
    const second = await core(dataDir);
    expect(await second.garage.runs.get(run.id)).toMatchObject({
      ok: true,
      value: {
        kind: 'template-rollout',
        template: { name: 'Fleet', fields: FLEET },
        counts: { succeeded: 1 },
      },
    });
  });
});

describe('workshop commands in bulk', () => {
  it('locks every picked car, each audited with the run and its effect read back', async () => {
    const h = await core();
    const vins = h.simulator.vins
      .filter((vin) => h.simulator.vehicleState(vin).sleepState !== 'offline')
      .slice(0, 3);
    for (const vin of vins) h.simulator.setVehicleState(vin, { locked: false, sleepState: 'awake' });
    const run = await done(
      h,
      await h.garage.runs.startBulkCommand({
        command: { name: 'lock', options: {} },
        items: vins.map((vin) => ({ vin })),
      }),
    );
    expect(run).toMatchObject({ state: 'completed', title: 'Lock on 3 vehicles', counts: { succeeded: 3 } });
    for (const item of run.items) expect(item.effect).toMatchObject({ confirmed: true, text: 'now locked' });
    for (const vin of vins) expect(h.simulator.vehicleState(vin).locked).toBe(true);
    const entries = await auditOfRun(h, run.id);
    expect(entries.map((e) => [e.operation, e.outcome])).toEqual(Array(3).fill(['command:lock', 'success']));
    for (const entry of entries) {
      expect(entry.params['before']).toMatchObject({ locked: false });
      expect(entry.params['after']).toMatchObject({ locked: true });
    }
  });
});
