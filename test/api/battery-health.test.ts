// GET /{vin}/battery_health as the client sends and reads it against the simulator, in both of the
// public service's forms (the pack now, and a window's measurements), and the public reference's own
// example answers read with the same schema.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { batteryHealthSchema } from '../../electron/shared/vehicle-read-schemas';
import { apiRequests, caught, clientFor, closeClients } from './support';

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ flakiness: false });
});
afterAll(async () => {
  await sim.stop();
});
afterEach(closeClients);

const DAY_S = 86_400;

describe('battery health against the simulator', () => {
  it('without a window: the pack now, one GET with no query, the car left asleep', async () => {
    const vin = sim.vehicles().find((v) => v.sleepState === 'asleep')!.vin;
    sim.clearRequests();
    const { client } = clientFor(sim);
    const answer = await client.batteryHealth(vin);
    expect(answer).toEqual({
      result: {
        max_range: expect.any(Number),
        max_ideal_range: expect.any(Number),
        capacity: expect.any(Number),
      },
    });
    expect(apiRequests(sim).map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', `/${vin}/battery_health`, {}],
    ]);
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });

  it('with a window: daily measurements in the distance format asked for, the query under its public names', async () => {
    const vin = sim.vins[0]!;
    const to = Math.floor(Date.now() / 1000);
    const from = to - 10 * DAY_S;
    sim.clearRequests();
    const { client } = clientFor(sim);
    const miles = await client.batteryHealth(vin, { from, to });
    const km = await client.batteryHealth(vin, { from, to, distanceFormat: 'km' });
    if (!('results' in miles) || !('results' in km)) throw new Error('expected the list form');
    expect(miles.results.length).toBeGreaterThanOrEqual(9);
    expect(km.results.map((r) => r.timestamp)).toEqual(miles.results.map((r) => r.timestamp));
    for (const [i, row] of km.results.entries()) {
      expect(row.odometer).toBeCloseTo(miles.results[i]!.odometer * 1.609344, 0);
      expect(row.max_range).toBeCloseTo(miles.results[i]!.max_range * 1.609344, 0);
      expect(row.capacity).toBe(miles.results[i]!.capacity);
    }
    expect(apiRequests(sim).map((r) => r.query)).toEqual([
      { from: String(from), to: String(to) },
      { from: String(from), to: String(to), distance_format: 'km' },
    ]);
  });

  it('a window the service refuses is its 400, named', async () => {
    const { client } = clientFor(sim);
    const error = await caught(client.batteryHealth(sim.vins[0]!, { from: 1_700_000_000_000 }));
    expect(error.kind).toBe('rejected');
    expect(error.message).toContain('milliseconds');
  });
});

describe('the public reference’s examples', () => {
  it('reads both forms, and refuses a mix of neither', () => {
    expect(
      batteryHealthSchema.parse({ result: { max_range: 303.35, max_ideal_range: 255.12, capacity: 96.79 } }),
    ).toEqual({ result: { max_range: 303.35, max_ideal_range: 255.12, capacity: 96.79 } });
    const rows = [
      {
        timestamp: 1_612_051_200,
        odometer: 12_123,
        max_range: 303.35,
        max_ideal_range: 255.12,
        capacity: 97.1,
      },
      {
        timestamp: 1_643_587_200,
        odometer: 25_784,
        max_range: 303.35,
        max_ideal_range: 255.12,
        capacity: 96.79,
      },
    ];
    expect(batteryHealthSchema.parse({ results: rows })).toEqual({ results: rows });
    expect(batteryHealthSchema.safeParse({ results: { capacity: 96.79 } }).success).toBe(false);
    expect(batteryHealthSchema.safeParse({ capacity: 96.79 }).success).toBe(false);
  });
});
