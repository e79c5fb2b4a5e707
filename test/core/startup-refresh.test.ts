// At start-up main reads the active garage's cached states by itself (a garage refresh run: cached
// state only, never waking a car) when what it knows is old or missing, so the list does not say
// "not read yet" everywhere; a garage read minutes ago is left alone on the next start.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import { applyRunChange, type RunSnapshot } from '../../electron/shared/runs';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** The start-up refresh run once it has ended (from the current snapshot or main's events). */
function refreshEnded(h: CoreHarness): Promise<RunSnapshot> {
  return new Promise((resolve) => {
    const check = () => {
      const found = h.core.runs.list().find((run) => run.kind === 'garage-refresh');
      if (!found) return false;
      const run = h.core.runs.get(found.id);
      if (!run.endedAt) return false;
      resolve(run);
      return true;
    };
    if (check()) return;
    const off = h.core.events.subscribe((event) => {
      if (event.type === 'run.changed' && check()) off();
    });
  });
}

describe('the garage read at start-up', () => {
  it("reads every vehicle's cached state once, never waking one, and the list shows them", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-startup-'));
    folders.push(dataDir);
    const h = await startCoreHarness({ dataDir, refreshGarageAtStart: true });
    harnesses.push(h);
    const run = await refreshEnded(h);
    const vins = h.simulator.vins;
    expect(run.counts.total).toBe(vins.length);
    const stateReads = h.simulator.requests.filter((r) => r.route === 'state');
    expect(stateReads.length).toBe(vins.length);
    expect(stateReads.every((r) => !/use_cache=false/.test(r.path))).toBe(true);
    expect(h.simulator.requests.some((r) => r.route === 'wake')).toBe(false);

    const list = await h.garage.vehicles.list();
    if (!list.ok) throw new Error(list.error.message);
    const unread = list.value.filter((v) => v.glance.sleep === null);
    // Every car the service could answer for is shown with its state.
    expect(unread.length).toBe(run.counts.failed + run.counts.notSent);
    expect(list.value.length - unread.length).toBeGreaterThan(0);

    // Started again minutes later on the same data, nothing old: no second refresh.
    await h.close();
    harnesses.splice(0);
    const again = await startCoreHarness({ dataDir, refreshGarageAtStart: true });
    harnesses.push(again);
    await again.garage.vehicles.list();
    expect(again.core.runs.list().filter((r) => r.kind === 'garage-refresh')).toHaveLength(1);
    expect(again.simulator.requests.filter((r) => r.route === 'state')).toHaveLength(0);
  });

  it('with "Also alerts, tyres and certificates" kept in main, reads alerts and telemetry too, after a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-startup-'));
    folders.push(dataDir);
    const first = await startCoreHarness({ dataDir });
    harnesses.push(first);
    const events: GarageEvent[] = [];
    first.core.events.subscribe((event) => events.push(event));
    expect(await first.garage.settings.garageRefresh()).toMatchObject({
      value: { alertsAndCertificates: false },
    });
    const set = await first.garage.settings.setGarageRefresh({ alertsAndCertificates: true });
    expect(set).toMatchObject({ ok: true, value: { alertsAndCertificates: true } });
    expect(events).toContainEqual({ type: 'settings.changed', what: 'garage-refresh' });
    await first.close();
    harnesses.splice(0);

    // The choice survives the restart, and the read main starts by itself follows it.
    const h = await startCoreHarness({ dataDir, refreshGarageAtStart: true });
    harnesses.push(h);
    const changes = new Map<string, RunSnapshot>();
    h.core.events.subscribe((event) => {
      if (event.type === 'run.changed')
        changes.set(event.run.id, applyRunChange(changes.get(event.run.id) ?? null, event));
    });
    expect(await h.garage.settings.garageRefresh()).toMatchObject({ value: { alertsAndCertificates: true } });
    const run = await refreshEnded(h);
    expect(run.alertsAndCertificates).toBe(true);
    // Marked as the app's own, in its title too: nobody pressed "Refresh garage".
    expect(run.startedBy).toBe('app');
    expect(run.title).toBe(
      `Reading the garage at start-up (${h.simulator.vins.length} vehicles, with alerts and certificates)`,
    );
    const read = run.items.filter((item) => item.status === 'succeeded').map((item) => item.vin);
    expect(read.length).toBeGreaterThan(0);
    const asked = (route: string) =>
      h.simulator.requests
        .filter((r) => r.route === route)
        .map((r) => r.vin)
        .sort();
    expect(asked('firmware_alerts')).toEqual([...read].sort());
    expect(asked('fleet_telemetry_config')).toEqual([...read].sort());
    // The mark survives the events' path (summary + changed items) and the run's file.
    expect(changes.get(run.id)?.startedBy).toBe('app');
    await h.close();
    harnesses.splice(0);
    const again = await startCoreHarness({ dataDir });
    harnesses.push(again);
    expect(again.core.runs.get(run.id)).toMatchObject({ startedBy: 'app', title: run.title });
  });

  it('with the choice off (the default), reads states only and no alerts or telemetry', async () => {
    const h = await startCoreHarness({ refreshGarageAtStart: true });
    harnesses.push(h);
    const run = await refreshEnded(h);
    expect(run.alertsAndCertificates).toBe(false);
    expect(run.title).toBe(`Reading the garage at start-up (${h.simulator.vins.length} vehicles)`);
    expect(h.simulator.requests.filter((r) => r.route === 'state').length).toBe(h.simulator.vins.length);
    expect(h.simulator.requests.some((r) => r.route === 'firmware_alerts')).toBe(false);
    expect(h.simulator.requests.some((r) => r.route === 'fleet_telemetry_config')).toBe(false);
  });

  it('"Refresh garage" without a choice of its own follows the one kept in main', async () => {
    const h = await startCoreHarness();
    harnesses.push(h);
    await h.garage.settings.setGarageRefresh({ alertsAndCertificates: true });
    const started = await h.garage.runs.startGarageRefresh();
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value.alertsAndCertificates).toBe(true);
    expect(started.value.startedBy).toBeUndefined();
    expect(started.value.title).toMatch(/^Refresh garage \(/);
  });

  it('a core built without it reads nothing by itself', async () => {
    const h = await startCoreHarness();
    harnesses.push(h);
    await h.garage.vehicles.list();
    expect(h.core.runs.list()).toHaveLength(0);
  });
});
