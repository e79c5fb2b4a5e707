// The history reads of the simulator over real HTTP: each demo car's seeded life (charged at home,
// on the road and at the shop, parked with drain, its software updated on the shop day), in the
// public wire shapes and units, the same under one seed and clock, each filter refused by name when
// wrong, and none of it waking the car.
import { describe, expect, it } from 'vitest';
import {
  HISTORY_DAYS,
  SHOP_VISIT_DAYS_AGO,
  UPDATE_HOUR,
} from '../../electron/main/simulator/history/timeline';
import { PLACE_COORDS } from '../../electron/main/simulator/catalogue';
import { call, expectError, simulatorPerTest } from './client';
import { ManualClock } from '../support/manual-clock';

const start = simulatorPerTest();
const DAY_S = 86_400;

type Row = Record<string, unknown>;

async function results(sim: Parameters<typeof call>[0], path: string): Promise<Row[]> {
  const r = await call(sim, 'GET', path);
  expect(r.status, r.text).toBe(200);
  return (r.json as { results: Row[] }).results;
}

async function fixed(seed = 11) {
  const clock = new ManualClock();
  const sim = await start({ clock, seed });
  return { sim, clock, nowS: clock.now() / 1000, today: Math.floor(clock.now() / 1000 / DAY_S) * DAY_S };
}

describe('GET /{vin}/charges', () => {
  it('charges at home, at a Supercharger and at the shop, newest first, adding what the levels say', async () => {
    const { sim, today, nowS } = await fixed();
    const shopDay = today - SHOP_VISIT_DAYS_AGO * DAY_S;
    for (const vin of sim.vins.slice(0, 4)) {
      const rows = await results(sim, `/${vin}/charges`);
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.map((r) => r['started_at'])).toEqual(
        [...rows.map((r) => r['started_at'] as number)].sort((a, b) => b - a),
      );
      const places = new Set(rows.map((r) => String(r['location']).split(',')[0]));
      expect(places).toContain('Home');
      expect(places).toContain('Service Center');
      // The shop's charge is on the shop day, at the shop's coordinates.
      const shop = rows.filter((r) => String(r['location']).startsWith('Service Center'));
      expect(shop).toHaveLength(1);
      expect(shop[0]!['started_at']).toBeGreaterThanOrEqual(shopDay);
      expect(shop[0]!['started_at']).toBeLessThan(shopDay + DAY_S);
      expect([shop[0]!['latitude'], shop[0]!['longitude']]).toEqual(PLACE_COORDS['Service Center']);
      for (const r of rows) {
        const started = r['started_at'] as number;
        const ended = r['ended_at'] as number;
        expect(ended).toBeGreaterThan(started);
        expect(ended).toBeLessThanOrEqual(nowS);
        expect(started).toBeGreaterThanOrEqual(today - HISTORY_DAYS * DAY_S);
        expect(r['ending_battery']).toBeGreaterThan(r['starting_battery'] as number);
        expect(r['energy_used']).toBeGreaterThanOrEqual(r['energy_added'] as number);
        expect(r['is_supercharger']).toBe(String(r['location']).startsWith('Fremont Supercharger'));
        expect(Number.isInteger(r['id'])).toBe(true);
      }
    }
    // Across the fleet some cars went on a trip with a fast charge on the way.
    const all = (await Promise.all(sim.vins.map((vin) => results(sim, `/${vin}/charges`)))).flat();
    const dc = all.filter((r) => r['is_supercharger'] === true);
    expect(dc.length).toBeGreaterThan(0);
    expect(dc.every((r) => (r['cost'] as number) > 0)).toBe(true);
  });

  it('filters by window, Superchargers, place and radius (or away from it), energy and limit', async () => {
    const { sim, nowS } = await fixed();
    const vin = sim.vins[0]!;
    const path = `/${vin}/charges`;
    const all = await results(sim, path);
    const week = await results(sim, `${path}?from=${nowS - 7 * DAY_S}&to=${nowS}`);
    expect(week).toEqual(all.filter((r) => (r['started_at'] as number) >= nowS - 7 * DAY_S));
    const dc = await results(sim, `${path}?superchargers_only=true`);
    expect(dc).toEqual(all.filter((r) => r['is_supercharger'] === true));
    const [lat, lon] = PLACE_COORDS['Service Center']!;
    const origin = `origin_latitude=${lat}&origin_longitude=${lon}&origin_radius=200`;
    const atShop = await results(sim, `${path}?${origin}`);
    expect(atShop.map((r) => String(r['location']).split(',')[0])).toEqual(['Service Center']);
    const elsewhere = await results(sim, `${path}?${origin}&exclude_origin=true`);
    expect(elsewhere.length).toBe(all.length - 1);
    const big = await results(sim, `${path}?minimum_energy_added=20`);
    expect(big).toEqual(all.filter((r) => (r['energy_added'] as number) >= 20));
    expect(await results(sim, `${path}?limit=3`)).toEqual(all.slice(0, 3));
    const km = await results(sim, `${path}?distance_format=km`);
    expect(km[0]!['odometer']).toBeCloseTo((all[0]!['odometer'] as number) * 1.609344, 0);
    expect(km[0]!['miles_added']).toBeCloseTo((all[0]!['miles_added'] as number) * 1.609344, 0);
    expect(km[0]!['energy_added']).toBe(all[0]!['energy_added']);
  });

  it('400 naming the filter', async () => {
    const { sim } = await fixed();
    const path = `/${sim.vins[0]!}/charges`;
    expectError(await call(sim, 'GET', `${path}?from=1700000000000`), 400, /milliseconds/);
    expectError(
      await call(sim, 'GET', `${path}?origin_latitude=37.4&origin_longitude=-122`),
      400,
      /^origin_latitude, origin_longitude and origin_radius go together$/,
    );
    expectError(
      await call(sim, 'GET', `${path}?origin_latitude=95&origin_longitude=0&origin_radius=5`),
      400,
      /^origin_latitude must be/,
    );
    expectError(await call(sim, 'GET', `${path}?exclude_origin=true`), 400, /^exclude_origin needs/);
    expectError(await call(sim, 'GET', `${path}?limit=0`), 400, /^limit must be/);
    expectError(
      await call(sim, 'GET', `${path}?superchargers_only=yes`),
      400,
      /^superchargers_only must be true or false$/,
    );
    expectError(await call(sim, 'GET', `${path}?minimum_energy_added=-1`), 400, /^minimum_energy_added/);
    expectError(await call(sim, 'GET', `${path}?timezone=Mars/Olympus`), 400, /^timezone must be/);
    expectError(await call(sim, 'GET', `${path}?format=csv`), 400, /^format must be json/);
  });
});

