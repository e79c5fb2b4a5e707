// At start-up main reads the active garage's cached states by itself (a garage refresh run: cached
// state only, never waking a car) when what it knows is old or missing, so the list does not say
// "not read yet" everywhere; a garage read minutes ago is left alone on the next start.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunSnapshot } from '../../electron/shared/runs';
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

  it('a core built without it reads nothing by itself', async () => {
    const h = await startCoreHarness();
    harnesses.push(h);
    await h.garage.vehicles.list();
    expect(h.core.runs.list()).toHaveLength(0);
  });
});
