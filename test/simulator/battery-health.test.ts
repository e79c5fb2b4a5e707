// GET /{vin}/battery_health: each demo car's pack, new at delivery and losing capacity as its
// odometer grows, in the public service's two forms, agreeing with the state, and never waking it.
import { describe, expect, it } from 'vitest';
import { batteryHealthSchema } from '../../electron/shared/vehicle-read-schemas';
import { vehicleStateSchema } from '../../electron/shared/wire';
import { call, expectError, simulatorPerTest } from './client';
import { ManualClock } from '../support/manual-clock';

const start = simulatorPerTest();
const DAY_S = 86_400;

async function health(sim: Parameters<typeof call>[0], vin: string, qs = '') {
  const r = await call(sim, 'GET', `/${vin}/battery_health${qs}`);
  expect(r.status, r.text).toBe(200);
  return batteryHealthSchema.parse(r.json);
}

describe('GET /{vin}/battery_health', () => {
  it('without a window: the pack now, whose range at 100 % is the state’s', async () => {
    const sim = await start();
    for (const vin of sim.vins) {
      const answer = await health(sim, vin);
      if (!('result' in answer)) throw new Error('expected the pack now');
      const state = vehicleStateSchema.parse((await call(sim, 'GET', `/${vin}/state`)).json);
      const level = state.charge_state?.battery_level as number;
      const range = state.charge_state?.battery_range as number;
      expect(answer.result.max_range).toBeCloseTo((range * 100) / level, 0);
      expect(answer.result.max_ideal_range).toBeLessThan(answer.result.max_range);
      expect(answer.result.capacity).toBeGreaterThan(60);
    }
  });

  it('over a car’s life: new at delivery, a day apart, losing capacity as the odometer grows', async () => {
    const clock = new ManualClock();
    const sim = await start({ clock });
    const nowS = clock.now() / 1000;
    const cars = sim.vehicles().filter((v) => v.odometerMiles > 20_000);
    expect(cars.length).toBeGreaterThan(3);
    for (const car of cars) {
      const answer = await health(sim, car.vin, `?from=0&to=${nowS}`);
      if (!('results' in answer)) throw new Error('expected the measurements');
      const rows = answer.results;
      expect(rows.length).toBeGreaterThan(300);
      expect(rows.every((row, i) => i === 0 || row.timestamp - rows[i - 1]!.timestamp === DAY_S)).toBe(true);
      expect(rows.every((row) => row.timestamp % DAY_S === 0)).toBe(true);
      for (let i = 30; i < rows.length; i += 30) {
        expect(rows[i]!.odometer).toBeGreaterThan(rows[i - 30]!.odometer);
        expect(rows[i]!.capacity).toBeLessThan(rows[i - 30]!.capacity);
      }
      // Lost mostly early, a few percent over tens of thousands of miles, never half the pack.
      const lost = 1 - rows.at(-1)!.capacity / rows[0]!.capacity;
      expect(lost).toBeGreaterThan(0.02);
      expect(lost).toBeLessThan(0.15);
      expect(rows.at(-1)!.odometer).toBeCloseTo(car.odometerMiles, -2);
    }
  });

  it('only inside the window and the car’s life, in km when asked, and the same under one seed', async () => {
    const clock = new ManualClock();
    const sim = await start({ clock, seed: 7 });
    const twin = await start({ clock, seed: 7 });
    const vin = sim.vins[0]!;
    const nowS = clock.now() / 1000;
    const week = await health(sim, vin, `?from=${nowS - 7 * DAY_S}&to=${nowS}`);
    if (!('results' in week)) throw new Error('expected the measurements');
    expect(week.results).toHaveLength(7);
    expect(await health(twin, vin, `?from=${nowS - 7 * DAY_S}&to=${nowS}`)).toEqual(week);
    // `from` alone: up to now.
    expect(await health(sim, vin, `?from=${nowS - 7 * DAY_S}`)).toEqual(week);
    const km = await health(sim, vin, `?from=${nowS - 7 * DAY_S}&to=${nowS}&distance_format=km`);
    if (!('results' in km)) throw new Error('expected the measurements');
    expect(km.results[0]!.odometer).toBeCloseTo(week.results[0]!.odometer * 1.609344, 1);
    expect(km.results[0]!.capacity).toBe(week.results[0]!.capacity);
    // Before the car existed there is nothing to say.
    expect(await health(sim, vin, '?from=946684800&to=946771200')).toEqual({ results: [] });
    // Each car's pack is its own.
    const others = await Promise.all(sim.vins.slice(1, 4).map((other) => health(sim, other)));
    expect(new Set(others.map((o) => JSON.stringify(o))).size).toBe(3);
  });

  it('as public clients read it: the token in the query, and exactly the reference’s keys in each form', async () => {
    const sim = await start();
    const vin = sim.vins[0]!;
    const nowS = Math.floor(Date.now() / 1000);
    const get = async (qs: string) => {
      const r = await call(sim, 'GET', `/${vin}/battery_health?access_token=${sim.token}${qs}`, {
        token: null,
      });
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      return r.json as Record<string, unknown>;
    };
    const now = await get('');
    expect(Object.keys(now)).toEqual(['result']);
    expect(Object.keys(now['result'] as object).sort()).toEqual(['capacity', 'max_ideal_range', 'max_range']);
    const window = await get(`&from=${nowS - 3 * DAY_S}&to=${nowS}&distance_format=km`);
    expect(Object.keys(window)).toEqual(['results']);
    const rows = window['results'] as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        'capacity',
        'max_ideal_range',
        'max_range',
        'odometer',
        'timestamp',
      ]);
      // Unix seconds, numbers throughout, as the reference's examples.
      expect(Number.isInteger(row['timestamp'])).toBe(true);
      expect(row['timestamp'] as number).toBeLessThan(10_000_000_000);
      for (const value of Object.values(row)) expect(typeof value).toBe('number');
    }
    expect(
      (await call(sim, 'GET', `/${vin}/battery_health?access_token=wrong`, { token: null })).status,
    ).toBe(401);
  });

  it('never wakes the car', async () => {
    const sim = await start();
    const asleep = sim.vehicles().find((v) => v.sleepState === 'asleep')!.vin;
    await health(sim, asleep);
    await health(sim, asleep, '?from=0');
    expect(sim.vehicleState(asleep).sleepState).toBe('asleep');
  });

  it('400 naming the parameter', async () => {
    const sim = await start();
    const vin = sim.vins[0]!;
    const path = `/${vin}/battery_health`;
    expectError(await call(sim, 'GET', `${path}?from=1700000000000`), 400, /milliseconds/);
    expectError(
      await call(sim, 'GET', `${path}?from=1700000000&to=1600000000`),
      400,
      /^from must not be after to$/,
    );
    expectError(await call(sim, 'GET', `${path}?to=yesterday`), 400, /^to must be a Unix time in seconds$/);
    expectError(
      await call(sim, 'GET', `${path}?distance_format=furlong`),
      400,
      /^distance_format must be mi or km$/,
    );
    expectError(await call(sim, 'POST', path), 405, /use GET$/);
  });
});