describe('GET /{vin}/idles and /last_idle_state', () => {
  it('parked periods between the drives and charges, draining, faster with Sentry Mode on', async () => {
    const { sim } = await fixed();
    for (const vin of sim.vins.slice(0, 4)) {
      const rows = await results(sim, `/${vin}/idles`);
      expect(rows.length).toBeGreaterThan(HISTORY_DAYS * 2);
      for (const r of rows) {
        expect(r['ending_battery']).toBeLessThanOrEqual(r['starting_battery'] as number);
        expect(r['energy_used']).toBeGreaterThanOrEqual(0);
        expect(r['sentry_fraction']).toBeGreaterThanOrEqual(0);
        expect(r['climate_fraction']).toBeLessThanOrEqual(1);
      }
      const perHour = (r: Row) =>
        (r['energy_used'] as number) / (((r['ended_at'] as number) - (r['started_at'] as number)) / 3600);
      const long = rows.filter((r) => (r['ended_at'] as number) - (r['started_at'] as number) > 4 * 3600);
      const sentry = long.filter((r) => r['sentry_fraction'] === 1 && r['climate_fraction'] === 0);
      const quiet = long.filter((r) => r['sentry_fraction'] === 0 && r['climate_fraction'] === 0);
      if (sentry.length > 0 && quiet.length > 0) {
        expect(Math.min(...sentry.map(perHour))).toBeGreaterThan(Math.max(...quiet.map(perHour)));
      }
    }
    // Home at night, filtered by its place.
    const vin = sim.vins[0]!;
    const [lat, lon] = PLACE_COORDS['Home']!;
    const home = await results(
      sim,
      `/${vin}/idles?origin_latitude=${lat}&origin_longitude=${lon}&origin_radius=100&limit=5`,
    );
    expect(home).toHaveLength(5);
    expect(home.every((r) => String(r['location']).startsWith('Home'))).toBe(true);
  });

  it('the last idle state is where the latest parked period began, with the 999 placeholder', async () => {
    const { sim } = await fixed();
    const vin = sim.vins[1]!;
    const [latest] = await results(sim, `/${vin}/idles?limit=1`);
    const r = await call(sim, 'GET', `/${vin}/last_idle_state`);
    expect(r.status).toBe(200);
    const state = (r.json as { result: Row }).result;
    expect(state['timestamp']).toBe(latest!['started_at']);
    expect(state['battery_level']).toBe(latest!['starting_battery']);
    expect(state['ideal_battery_range']).toBe(999);
    expect(state['est_battery_range']).toBeLessThan(state['battery_range'] as number);
  });
});

