// The public operations beyond the twelve, over real HTTP: each success shape, validated with the
// client's own zod schemas, and what the seeded fleet shows through them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountVehiclesSchema,
  drivesSchema,
  firmwareAlertsSchema,
  plateReadSchema,
  tirePressureSchema,
  vehicleStateSchema,
  vehicleStatusSchema,
  wakeResultSchema,
} from '../../electron/shared/wire';
import { startSimulator, type Simulator } from '../../electron/main/simulator/index';
import { FAST, call, findVin } from './client';

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ ...FAST, seed: 7 });
});
afterAll(() => sim.stop());

const json = async (path: string) => {
  const r = await call(sim, 'GET', path);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  return r.json as Record<string, unknown>;
};

describe('GET /vehicles', () => {
  it('lists every vehicle with is_active and its last state, the same object as GET state', async () => {
    const body = await json('/vehicles');
    const parsed = accountVehiclesSchema.parse(body);
    expect(parsed.results.map((v) => v.vin)).toEqual(sim.vins);
    const raw = body['results'] as { vin: string; last_state: Record<string, unknown> }[];
    for (const entry of raw) {
      expect(entry.last_state).toEqual(await json(`/${entry.vin}/state`));
      // The real state object carries the account's tokens; clients must drop them.
      expect(entry.last_state['tokens']).toEqual(sim.vehicleState(entry.vin).tokens);
      expect(sim.vehicleState(entry.vin).tokens.every((t) => /^[0-9a-f]{32}$/.test(t))).toBe(true);
    }
  });

  it('only_active=true leaves out the inactive vehicle; false (the default) keeps it', async () => {
    const inactive = findVin(sim, (v) => !v.active);
    const all = accountVehiclesSchema.parse(await json('/vehicles?only_active=false'));
    const active = accountVehiclesSchema.parse(await json('/vehicles?only_active=true'));
    expect(all.results.find((v) => v.vin === inactive)?.is_active).toBe(false);
    expect(active.results.map((v) => v.vin)).toEqual(sim.vins.filter((v) => v !== inactive));
    expect(active.results.every((v) => v.is_active)).toBe(true);
  });
});

describe('GET /{vin}/status', () => {
  it('answers awake, asleep, and asleep for an offline vehicle', async () => {
    const expected = { awake: 'awake', asleep: 'asleep', offline: 'asleep' } as const;
    for (const vin of sim.vins) {
      const status = vehicleStatusSchema.parse(await json(`/${vin}/status`));
      expect(status.status).toBe(expected[sim.vehicleState(vin).sleepState]);
    }
  });
});

describe('GET /{vin}/state', () => {
  it('has every section with a millisecond timestamp and the fields the garage needs', async () => {
    const vin = findVin(sim, (v) => v.sleepState === 'awake');
    const before = Date.now();
    const body = await json(`/${vin}/state`);
    const state = vehicleStateSchema.parse(body);
    const v = sim.vehicleState(vin);
    expect(state).toMatchObject({
      vin,
      display_name: v.displayName,
      state: 'online',
      in_service: v.inService,
    });
    for (const section of [
      'charge_state',
      'climate_state',
      'vehicle_state',
      'drive_state',
      'vehicle_config',
    ] as const) {
      const stamp = state[section]?.timestamp as number;
      // Milliseconds, and current (the real service's cached data is under 15 s old when awake).
      expect(stamp).toBeGreaterThan(before - 15_000);
      expect(stamp).toBeLessThanOrEqual(Date.now());
    }
    expect(state.charge_state).toMatchObject({
      battery_level: v.batteryLevel,
      charge_limit_soc: v.chargeLimitPercent,
      charge_limit_soc_min: 50,
      charge_limit_soc_max: 100,
      charge_current_request: v.chargingAmps,
      charge_current_request_max: v.maxAmps,
      charge_port_door_open: v.chargePort !== 'closed',
    });
    expect(state.charge_state?.battery_range).toBeCloseTo((v.fullRangeMiles * v.batteryLevel) / 100, 1);
    expect(state.climate_state).toMatchObject({
      driver_temp_setting: v.cabinTemperatureC,
      min_avail_temp: 15,
      max_avail_temp: 28,
    });
    expect(state.vehicle_state).toMatchObject({
      odometer: v.odometerMiles,
      valet_mode: v.valet,
      low_power_mode: v.lowPower,
      speed_limit_mode: { current_limit_mph: v.speedLimitMph, min_limit_mph: 50 },
    });
    expect(state.vehicle_state?.car_version).toMatch(
      new RegExp(`^${v.deployedVersion.replace(/\./g, '\\.')} [0-9a-f]{12}$`),
    );
    expect(state.vehicle_config?.car_type).toMatch(/^(models|model3|modelx|modely|cybertruck)$/);
    expect(state.drive_state?.shift_state).toBe('P');
    expect(body['tokens']).toEqual(v.tokens);
  });

  it('answers a sleeping vehicle from the moment it fell asleep, and an offline one from when it went offline', async () => {
    for (const [sleep, word] of [
      ['asleep', 'asleep'],
      ['offline', 'offline'],
    ] as const) {
      const vin = findVin(sim, (v) => v.sleepState === sleep);
      const since = sim.vehicleState(vin).asleepSince as number;
      expect(since).toBeLessThan(Date.now() - 3_600_000);
      const state = vehicleStateSchema.parse(await json(`/${vin}/state?use_cache=true`));
      expect(state.state).toBe(word);
      expect(state.charge_state?.timestamp).toBe(since);
      expect(state.vehicle_state?.timestamp).toBe(since);
      expect(state.drive_state?.shift_state).toBeNull();
    }
  });

  it('use_cache=false on an awake vehicle reads it now; on an asleep one answers only the state', async () => {
    const awake = findVin(sim, (v) => v.sleepState === 'awake');
    const t0 = Date.now();
    const live = vehicleStateSchema.parse(await json(`/${awake}/state?use_cache=false`));
    expect(live.state).toBe('online');
    expect(live.climate_state?.timestamp).toBeGreaterThanOrEqual(t0);
    const asleep = findVin(sim, (v) => v.sleepState === 'asleep');
    const body = await json(`/${asleep}/state?use_cache=false`);
    expect(body).toEqual({ state: 'asleep' });
    expect(vehicleStateSchema.parse(body).state).toBe('asleep');
  });
});

