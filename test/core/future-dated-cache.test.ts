// A copy saved while the clock was 400 days ahead, read back offline after the clock was put right:
// main answers with the copy's real recorded time and marks it as dated in the future, so the
// screen can say its age is unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const DAY = 86_400_000;
let clockOffset = 400 * DAY;
let h: CoreHarness;

beforeAll(async () => {
  h = await startCoreHarness({
    client: { sleep: async () => {} },
    now: () => new Date(Date.now() + clockOffset),
  });
  for (const vin of h.simulator.vins) h.simulator.setVehicleState(vin, { sleepState: 'awake' });
});
afterAll(() => h.close());

describe('a cached copy dated in the future', () => {
  it('is served offline with its recorded time, marked, never as fresh', async () => {
    const vin = h.simulator.vins[0]!;
    // Saved under the wrong clock.
    const live = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    if (!live.ok) throw new Error(live.error.message);
    expect(live.source).toBe('live');
    const recorded = live.fetchedAt;
    expect(Date.parse(recorded) - Date.now()).toBeGreaterThan(399 * DAY);
    expect(live).not.toHaveProperty('futureDated');
    // Let the cache write land: a read from the cache waits for it.
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ source: 'cache' });

    clockOffset = 0; // the clock is put right
    h.simulator.clearRequests();
    // Not fresh: a copy from the future is of unknown age, so the service is asked.
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ ok: true, source: 'live' });
    expect(h.simulator.requests.some((r) => r.route === 'fleet_telemetry_config')).toBe(true);
  });

  it('answers for a failed live read with its real time and the mark', async () => {
    const vin = h.simulator.vins[1]!;
    clockOffset = 400 * DAY;
    const live = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    if (!live.ok) throw new Error(live.error.message);
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ source: 'cache' });
    clockOffset = 0;

    const remove = h.simulator.injectFault({ fault: 'status500', route: '*' });
    const offline = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    remove();
    expect(offline).toMatchObject({
      ok: true,
      source: 'cache',
      fetchedAt: live.fetchedAt, // the entry's own time, not now and not moved
      stale: { kind: 'server_error' },
      futureDated: true,
    });
  });

  it('is not marked when it is only seconds ahead (clocks never agree exactly)', async () => {
    const vin = h.simulator.vins[2]!;
    clockOffset = 30_000;
    const live = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    if (!live.ok) throw new Error(live.error.message);
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ source: 'cache' });
    clockOffset = 0;
    const remove = h.simulator.injectFault({ fault: 'status500', route: '*' });
    const offline = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    remove();
    expect(offline).toMatchObject({ ok: true, source: 'cache', fetchedAt: live.fetchedAt });
    expect(offline).not.toHaveProperty('futureDated');
  });
});