describe('GET /{vin}/states', () => {
  it('samples every interval, the version changing on the shop day, condensed with the doubled s', async () => {
    const { sim, today } = await fixed();
    const vin = sim.vins[0]!;
    const updateAt = today - SHOP_VISIT_DAYS_AGO * DAY_S + UPDATE_HOUR * 3600;
    const from = updateAt - 3600;
    const to = updateAt + 3600;
    const rows = await results(sim, `/${vin}/states?from=${from}&to=${to}&interval=600`);
    expect(rows.map((r) => r['timestamp'])).toEqual(Array.from({ length: 13 }, (_, i) => from + i * 600));
    const versions = rows.map((r) => r['version']);
    const deployed = sim.vehicleState(vin).deployedVersion;
    expect(versions.at(-1)).toBe(deployed);
    expect(versions.slice(0, 6).every((v) => v !== undefined && v === versions[0])).toBe(true);
    expect(versions.slice(6).every((v) => v === deployed)).toBe(true);
    // At the shop: parked, unlocked, flags as 0/1.
    expect(rows.every((r) => r['shift_state'] === 'P' && r['locked'] === 0)).toBe(true);
    expect(rows.every((r) => [0, 1].includes(r['sentry_mode'] as number))).toBe(true);

    const condensed = await call(
      sim,
      'GET',
      `/${vin}/states?from=${from}&to=${to}&interval=600&condense=true`,
    );
    const columns = (condensed.json as { results: Record<string, unknown[]> }).results;
    expect(columns['timestamps']).toEqual(rows.map((r) => r['timestamp']));
    expect(columns['versions']).toEqual(versions);
    expect(columns['charger_phasess']).toEqual(rows.map((r) => r['charger_phases']));
    expect(Object.keys(columns)).toHaveLength(Object.keys(rows[0]!).length);
  });

  it('interval=1 answers each stored point, 10 s apart; without one, about 500 over the window', async () => {
    const { sim, nowS } = await fixed();
    const vin = sim.vins[2]!;
    const points = await results(sim, `/${vin}/states?from=${nowS - 600}&to=${nowS}&interval=1`);
    expect(points).toHaveLength(61);
    expect(points[1]!['timestamp']).toBe((points[0]!['timestamp'] as number) + 10);
    const auto = await results(sim, `/${vin}/states?from=${nowS - 7 * DAY_S}&to=${nowS}`);
    expect(auto.length).toBeGreaterThan(400);
    expect(auto.length).toBeLessThanOrEqual(505);
    // The last day, without a window.
    const day = await results(sim, `/${vin}/states`);
    expect(day[0]!['timestamp']).toBeGreaterThanOrEqual(nowS - DAY_S);
  });

  it('charging samples with the charger, asleep ones with the 999 placeholder, km and °F when asked', async () => {
    const { sim, nowS } = await fixed();
    const vin = sim.vins[0]!;
    const [charge] = await results(sim, `/${vin}/charges?limit=1`);
    const mid = Math.floor(((charge!['started_at'] as number) + (charge!['ended_at'] as number)) / 20) * 10;
    const [during] = await results(sim, `/${vin}/states?from=${mid}&to=${mid}&interval=1`);
    expect(during).toMatchObject({ charging_state: 'Charging', shift_state: 'P', state: 'online' });
    expect(during!['charger_power']).toBeGreaterThan(0);
    expect(during!['battery_level']).toBeGreaterThanOrEqual(charge!['starting_battery'] as number);
    expect(during!['battery_level']).toBeLessThanOrEqual(charge!['ending_battery'] as number);
    const week = await results(sim, `/${vin}/states?from=${nowS - 7 * DAY_S}&to=${nowS}&interval=3600`);
    const asleep = week.filter((r) => r['state'] === 'asleep');
    expect(asleep.length).toBeGreaterThan(0);
    expect(asleep.every((r) => r['ideal_battery_range'] === 999)).toBe(true);
    const km = await results(
      sim,
      `/${vin}/states?from=${nowS - 7 * DAY_S}&to=${nowS}&interval=3600&distance_format=km&temperature_format=f`,
    );
    expect(km[0]!['odometer']).toBeCloseTo((week[0]!['odometer'] as number) * 1.609344, 0);
    expect(km[0]!['outside_temp']).toBeCloseTo(((week[0]!['outside_temp'] as number) * 9) / 5 + 32, 0);
    // The odometer never goes back.
    for (let i = 1; i < week.length; i++)
      expect(week[i]!['odometer']).toBeGreaterThanOrEqual(week[i - 1]!['odometer'] as number);
  });

  it('400 naming the parameter, including too many samples', async () => {
    const { sim, nowS } = await fixed();
    const path = `/${sim.vins[0]!}/states`;
    expectError(await call(sim, 'GET', `${path}?interval=0`), 400, /^interval must be/);
    expectError(await call(sim, 'GET', `${path}?condense=1`), 400, /^condense must be true or false$/);
    expectError(await call(sim, 'GET', `${path}?temperature_format=k`), 400, /^temperature_format/);
    expectError(
      await call(sim, 'GET', `${path}?from=${nowS - 30 * DAY_S}&to=${nowS}&interval=1`),
      400,
      /^interval 10 would give \d+ samples/,
    );
    expectError(await call(sim, 'GET', `${path}?to=${nowS * 1000}`), 400, /milliseconds/);
  });
});

