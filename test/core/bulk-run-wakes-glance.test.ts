// A car a bulk run woke is no longer listed as asleep: the run's wake and its state read update the
// vehicle's glance, main says so with a 'vehicle.changed' event, and the garage list shows it awake.
// Against the demo simulator over HTTP, through the same window.garage the renderer uses.
import { afterEach, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import type { RunSnapshot } from '../../electron/shared/runs';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

let h: CoreHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

function runEnded(harness: CoreHarness, id: string): Promise<RunSnapshot> {
  return new Promise((resolve) => {
    const off = harness.core.events.subscribe((event) => {
      if (event.type === 'run.changed' && event.run.id === id && event.run.endedAt) {
        off();
        resolve(harness.core.runs.get(id));
      }
    });
  });
}

describe('a bulk run updates the glances of the cars it woke', () => {
  // Not waited for, no state is read after the command: the command's own answer says the car is awake.
  it.each([
    ['waited for', true],
    ['not waited for', false],
  ])('lists them awake after the run (command %s), from the events main sent', async (_how, waited) => {
    h = await startCoreHarness({
      demo: { vehicles: 3, wakeDelayMs: 300, completionDelayMs: 20, flakiness: false },
    });
    const harness = h;
    const vins = harness.simulator.vins.filter(
      (vin) => harness.simulator.vehicleState(vin).sleepState !== 'offline',
    );
    for (const vin of vins) harness.simulator.setVehicleState(vin, { sleepState: 'asleep' });
    // The garage learns they are asleep (a refresh reads the sleep status, never waking a car).
    const refresh = await harness.garage.runs.startGarageRefresh({});
    if (!refresh.ok) throw new Error(refresh.error.message);
    await runEnded(harness, refresh.value.id);
    const before = await harness.garage.vehicles.list();
    if (!before.ok) throw new Error(before.error.message);
    for (const vin of vins) {
      expect(before.value.find((v) => v.vin === vin)?.glance.sleep?.value).toBe('asleep');
    }

    // Main gathers vehicle changes for a moment before sending them: wait for each car's event.
    const awake = new Map<string, GarageEvent>();
    const allAwake = new Promise<void>((resolve) => {
      const off = harness.core.events.subscribe((event) => {
        if (event.type !== 'vehicle.changed' || !vins.includes(event.vin)) return;
        if (event.entry?.glance.sleep?.value === 'awake') awake.set(event.vin, event);
        if (awake.size === vins.length) {
          off();
          resolve();
        }
      });
    });
    const started = await harness.garage.runs.startBulkCommand({
      command: { name: 'set_charge_limit', options: { percent: 75, waitForCompletion: waited } },
      items: vins.map((vin) => ({ vin })),
    });
    if (!started.ok) throw new Error(started.error.message);
    const ended = await runEnded(harness, started.value.id);
    expect(ended.counts.succeeded).toBe(vins.length);
    await allAwake;
    expect([...awake.keys()].sort()).toEqual([...vins].sort());

    const after = await harness.garage.vehicles.list();
    if (!after.ok) throw new Error(after.error.message);
    for (const vin of vins) {
      const sleep = after.value.find((v) => v.vin === vin)?.glance.sleep;
      expect(sleep?.value).toBe('awake');
      expect(Date.parse(sleep!.asOf)).toBeGreaterThan(Date.now() - 60_000);
    }
  });
});
