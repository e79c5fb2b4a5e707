// The history reads through main, as the window would ask for them: each read from the service
// without waking the car, then from the offline cache while its copy stands, each window kept
// apart, and served from the cache with the copy's age when the service cannot be reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_READS } from '../../electron/shared/vehicle-reads';
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

describe('the history reads through main', () => {
  it('read each from the service without waking the car, then from the cache', async () => {
    h.simulator.clearRequests();
    const to = Math.floor(Date.now() / 1000);
    const charges = await h.garage.vehicles.charges(vin, { from: to - 14 * DAY_S, to });
    expect(charges).toMatchObject({ ok: true, source: 'live' });
    if (!charges.ok) throw new Error('expected the sessions');
    expect(charges.value.results.length).toBeGreaterThan(3);
    const states = await h.garage.vehicles.states(vin, { interval: 3600, condense: true });
    if (!states.ok || Array.isArray(states.value.results)) throw new Error('expected columns');
    expect(states.value.results.charger_phasess).toHaveLength(states.value.results.timestamps!.length);
    const idles = await h.garage.vehicles.idles(vin, { limit: 5 });
    if (!idles.ok) throw new Error('expected the parked periods');
    const last = await h.garage.vehicles.lastIdleState(vin);
    if (!last.ok) throw new Error('expected the last idle state');
    expect(last.value.result.timestamp).toBe(idles.value.results[0]!.started_at);
    expect(last.value.result.ideal_battery_range).toBeNull();
    const pack = await h.garage.vehicles.battery(vin);
    if (!pack.ok) throw new Error('expected the pack');
    expect(pack.value.battery_level).toBe(h.simulator.vehicleState(vin).batteryLevel);
    const used = await h.garage.vehicles.consumptionSinceCharge(vin);
    if (!used.ok) throw new Error('expected the consumption');
    expect(used.value.last_charge_at).toBeLessThanOrEqual(to);
    const where = await h.garage.vehicles.location(vin);
    if (!where.ok) throw new Error('expected the location');
    expect(where.value.latitude).toBeTypeOf('number');
    expect(h.simulator.requests.map((r) => r.route)).toEqual([
      'charges',
      'states',
      'idles',
      'last_idle_state',
      'battery',
      'consumption_since_charge',
      'location',
    ]);
    expect(h.simulator.vehicleState(vin).sleepState).toBe('asleep');

    // Asked again at once: every copy stands (the pack's for 10 s).
    h.simulator.clearRequests();
    expect(await h.garage.vehicles.charges(vin, { from: to - 14 * DAY_S, to })).toMatchObject({
      ok: true,
      source: 'cache',
      fetchedAt: charges.fetchedAt,
    });
    expect(await h.garage.vehicles.idles(vin, { limit: 5 })).toMatchObject({ ok: true, source: 'cache' });
    expect(await h.garage.vehicles.lastIdleState(vin)).toMatchObject({ ok: true, source: 'cache' });
    expect(await h.garage.vehicles.location(vin)).toMatchObject({ ok: true, source: 'cache' });
    expect(h.simulator.requests).toEqual([]);
    // Another window is another answer.
    expect(await h.garage.vehicles.charges(vin, { superchargersOnly: true })).toMatchObject({
      ok: true,
      source: 'live',
    });
  });

  it('keep the tyres’ window apart from the reading now, which keeps its cache key', async () => {
    const to = Math.floor(Date.now() / 1000);
    h.simulator.clearRequests();
    const now = await h.garage.vehicles.tirePressure(vin);
    const window = await h.garage.vehicles.tirePressure(vin, { from: to - 5 * DAY_S, to });
    if (!now.ok || !window.ok || !('results' in window.value)) throw new Error('expected both forms');
    expect('results' in now.value).toBe(false);
    expect(window.value.results.length).toBeGreaterThanOrEqual(4);
    expect(await h.garage.vehicles.tirePressure(vin)).toMatchObject({
      ok: true,
      source: 'cache',
      value: now.value,
    });
    expect(h.simulator.requests.map((r) => r.query)).toEqual([
      {},
      { from: String(to - 5 * DAY_S), to: String(to) },
    ]);
    h.simulator.injectFault({ fault: 'reset', route: 'tire_pressure' });
    try {
      expect(
        await h.garage.vehicles.tirePressure(vin, { from: to - 5 * DAY_S, to, refresh: true }),
      ).toMatchObject({ ok: true, source: 'cache', stale: { kind: 'network' }, value: window.value });
    } finally {
      h.simulator.clearFaults();
    }
  });

  it('keep each copy as long as its row says: the pack 10 s, sessions minutes', () => {
    expect(VEHICLE_READS.battery.freshForMs).toBe(10_000);
    expect(VEHICLE_READS.charges.freshForMs).toBe(5 * 60_000);
    expect(VEHICLE_READS.idles.freshForMs).toBe(5 * 60_000);
    expect(VEHICLE_READS.states.freshForMs).toBe(5 * 60_000);
  });

  it('answer from the offline cache, with the copy’s age, when the service cannot be reached', async () => {
    const reads = [
      [
        'charges',
        () => h.garage.vehicles.charges(vin, { limit: 3 }),
        (r: boolean) => h.garage.vehicles.charges(vin, { limit: 3, refresh: r }),
      ],
      [
        'states',
        () => h.garage.vehicles.states(vin, { interval: 7200 }),
        (r: boolean) => h.garage.vehicles.states(vin, { interval: 7200, refresh: r }),
      ],
      [
        'idles',
        () => h.garage.vehicles.idles(vin),
        (r: boolean) => h.garage.vehicles.idles(vin, { refresh: r }),
      ],
      [
        'last_idle_state',
        () => h.garage.vehicles.lastIdleState(vin),
        (r: boolean) => h.garage.vehicles.lastIdleState(vin, { refresh: r }),
      ],
      [
        'battery',
        () => h.garage.vehicles.battery(vin),
        (r: boolean) => h.garage.vehicles.battery(vin, { refresh: r }),
      ],
      [
        'map',
        () => h.garage.vehicles.map(vin, { width: 200, height: 120 }),
        (r: boolean) => h.garage.vehicles.map(vin, { width: 200, height: 120, refresh: r }),
      ],
    ] as const;
    for (const [route, first, again] of reads) {
      const copy = await first();
      if (!copy.ok) throw new Error(`expected a copy of ${route}`);
      h.simulator.injectFault({ fault: 'reset', route });
      try {
        expect(await again(true), route).toMatchObject({
          ok: true,
          source: 'cache',
          fetchedAt: copy.fetchedAt,
          stale: { kind: 'network' },
          value: copy.value,
        });
      } finally {
        h.simulator.clearFaults();
      }
    }
  });

  it('refuse options the read does not take, asking nothing', async () => {
    h.simulator.clearRequests();
    expect(await h.garage.vehicles.charges(vin, { originLatitude: 37 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    expect(await h.garage.vehicles.states(vin, { interval: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    // A map the size of a poster, or in a style the service has not, is not asked for.
    for (const options of [{ width: 5000 }, { style: 'blue' }, { markerSize: -1 }]) {
      expect(await h.garage.vehicles.map(vin, options as never), JSON.stringify(options)).toMatchObject({
        ok: false,
        error: { kind: 'invalid_input' },
      });
    }
    expect(h.simulator.requests).toEqual([]);
  });
});