describe('GET /{vin}/battery', () => {
  it('the pack now, agreeing with the state (miles), never waking the car', async () => {
    const { sim } = await fixed();
    for (const vin of sim.vins) {
      const car = sim.vehicleState(vin);
      const r = await call(sim, 'GET', `/${vin}/battery`);
      expect(r.status).toBe(200);
      const pack = r.json as Row;
      expect(pack['battery_level']).toBe(car.batteryLevel);
      expect(pack['battery_range']).toBeCloseTo((car.fullRangeMiles * car.batteryLevel) / 100, 1);
      expect(pack['energy_remaining']).toBeGreaterThan(0);
      expect(pack['module_temp_max']).toBeGreaterThanOrEqual(pack['module_temp_min'] as number);
      expect(Number.isInteger(pack['timestamp'])).toBe(true);
    }
  });
});

describe('the history reads', () => {
  it('are the same under one seed and clock, differ between cars, and never wake a car', async () => {
    const a = await fixed(5);
    const b = await fixed(5);
    const asleep = a.sim.vehicles().find((v) => v.sleepState === 'asleep')!.vin;
    for (const path of ['charges', 'idles', 'states?interval=3600', 'battery', 'last_idle_state']) {
      const one = await call(a.sim, 'GET', `/${asleep}/${path}`);
      const two = await call(b.sim, 'GET', `/${asleep}/${path}`);
      expect(one.status, path).toBe(200);
      expect(one.text, path).toBe(two.text);
    }
    expect(a.sim.vehicleState(asleep).sleepState).toBe('asleep');
    const [x, y] = a.sim.vins;
    expect((await call(a.sim, 'GET', `/${x}/charges`)).text).not.toBe(
      (await call(a.sim, 'GET', `/${y}/charges`)).text,
    );
  });
});