describe('GET /{vin}/plate', () => {
  it('answers the plate, or null when the vehicle has none', async () => {
    for (const vin of sim.vins) {
      const plate = plateReadSchema.parse(await json(`/${vin}/plate`));
      expect(plate.result).toBe(sim.vehicleState(vin).plate);
    }
    expect(sim.vehicles().some((v) => v.plate === null)).toBe(true);
  });
});

describe('GET /{vin}/drives', () => {
  it('answers every drive, newest first, with the full public fields', async () => {
    const vin = sim.vins[4] as string;
    const body = await json(`/${vin}/drives`);
    const drives = drivesSchema.parse(body).results;
    const own = sim.vehicleState(vin).drives;
    expect(drives.map((d) => d.id)).toEqual(own.map((d) => d.id).reverse());
    const raw = (body['results'] as Record<string, unknown>[])[0] as Record<string, unknown>;
    // The fields the public description marks required, plus speeds and temperatures.
    for (const field of [
      'id',
      'started_at',
      'ended_at',
      'starting_location',
      'starting_latitude',
      'starting_longitude',
      'ending_location',
      'ending_latitude',
      'ending_longitude',
      'starting_battery',
      'ending_battery',
      'rated_range_used',
      'odometer_distance',
      'energy_used',
      'average_speed',
      'max_speed',
      'average_inside_temperature',
      'average_outside_temperature',
    ]) {
      expect(raw[field], field).toEqual(expect.anything());
    }
    expect(raw).toHaveProperty('tag');
    const newest = own.at(-1);
    expect(drives[0]).toMatchObject({
      id: newest?.id,
      started_at: newest?.startedAt,
      ended_at: newest?.endedAt,
      starting_location: newest?.from,
      ending_location: newest?.to,
      odometer_distance: newest?.distanceMiles,
      tag: newest?.tag,
    });
    expect(drives.every((d) => (d.ending_battery as number) <= (d.starting_battery as number))).toBe(true);
  });

  it('the seeded drives carry tags, and some none', () => {
    const drives = sim.vehicles().flatMap((v) => v.drives);
    expect(drives.some((d) => d.tag !== null)).toBe(true);
    expect(drives.some((d) => d.tag === null)).toBe(true);
  });

  it('filters by time, tag, excluded tag and minimum distance', async () => {
    const vin = sim.vins[5] as string;
    const own = sim.vehicleState(vin).drives;
    const ids = async (qs: string) =>
      drivesSchema.parse(await json(`/${vin}/drives?${qs}`)).results.map((d) => d.id);
    const mid = own[Math.floor(own.length / 2)];
    expect(await ids(`from=${mid?.startedAt}`)).toEqual(
      own
        .filter((d) => d.startedAt >= (mid?.startedAt as number))
        .map((d) => d.id)
        .reverse(),
    );
    expect(await ids(`to=${mid?.startedAt}`)).toEqual(
      own
        .filter((d) => d.startedAt <= (mid?.startedAt as number))
        .map((d) => d.id)
        .reverse(),
    );
    expect(await ids(`from=${mid?.startedAt}&to=${mid?.startedAt}`)).toEqual([mid?.id]);
    // Tag a known pair, then filter by it and against it.
    const [a, b] = own;
    await call(sim, 'POST', `/${vin}/drives/set_tag`, {
      body: { drives: `${a?.id},${b?.id}`, tag: 'Audit' },
    });
    expect((await ids('tag=Audit')).sort()).toEqual([a?.id, b?.id].sort());
    const rest = await ids('tag=Audit&exclude_tag=true');
    expect(rest).toHaveLength(own.length - 2);
    expect(rest).not.toContain(a?.id);
    expect(await ids('tag=Audit&exclude_tag=false')).toEqual(await ids('tag=Audit'));
    const longest = Math.max(...own.map((d) => d.distanceMiles));
    expect(await ids(`minimum_distance=${longest}`)).toEqual(
      own
        .filter((d) => d.distanceMiles >= longest)
        .map((d) => d.id)
        .reverse(),
    );
    expect(await ids(`minimum_distance=${longest + 0.1}`)).toEqual([]);
    expect(await ids('timezone=Europe/Berlin')).toEqual(await ids('timezone=UTC'));
  });

  it('converts distances and speeds to km, temperatures to °F', async () => {
    const vin = sim.vins[6] as string;
    const base = (await json(`/${vin}/drives`))['results'] as Record<string, number>[];
    const metric = (await json(`/${vin}/drives?distance_format=km&temperature_format=f`))[
      'results'
    ] as Record<string, number>[];
    const [m, k] = [base[0] as Record<string, number>, metric[0] as Record<string, number>];
    for (const field of ['odometer_distance', 'average_speed', 'max_speed', 'rated_range_used']) {
      expect(k[field], field).toBeCloseTo((m[field] as number) * 1.609344, 1);
    }
    for (const field of ['average_inside_temperature', 'average_outside_temperature']) {
      expect(k[field], field).toBeCloseTo(((m[field] as number) * 9) / 5 + 32, 1);
    }
    expect(k['starting_battery']).toBe(m['starting_battery']);
    expect(k['energy_used']).toBe(m['energy_used']);
  });
});

