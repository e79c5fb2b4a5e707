// Battery health through main, as the window asks for it: the pack now and a window of daily
// measurements, read from the service without waking the car, kept a day in the offline cache, and
// served from it with its age when the service cannot be reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

// Backoff waits are skipped: how a read ends is what matters here, not how long it waited.
let h: CoreHarness;
let vin: string;

beforeAll(async () => {
  h = await startCoreHarness({ client: { sleep: async () => {} } });
  vin = h.simulator.vehicles().find((v) => v.sleepState === 'asleep')!.vin;
});
afterAll(() => h.close());

const DAY_S = 86_400;

describe('vehicles.batteryHealth', () => {
  it('reads the pack now from the service without waking the car, then from the cache for a day', async () => {
    h.simulator.clearRequests();
    const now = await h.garage.vehicles.batteryHealth(vin);
    expect(now).toMatchObject({ ok: true, source: 'live' });
    if (!now.ok || !('result' in now.value)) throw new Error('expected the pack now');
    expect(now.value.result.capacity).toBeGreaterThan(50);
    // At 100 % the range is what the state's range at its charge level says.
    const state = h.simulator.vehicleState(vin);
    expect(now.value.result.max_range).toBeCloseTo(state.fullRangeMiles, 1);
    expect(h.simulator.requests.map((r) => [r.route, r.query])).toEqual([['battery_health', {}]]);
    expect(h.simulator.vehicleState(vin).sleepState).toBe('asleep');

    const again = await h.garage.vehicles.batteryHealth(vin);
    expect(again).toMatchObject({ ok: true, source: 'cache', fetchedAt: now.fetchedAt });
    expect(h.simulator.requests).toHaveLength(1);
  });

  it('reads a window of daily measurements in km, kept apart from the pack now', async () => {
    const to = Math.floor(Date.now() / 1000);
    const from = to - 30 * DAY_S;
    h.simulator.clearRequests();
    const window = await h.garage.vehicles.batteryHealth(vin, { from, to, distanceFormat: 'km' });
    expect(window).toMatchObject({ ok: true, source: 'live' });
    if (!window.ok || !('results' in window.value)) throw new Error('expected the measurements');
    const rows = window.value.results;
    expect(rows.length).toBeGreaterThanOrEqual(29);
    expect(rows.every((row) => row.timestamp >= from && row.timestamp <= to)).toBe(true);
    // The odometer only grows, and the pack only loses capacity with it.
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.odometer).toBeGreaterThanOrEqual(rows[i - 1]!.odometer);
      expect(rows[i]!.capacity).toBeLessThanOrEqual(rows[i - 1]!.capacity);
    }
    // In km: the last row is this midnight's, a few hours' driving short of the car's odometer now.
    const odometerKm = h.simulator.vehicleState(vin).odometerMiles * 1.609344;
    expect(rows.at(-1)!.odometer).toBeLessThanOrEqual(odometerKm);
    expect(rows.at(-1)!.odometer).toBeGreaterThan(odometerKm - 100);
    expect(h.simulator.requests.map((r) => r.query)).toEqual([
      { from: String(from), to: String(to), distance_format: 'km' },
    ]);
    // The pack now is still its own cached answer.
    expect(await h.garage.vehicles.batteryHealth(vin)).toMatchObject({ ok: true, source: 'cache' });
  });

  it('answers from the offline cache, with the copy’s age, when the service cannot be reached', async () => {
    const first = await h.garage.vehicles.batteryHealth(vin);
    if (!first.ok) throw new Error('expected a cached copy');
    h.simulator.injectFault({ fault: 'reset', route: 'battery_health' });
    try {
      const offline = await h.garage.vehicles.batteryHealth(vin, { refresh: true });
      expect(offline).toMatchObject({
        ok: true,
        source: 'cache',
        fetchedAt: first.fetchedAt,
        stale: { kind: 'network' },
        value: first.value,
      });
    } finally {
      h.simulator.clearFaults();
    }
  });

  it('refuses a window that ends before it starts, or a time in milliseconds, asking nothing', async () => {
    h.simulator.clearRequests();
    expect(
      await h.garage.vehicles.batteryHealth(vin, { from: 1_700_000_000, to: 1_600_000_000 }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    expect(await h.garage.vehicles.batteryHealth(vin, { from: 1_700_000_000_000 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    expect(h.simulator.requests).toEqual([]);
  });
});