describe('GET /{vin}/consumption_since_charge and /location', () => {
  it('what the car used since its last charge, the parked part the total less the driving part', async () => {
    const { sim } = await fixed();
    for (const vin of sim.vins.slice(0, 4)) {
      const [charge] = await results(sim, `/${vin}/charges?limit=1`);
      const r = await call(sim, 'GET', `/${vin}/consumption_since_charge`);
      expect(r.status).toBe(200);
      const used = r.json as Record<string, number>;
      expect(used['last_charge_at']).toBe(charge!['ended_at']);
      expect(used['battery_percent_used']).toBeGreaterThanOrEqual(used['battery_percent_used_by_driving']!);
      expect(used['energy_used']).toBeGreaterThanOrEqual(used['energy_used_by_driving']!);
      expect(used['rated_range_used']).toBeGreaterThanOrEqual(used['ideal_range_used']!);
      // The drives since the charge add up to the distance driven.
      const drivenSince = used['distance_driven']!;
      expect(drivenSince).toBeGreaterThanOrEqual(0);
      if (drivenSince > 0) expect(used['energy_used_by_driving']).toBeGreaterThan(0);
    }
  });

  it('where the state says the car is, with its saved place', async () => {
    const { sim } = await fixed();
    for (const vin of sim.vins) {
      const r = await call(sim, 'GET', `/${vin}/location`);
      const state = (await call(sim, 'GET', `/${vin}/state`)).json as {
        drive_state: { latitude: number; longitude: number };
      };
      const where = r.json as Record<string, unknown>;
      expect([where['latitude'], where['longitude']]).toEqual([
        state.drive_state.latitude,
        state.drive_state.longitude,
      ]);
      expect(typeof where['address']).toBe('string');
      const place = String(where['address']).split(',')[0];
      expect(where['saved_location']).toBe(
        ['Home', 'Office', 'Service Center'].includes(place!) ? place : null,
      );
    }
  });
});

describe('the account’s reads', () => {
  it('GET /battery_health: every car, health and degradation adding to 100, only the active when asked', async () => {
    const { sim } = await fixed();
    const rows = await results(sim, '/battery_health');
    expect(rows.map((r) => r['vin']).sort()).toEqual([...sim.vins].sort());
    for (const row of rows) {
      const car = sim.vehicleState(row['vin'] as string);
      const one = (await call(sim, 'GET', `/${car.vin}/battery_health`)).json as { result: Row };
      expect(row).toMatchObject({ plate: car.plate, odometer: car.odometerMiles, ...one.result });
      expect((row['health_percent'] as number) + (row['degradation_percent'] as number)).toBeCloseTo(100, 5);
      expect(row['capacity']).toBeLessThanOrEqual(row['original_capacity'] as number);
    }
    const active = await results(sim, '/battery_health?only_active=true');
    expect(active.map((r) => r['vin'])).toEqual(
      rows.filter((r) => sim.vehicleState(r['vin'] as string).active).map((r) => r['vin']),
    );
    expect(active.length).toBeLessThan(rows.length);
    const km = await results(sim, '/battery_health?distance_format=km');
    expect(km[0]!['odometer']).toBeCloseTo((rows[0]!['odometer'] as number) * 1.609344, 0);
    expectError(
      await call(sim, 'GET', '/battery_health?only_active=1'),
      400,
      /^only_active must be true or false$/,
    );
    expectError(await call(sim, 'GET', '/battery_health?to=1700000000000'), 400, /milliseconds/);
  });

  it('GET /battery_health with a window: each car as last measured by its end, less worn a year ago', async () => {
    const { sim, nowS } = await fixed();
    const now = await results(sim, '/battery_health');
    const yearAgo = await results(sim, `/battery_health?from=${nowS - 400 * DAY_S}&to=${nowS - 365 * DAY_S}`);
    expect(yearAgo.length).toBeGreaterThan(0);
    for (const then of yearAgo) {
      const today = now.find((r) => r['vin'] === then['vin'])!;
      expect(then['odometer']).toBeLessThan(today['odometer'] as number);
      expect(then['capacity']).toBeGreaterThanOrEqual(today['capacity'] as number);
    }
  });

  it('POST /api/1/vehicles/fleet_status: paired or not, per car its readiness, others in neither list', async () => {
    const { sim } = await fixed();
    const stranger = '5YJ3E1EA7KF317000';
    const r = await call(sim, 'POST', '/api/1/vehicles/fleet_status', {
      body: { vins: [...sim.vins, stranger] },
    });
    expect(r.status, r.text).toBe(200);
    const { response } = r.json as {
      response: { key_paired_vins: string[]; unpaired_vins: string[]; vehicle_info: Record<string, Row> };
    };
    expect([...response.key_paired_vins, ...response.unpaired_vins].sort()).toEqual([...sim.vins].sort());
    expect(response.unpaired_vins.length).toBeGreaterThan(0);
    expect(response.key_paired_vins.length).toBeGreaterThan(response.unpaired_vins.length);
    expect(Object.keys(response.vehicle_info).sort()).toEqual([...sim.vins].sort());
    for (const vin of sim.vins) {
      const car = sim.vehicleState(vin);
      expect(response.vehicle_info[vin]).toMatchObject({
        firmware_version: car.deployedVersion,
        vehicle_command_protocol_required: car.year >= 2021,
        total_number_of_keys: expect.any(Number),
      });
    }
    expectError(
      await call(sim, 'POST', '/api/1/vehicles/fleet_status', { body: { vins: 'x' } }),
      400,
      /^vins must be an array/,
    );
    expectError(
      await call(sim, 'POST', '/api/1/vehicles/fleet_status', { body: { vins: [] } }),
      400,
      /^vins must name 1 to/,
    );
    expectError(await call(sim, 'GET', '/api/1/vehicles/fleet_status'), 405, /use POST$/);
  });
});