describe('GET /{vin}/firmware_alerts', () => {
  it('answers each vehicle’s alerts, newest first; the fleet has a few', async () => {
    let total = 0;
    for (const vin of sim.vins) {
      const alerts = firmwareAlertsSchema.parse(await json(`/${vin}/firmware_alerts`)).results;
      total += alerts.length;
      const times = alerts.map((a) => a.timestamp);
      expect(times).toEqual([...times].sort((x, y) => y - x));
      for (const alert of alerts) {
        // Unix seconds, not milliseconds.
        expect(alert.timestamp).toBeLessThan(Date.now() / 1000 + 1);
        expect(alert.timestamp).toBeGreaterThan(Date.now() / 1000 - 60 * 86_400);
        expect(alert.name).toMatch(/^[A-Z]+_[a-z]\d{3}_\w+$/);
      }
    }
    expect(total).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /{vin}/tire_pressure', () => {
  it('answers pressures in bar with statuses; exactly one vehicle has a low tyre, which raised an alert', async () => {
    const low: string[] = [];
    for (const vin of sim.vins) {
      const t = tirePressureSchema.parse(await json(`/${vin}/tire_pressure`));
      for (const wheel of ['front_left', 'front_right', 'rear_left', 'rear_right'] as const) {
        expect(t[wheel]).toBeGreaterThan(1.5);
        expect(t[wheel]).toBeLessThan(3.5);
        expect(t[`${wheel}_status`]).toBe((t[wheel] as number) < 2.5 ? 'low' : 'normal');
      }
      expect(t.timestamp).toBeLessThan(Date.now() / 1000 + 1);
      if (Object.values(t).includes('low')) low.push(vin);
    }
    expect(low).toHaveLength(1);
    const alerts = firmwareAlertsSchema.parse(await json(`/${low[0]}/firmware_alerts`)).results;
    expect(alerts.map((a) => a.name)).toContain('VCFRONT_a180_tirePressureLow');
  });

  it('the state object reports the same pressures', async () => {
    const vin = sim.vins[0] as string;
    const t = tirePressureSchema.parse(await json(`/${vin}/tire_pressure`));
    const s = vehicleStateSchema.parse(await json(`/${vin}/state`));
    expect(s.vehicle_state).toMatchObject({
      tpms_pressure_fl: t.front_left,
      tpms_pressure_fr: t.front_right,
      tpms_pressure_rl: t.rear_left,
      tpms_pressure_rr: t.rear_right,
    });
  });
});

describe('software updates', () => {
  it('staged versions show as downloading or scheduled, the others as nothing to install', async () => {
    const statuses = new Set<string>();
    for (const vin of sim.vins) {
      const update = vehicleStateSchema.parse(await json(`/${vin}/state`)).vehicle_state?.software_update;
      const staged = sim.vehicleState(vin).stagedVersion;
      statuses.add(update?.status ?? 'missing');
      if (staged === null) expect(update).toMatchObject({ status: '', version: '' });
      else
        expect(update).toMatchObject({
          status: expect.stringMatching(/^(downloading|scheduled)$/),
          version: staged,
        });
    }
    expect([...statuses].sort()).toEqual(['', 'downloading', 'scheduled']);
  });
});

describe('POST /{vin}/wake', () => {
  it('answers true for an awake vehicle at once', async () => {
    const vin = findVin(sim, (v) => v.sleepState === 'awake');
    const r = await call(sim, 'POST', `/${vin}/wake`);
    expect(r.status).toBe(200);
    expect(wakeResultSchema.parse(r.json)).toEqual({ result: true });
  });
});
