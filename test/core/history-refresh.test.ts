// The whole garage's history refreshed as a run in main, against the demo simulator over HTTP:
// every car's history reads asked again with the options the car's views ask (so the view's next
// read is the cached copy), none woken, a second start given the run already going, paced within
// the service's rate limit (waited out, never a failure), and a retry reads only what was not read.
import { afterEach, describe, expect, it } from 'vitest';
import { batteryHealthYear, HISTORY_READS } from '../../electron/shared/history-reads';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function garage(vehicles: number, rateLimitPerSecond: number | null = null): Promise<CoreHarness> {
  const h = await startCoreHarness({ demo: { vehicles, flakiness: false, rateLimitPerSecond } });
  harnesses.push(h);
  for (const vehicle of h.simulator.vehicles()) {
    if (vehicle.sleepState !== 'offline') h.simulator.setVehicleState(vehicle.vin, { sleepState: 'asleep' });
  }
  return h;
}

const HISTORY_ROUTES = ['battery_health', 'charges', 'idles', 'firmware_alerts'];

describe('the whole-garage history refresh', () => {
  it('reads every car’s history again, wakes none, and fills what the car’s views read', async () => {
    const h = await garage(6);
    expect(HISTORY_READS).toHaveLength(HISTORY_ROUTES.length);
    const started = await h.garage.runs.startHistoryRefresh();
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value).toMatchObject({
      kind: 'history-refresh',
      title: 'Refresh the history of 6 vehicles',
    });
    // A second press while it runs gets the same run.
    const again = await h.garage.runs.startHistoryRefresh();
    expect(again.ok && again.value.id).toBe(started.value.id);
    const end = await h.core.runs.whenDone(started.value.id);
    expect(end).toMatchObject({ state: 'completed', counts: { succeeded: 6, failed: 0 } });
    expect(end.summary).toBe('Completed: 6 refreshed, 0 failed');
    for (const vin of h.simulator.vins) {
      const routes = h.simulator.requests.filter((r) => r.vin === vin).map((r) => r.route);
      expect(routes.sort()).toEqual([...HISTORY_ROUTES].sort());
    }
    expect(h.simulator.requests.filter((r) => r.method === 'POST')).toEqual([]);
    for (const vehicle of h.simulator.vehicles()) expect(vehicle.sleepState).not.toBe('awake');

    // The car's battery health over the last year, as its view asks it: the copy the run kept.
    const asked = h.simulator.requests.length;
    const vin = h.simulator.vins[0]!;
    const read = await h.garage.vehicles.batteryHealth(vin, batteryHealthYear(Date.now()));
    expect(read).toMatchObject({ ok: true, source: 'cache' });
    expect(h.simulator.requests.length).toBe(asked);
  });

  it('waits out the service’s rate limit instead of failing a car, and ends with every car read', async () => {
    const h = await garage(5, 4);
    const started = await h.garage.runs.startHistoryRefresh();
    if (!started.ok) throw new Error(started.error.message);
    const end = await h.core.runs.whenDone(started.value.id);
    expect(end).toMatchObject({ state: 'completed', counts: { succeeded: 5, failed: 0 } });
    // 20 reads at 4 a second, none refused: they were spread over the seconds the limit asks for
    // (unpaced, they leave within a few milliseconds).
    const reads = h.simulator.requests.filter((r) => HISTORY_ROUTES.includes(r.route ?? ''));
    expect(reads).toHaveLength(20);
    expect(reads.at(-1)!.at - reads[0]!.at).toBeGreaterThanOrEqual(3_000);
  }, 60_000);

  it('a car whose read fails is failed with why, and a retry reads only it', async () => {
    const h = await garage(4);
    const failing = h.simulator.vins[2]!;
    h.simulator.injectFault({ fault: 'status500', route: 'charges', vin: failing, times: 10 });
    const started = await h.garage.runs.startHistoryRefresh();
    if (!started.ok) throw new Error(started.error.message);
    const end = await h.core.runs.whenDone(started.value.id);
    expect(end.counts).toMatchObject({ succeeded: 3, failed: 1 });
    expect(end.items.find((item) => item.vin === failing)).toMatchObject({
      status: 'failed',
      errorKind: 'server_error',
    });
    h.simulator.clearFaults();
    const retry = await h.garage.runs.retryFailed(started.value.id);
    if (!retry.ok) throw new Error(retry.error.message);
    expect(retry.value.items.map((item) => item.vin)).toEqual([failing]);
    expect(retry.value.title).toBe('Refresh the history again of 1 vehicle');
    expect((await h.core.runs.whenDone(retry.value.id)).counts.succeeded).toBe(1);
  });
});