describe('GET /{vin}/tire_pressure over a window', () => {
  it('a reading a day, higher going back since the shop topped them up, lower before; in kPa or psi', async () => {
    const { sim, nowS, today } = await fixed();
    const vin = sim.vins[0]!;
    const now = (await call(sim, 'GET', `/${vin}/tire_pressure`)).json as Record<string, number>;
    const rows = await results(sim, `/${vin}/tire_pressure?from=${nowS - 10 * DAY_S}&to=${nowS}`);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => ((r['timestamp'] as number) - DAY_S / 2) % DAY_S === 0)).toBe(true);
    const shopVisit = today - SHOP_VISIT_DAYS_AGO * DAY_S;
    const after = rows.filter((r) => (r['timestamp'] as number) >= shopVisit);
    const before = rows.filter((r) => (r['timestamp'] as number) < shopVisit);
    // Since the visit: each older reading a little higher than the next, all above now.
    for (let i = 1; i < after.length; i++)
      expect(after[i]!['front_left']).toBeLessThanOrEqual(after[i - 1]!['front_left'] as number);
    expect(after.every((r) => (r['front_left'] as number) >= now['front_left']!)).toBe(true);
    // The day before the visit they read lower than the day after it.
    expect(before.at(-1)!['front_left']).toBeLessThan(after[0]!['front_left'] as number);
    const kpa = await results(
      sim,
      `/${vin}/tire_pressure?from=${nowS - 10 * DAY_S}&to=${nowS}&pressure_format=kpa`,
    );
    expect(kpa[0]!['front_left']).toBeCloseTo((rows[0]!['front_left'] as number) * 100, 0);
    expect(kpa[0]!['front_left_status']).toBe(rows[0]!['front_left_status']);
    const psi = (await call(sim, 'GET', `/${vin}/tire_pressure?pressure_format=psi`)).json as Record<
      string,
      number
    >;
    expect(psi['front_left']).toBeCloseTo(now['front_left']! * 14.5038, 0);
    expectError(
      await call(sim, 'GET', `/${vin}/tire_pressure?pressure_format=atm`),
      400,
      /^pressure_format must be/,
    );
  });

  it('with tyreHistoryForm "object": the newest reading of the window alone', async () => {
    const clock = new ManualClock();
    const sim = await start({ clock, seed: 11, tyreHistoryForm: 'object' });
    const twin = await fixed(11);
    const vin = sim.vins[0]!;
    const nowS = clock.now() / 1000;
    const window = `?from=${nowS - 5 * DAY_S}&to=${nowS}`;
    const list = await results(twin.sim, `/${vin}/tire_pressure${window}`);
    const one = await call(sim, 'GET', `/${vin}/tire_pressure${window}`);
    expect(one.json).toEqual(list.at(-1));
    expectError(await call(sim, 'GET', `/${vin}/tire_pressure?from=946684800&to=946771200`), 404, /window/);
  });
});

describe('GET /{vin}/path and /weather', () => {
  it('the path of the drives in a window: strings, every point, objects, or a list per drive', async () => {
    const { sim, nowS } = await fixed();
    const vin = sim.vins[0]!;
    const window = `from=${nowS - 2 * DAY_S}&to=${nowS}`;
    const simple = (await call(sim, 'GET', `/${vin}/path?${window}`)).json as { results: string[] };
    expect(simple.results.length).toBeGreaterThan(20);
    expect(simple.results.every((p) => /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(p))).toBe(true);
    const every = (await call(sim, 'GET', `/${vin}/path?${window}&simplify=false`)).json as {
      results: string[];
    };
    expect(every.results.length).toBeGreaterThan(simple.results.length * 5);
    const detailed = (await call(sim, 'GET', `/${vin}/path?${window}&details=true`)).json as {
      results: Record<string, number>[];
    };
    expect(detailed.results.map((p) => `${p['latitude']},${p['longitude']}`)).toEqual(simple.results);
    for (let i = 1; i < detailed.results.length; i++)
      expect(detailed.results[i]!['timestamp']).toBeGreaterThan(detailed.results[i - 1]!['timestamp']!);
    expect(detailed.results.every((p) => p['speed']! > 0)).toBe(true);
    const perDrive = (await call(sim, 'GET', `/${vin}/path?${window}&separate=true`)).json as {
      results: string[][];
    };
    expect(perDrive.results.length).toBeGreaterThanOrEqual(2);
    expect(perDrive.results.flat()).toEqual(simple.results);
    expectError(await call(sim, 'GET', `/${vin}/path?details=1`), 400, /^details must be true or false$/);
  });

  it('the weather where the car is, the same all day under one seed', async () => {
    const a = await fixed(3);
    const b = await fixed(3);
    const vin = a.sim.vins[0]!;
    const one = await call(a.sim, 'GET', `/${vin}/weather`);
    expect(one.status).toBe(200);
    expect(one.text).toBe((await call(b.sim, 'GET', `/${vin}/weather`)).text);
    const w = one.json as Record<string, number>;
    expect(w['temperature']).toBe(a.sim.vehicleState(vin).outsideTempC);
    expect(w['sunset']).toBeGreaterThan(w['sunrise']!);
    expect(w['humidity']).toBeGreaterThan(0);
  });
});

describe('POST /{vin}/charges/{id}/set_cost', () => {
  it('records a session’s cost (body or query), clears it with null, 404 for a session the car lacks', async () => {
    const { sim } = await fixed();
    const vin = sim.vins[0]!;
    const [session] = await results(sim, `/${vin}/charges?limit=1`);
    const path = `/${vin}/charges/${String(session!['id'])}/set_cost`;
    expect((await call(sim, 'POST', path, { body: { cost: 12.5 } })).json).toEqual({ result: true });
    expect((await results(sim, `/${vin}/charges?limit=1`))[0]!['cost']).toBe(12.5);
    expect((await call(sim, 'GET', `${path}?cost=3`)).json).toEqual({ result: true });
    expect((await results(sim, `/${vin}/charges?limit=1`))[0]!['cost']).toBe(3);
    expect((await call(sim, 'POST', path, { body: { cost: null } })).json).toEqual({ result: true });
    expect((await results(sim, `/${vin}/charges?limit=1`))[0]!['cost']).toBeNull();
    expectError(await call(sim, 'POST', path, { body: { cost: -1 } }), 400, /^cost must be/);
    expectError(await call(sim, 'POST', path, { body: {} }), 400, /^cost is required/);
    expectError(
      await call(sim, 'POST', `/${vin}/charges/1/set_cost`, { body: { cost: 1 } }),
      404,
      /No charging session 1/,
    );
  });
});
