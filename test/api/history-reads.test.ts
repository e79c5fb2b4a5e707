// The history reads as the client sends and reads them against the simulator over real HTTP: the
// query under the public names, the answers checked with the shared schemas and normalised at the
// boundary (999 → null, 0/1 → booleans, milliseconds → seconds, a `result` wrapper taken off);
// the public reference's own examples read with the same schemas; and a public client, plain fetch
// with the token as a third party would send it, reading the simulator.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import {
  batterySchema,
  chargesSchema,
  condensedKey,
  consumptionSchema,
  idlesSchema,
  lastIdleStateSchema,
  locationSchema,
  pathSchema,
  statesSchema,
  weatherSchema,
} from '../../electron/shared/history-wire';
import { fleetBatteryHealthSchema, fleetStatusSchema } from '../../electron/shared/fleet-wire';
import { tirePressureAnswerSchema } from '../../electron/shared/vehicle-read-schemas';
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
const asleepVin = () => sim.vehicles().find((v) => v.sleepState === 'asleep')!.vin;

describe('the client against the simulator', () => {
  it('charges: filters sent under their public names, sessions newest first, booleans kept', async () => {
    const vin = asleepVin();
    const to = Math.floor(Date.now() / 1000);
    sim.clearRequests();
    const { client } = clientFor(sim);
    const answer = await client.charges(vin, {
      from: to - 30 * DAY_S,
      to,
      originLatitude: 37.4275,
      originLongitude: -121.9066,
      originRadius: 150,
      excludeOrigin: true,
      minimumEnergyAdded: 1,
      limit: 50,
      distanceFormat: 'km',
      timezone: 'Europe/Berlin',
    });
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.every((c) => !String(c.location).startsWith('Service Center'))).toBe(true);
    expect(answer.results.every((c) => typeof c.is_supercharger === 'boolean')).toBe(true);
    expect(apiRequests(sim).map((r) => [r.method, r.path, r.query])).toEqual([
      [
        'GET',
        `/${vin}/charges`,
        {
          from: String(to - 30 * DAY_S),
          to: String(to),
          origin_latitude: '37.4275',
          origin_longitude: '-121.9066',
          origin_radius: '150',
          exclude_origin: 'true',
          minimum_energy_added: '1',
          limit: '50',
          distance_format: 'km',
          timezone: 'Europe/Berlin',
        },
      ],
    ]);
    const dc = await client.charges(vin, { superchargersOnly: true });
    expect(dc.results.every((c) => c.is_supercharger === true)).toBe(true);
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });

  it('states: rows with 0/1 flags as booleans and the 999 placeholder as null', async () => {
    const vin = asleepVin();
    const to = Math.floor(Date.now() / 1000);
    sim.clearRequests();
    const { client } = clientFor(sim);
    const answer = await client.states(vin, { from: to - 2 * DAY_S, to, interval: 3600 });
    if (Array.isArray(answer.results) === false) throw new Error('expected rows');
    const rows = answer.results as Extract<typeof answer.results, unknown[]>;
    expect(rows.length).toBeGreaterThanOrEqual(47);
    expect(rows.every((r) => typeof r.locked === 'boolean' && typeof r.sentry_mode === 'boolean')).toBe(true);
    const asleep = rows.filter((r) => r.state === 'asleep');
    expect(asleep.length).toBeGreaterThan(0);
    expect(asleep.every((r) => r.ideal_battery_range === null)).toBe(true);
    expect(
      rows.filter((r) => r.state === 'online').every((r) => typeof r.ideal_battery_range === 'number'),
    ).toBe(true);
    expect(apiRequests(sim).map((r) => r.query)).toEqual([
      { from: String(to - 2 * DAY_S), to: String(to), interval: '3600' },
    ]);
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });

  it('states, condensed: one object of columns, the doubled s of charger_phasess kept', async () => {
    const vin = sim.vins[0]!;
    const to = Math.floor(Date.now() / 1000);
    const { client } = clientFor(sim);
    const answer = await client.states(vin, { from: to - DAY_S, to, interval: 1800, condense: true });
    if (Array.isArray(answer.results)) throw new Error('expected columns');
    const columns = answer.results;
    expect(condensedKey('charger_phases')).toBe('charger_phasess');
    expect(columns.charger_phasess).toHaveLength(columns.timestamps!.length);
    expect(columns.timestamps!.length).toBeGreaterThanOrEqual(48);
    expect(columns.lockeds!.every((value) => typeof value === 'boolean')).toBe(true);
    expect(columns.versions!.every((value) => typeof value === 'string')).toBe(true);
  });

  it('idles, last idle state and the pack: the drain, the placeholder as null, the level as the state’s', async () => {
    const vin = asleepVin();
    sim.clearRequests();
    const { client } = clientFor(sim);
    const idles = await client.idles(vin, { limit: 3 });
    expect(idles.results).toHaveLength(3);
    const last = await client.lastIdleState(vin);
    expect(last.result.timestamp).toBe(idles.results[0]!.started_at);
    expect(last.result.ideal_battery_range).toBeNull();
    const pack = await client.battery(vin);
    expect(pack.battery_level).toBe(sim.vehicleState(vin).batteryLevel);
    expect(pack.energy_remaining).toBeGreaterThan(0);
    expect(apiRequests(sim).map((r) => [r.path, r.query])).toEqual([
      [`/${vin}/idles`, { limit: '3' }],
      [`/${vin}/last_idle_state`, {}],
      [`/${vin}/battery`, {}],
    ]);
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });

  it('a filter the service refuses is its 400, named', async () => {
    const { client } = clientFor(sim);
    const error = await caught(
      client.states(sim.vins[0]!, { from: 1_700_000_000, to: 1_702_000_000, interval: 1 }),
    );
    expect(error.kind).toBe('rejected');
    expect(error.message).toContain('interval');
  });
});

describe('the public reference’s examples, normalised', () => {
  it('the pack: flat or wrapped in result, a time in ms made seconds', () => {
    const pack = {
      timestamp: 1_710_785_340,
      battery_level: 89.828,
      battery_range: 273.47,
      ideal_battery_range: 273.47,
      phantom_drain_percent: 1,
      energy_remaining: 85.5,
      lifetime_energy_used: 3266.888,
      pack_current: -0.6,
      pack_voltage: 451.61,
      module_temp_min: 20.5,
      module_temp_max: 21,
    };
    expect(batterySchema.parse(pack)).toEqual(pack);
    expect(batterySchema.parse({ result: pack })).toEqual(pack);
    expect(batterySchema.parse({ ...pack, timestamp: 1_710_785_340_123 }).timestamp).toBe(1_710_785_340);
    // Idempotent: a normalised copy (the offline cache's) reads back unchanged.
    expect(batterySchema.parse(batterySchema.parse({ result: pack }))).toEqual(pack);
  });

  it('a charging session and a parked period', () => {
    const charge = {
      id: 434159,
      started_at: 1_628_906_760,
      ended_at: 1_628_911_200,
      location: 'South Las Vegas Boulevard, Las Vegas',
      latitude: 36.070656,
      longitude: -115.172968,
      is_supercharger: true,
      odometer: 12345.67,
      energy_added: 81.41,
      energy_used: 81.5,
      miles_added: 256,
      miles_added_ideal: 512,
      starting_battery: 11,
      ending_battery: 96,
      cost: 0,
    };
    expect(chargesSchema.parse({ results: [charge] })).toEqual({ results: [charge] });
    expect(
      chargesSchema.parse({ results: [{ ...charge, is_supercharger: 1 }] }).results[0]!.is_supercharger,
    ).toBe(true);
    const idle = {
      id: 1393231,
      started_at: 1_626_454_380,
      ended_at: 1_626_461_940,
      location: 'Las Vegas',
      latitude: 36.1,
      longitude: -115.1,
      starting_battery: 66,
      ending_battery: 63,
      rated_range_used: 8.29,
      climate_fraction: 1,
      sentry_fraction: 0,
      energy_used: 2.64,
    };
    expect(idlesSchema.parse({ results: [idle] })).toEqual({ results: [idle] });
  });

  it('states: the row form with 0/1 flags and 999, and the condensed form with charger_phasess', () => {
    const row = {
      id: 1,
      timestamp: 1_644_010_140,
      state: 'online',
      charging_state: 'Charging',
      shift_state: 'P',
      version: '2022.4',
      battery_level: 55,
      ideal_battery_range: 999,
      speed: null,
      charger_phases: 3,
      df: 0,
      locked: 1,
      sentry_mode: 0,
    };
    const rows = statesSchema.parse({ results: [row] });
    expect(rows).toEqual({
      results: [{ ...row, ideal_battery_range: null, df: false, locked: true, sentry_mode: false }],
    });
    const condensed = statesSchema.parse({
      results: { timestamps: [1_644_010_140, 1_644_010_150], charger_phasess: [3, 3], lockeds: [1, 0] },
    });
    expect(condensed).toEqual({
      results: {
        timestamps: [1_644_010_140, 1_644_010_150],
        charger_phasess: [3, 3],
        lockeds: [true, false],
      },
    });
    // A flag that is neither 0/1 nor a boolean is not a flag.
    expect(statesSchema.safeParse({ results: [{ ...row, locked: 2 }] }).success).toBe(false);
  });

  it('the last idle state with its placeholder', () => {
    expect(
      lastIdleStateSchema.parse({
        result: {
          timestamp: 1_675_173_600,
          battery_level: 68,
          usable_battery_level: 68,
          battery_range: 204.96,
          est_battery_range: 165.47,
          ideal_battery_range: 999,
        },
      }).result.ideal_battery_range,
    ).toBeNull();
  });
});

describe('a public client', () => {
  it('reads every history read with plain fetch and the token, in the reference’s keys', async () => {
    const vin = sim.vins[0]!;
    const get = async (path: string) => {
      const response = await fetch(`${sim.baseUrl}/${vin}/${path}`, {
        headers: { authorization: `Bearer ${sim.token}` },
      });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      return (await response.json()) as Record<string, unknown>;
    };
    const charges = (await get('charges?limit=1')) as { results: Record<string, unknown>[] };
    expect(Object.keys(charges.results[0]!).sort()).toEqual(
      [
        'id',
        'started_at',
        'ended_at',
        'location',
        'latitude',
        'longitude',
        'is_supercharger',
        'odometer',
        'energy_added',
        'energy_used',
        'miles_added',
        'miles_added_ideal',
        'starting_battery',
        'ending_battery',
        'cost',
      ].sort(),
    );
    const idles = (await get('idles?limit=1')) as { results: Record<string, unknown>[] };
    expect(Object.keys(idles.results[0]!)).toEqual(
      expect.arrayContaining([
        'started_at',
        'ended_at',
        'climate_fraction',
        'sentry_fraction',
        'energy_used',
      ]),
    );
    const condensed = (await get('states?interval=3600&condense=true')) as {
      results: Record<string, unknown[]>;
    };
    expect(Object.keys(condensed.results)).toEqual(expect.arrayContaining(['timestamps', 'charger_phasess']));
    const pack = await get('battery');
    expect(Object.keys(pack)).toEqual(
      expect.arrayContaining(['battery_level', 'pack_voltage', 'module_temp_max']),
    );
    // The token in the query, as the reference's quick start sends it.
    const byQuery = await fetch(`${sim.baseUrl}/${vin}/last_idle_state?access_token=${sim.token}`);
    expect(byQuery.status).toBe(200);
    expect(
      ((await byQuery.json()) as { result: { ideal_battery_range: number } }).result.ideal_battery_range,
    ).toBe(999);
  });
});

describe('consumption, location and the account’s reads, through the client', () => {
  it('consumption since the charge and the location, one GET each, the car left asleep', async () => {
    const vin = asleepVin();
    sim.clearRequests();
    const { client } = clientFor(sim);
    const used = await client.consumptionSinceCharge(vin);
    expect(used.energy_used).toBeGreaterThanOrEqual(used.energy_used_by_driving ?? 0);
    const where = await client.location(vin);
    expect(typeof where.latitude).toBe('number');
    expect(apiRequests(sim).map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', `/${vin}/consumption_since_charge`, {}],
      ['GET', `/${vin}/location`, {}],
    ]);
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });

  it('every car’s battery health, its options under the public names', async () => {
    sim.clearRequests();
    const { client } = clientFor(sim);
    const all = await client.fleetBatteryHealth();
    expect(all.results.map((r) => r.vin).sort()).toEqual([...sim.vins].sort());
    const to = Math.floor(Date.now() / 1000);
    const active = await client.fleetBatteryHealth({ to, distanceFormat: 'km', onlyActive: true });
    expect(active.results.length).toBeLessThanOrEqual(all.results.length);
    expect(apiRequests(sim).map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/battery_health', {}],
      ['GET', '/battery_health', { to: String(to), distance_format: 'km', only_active: 'true' }],
    ]);
  });

  it('fleet status: the VINs in a JSON body, the answer in the Fleet API’s wrapper, no car woken', async () => {
    const vin = asleepVin();
    sim.clearRequests();
    const { client } = clientFor(sim);
    const status = await client.fleetStatus([vin, '5YJ3E1EA7KF317000']);
    expect([...status.response.key_paired_vins, ...status.response.unpaired_vins]).toEqual([vin]);
    expect(status.response.vehicle_info[vin]?.firmware_version).toBe(sim.vehicleState(vin).deployedVersion);
    const [request] = apiRequests(sim);
    expect([request!.method, request!.path, JSON.parse(request!.body)]).toEqual([
      'POST',
      '/api/1/vehicles/fleet_status',
      { vins: [vin, '5YJ3E1EA7KF317000'] },
    ]);
    expect(request!.headers['content-type']).toContain('application/json');
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });
});

describe('the public reference’s examples of these, read', () => {
  it('consumption, flat or wrapped, and a location', () => {
    const used = {
      last_charge_at: 1_675_940_760,
      distance_driven: 10.4,
      battery_percent_used: 10,
      battery_percent_used_by_driving: 4,
      rated_range_used: 34.57,
      rated_range_used_by_driving: 16.75,
      ideal_range_used: 34.57,
      ideal_range_used_by_driving: 16.75,
      energy_used: 7.56,
      energy_used_by_driving: 3.66,
    };
    expect(consumptionSchema.parse(used)).toEqual(used);
    expect(consumptionSchema.parse({ result: used })).toEqual(used);
    const where = { latitude: 37.4946, longitude: -121.9446, address: 'Fremont, CA', saved_location: 'Work' };
    expect(locationSchema.parse(where)).toEqual(where);
  });

  it('every car’s battery health and the Fleet API’s fleet status', () => {
    const row = {
      vin: '5YJXCAE43LF123456',
      plate: 'VT782CE',
      odometer: 16380.9,
      max_range: 303.48,
      max_ideal_range: 1196,
      capacity: 96.7,
      original_capacity: 97.15,
      degradation_percent: 0.5,
      health_percent: 99.5,
    };
    expect(fleetBatteryHealthSchema.parse({ results: [row] })).toEqual({ results: [row] });
    const status = {
      response: {
        key_paired_vins: ['5YJ3E1EA7KF317000'],
        unpaired_vins: [],
        vehicle_info: {
          '5YJ3E1EA7KF317000': {
            firmware_version: '2025.44.25',
            vehicle_command_protocol_required: true,
            discounted_device_data: false,
            fleet_telemetry_version: '1.1.0',
            total_number_of_keys: 5,
          },
        },
      },
    };
    expect(fleetStatusSchema.parse(status)).toEqual(status);
    expect(fleetStatusSchema.safeParse({ key_paired_vins: [] }).success).toBe(false);
  });
});

describe('tyre pressure, now and over a window, in either form', () => {
  it('the list form: kept with the newest reading’s fields beside it, the options under their public names', async () => {
    const vin = asleepVin();
    const to = Math.floor(Date.now() / 1000);
    sim.clearRequests();
    const { client } = clientFor(sim);
    const window = await client.tirePressure(vin, { from: to - 7 * DAY_S, to, pressureFormat: 'psi' });
    if (!('results' in window)) throw new Error('expected the list');
    expect(window.results.length).toBeGreaterThanOrEqual(6);
    const newest = window.results.at(-1)!;
    expect(window.front_left).toBe(newest.front_left);
    expect(window.timestamp).toBe(newest.timestamp);
    const now = await client.tirePressure(vin);
    expect('results' in now).toBe(false);
    expect(apiRequests(sim).map((r) => r.query)).toEqual([
      { from: String(to - 7 * DAY_S), to: String(to), pressure_format: 'psi' },
      {},
    ]);
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });

  it('the object form, from a simulator that answers a window with the newest reading alone', async () => {
    const other = await startSimulator({ flakiness: false, tyreHistoryForm: 'object' });
    try {
      const { client } = clientFor(other);
      const vin = other.vins[0]!;
      const to = Math.floor(Date.now() / 1000);
      const reading = await client.tirePressure(vin, { from: to - 3 * DAY_S, to });
      expect('results' in reading).toBe(false);
      expect(reading.front_left).toEqual(expect.any(Number));
      expect(reading.timestamp).toBeLessThanOrEqual(to);
    } finally {
      await other.stop();
    }
  });

  it('the reference’s example of the reading now, and a list read back unchanged', () => {
    const reading = {
      front_left: 2.275,
      front_right: 2.325,
      rear_left: 2.4,
      rear_right: 2.425,
      front_left_status: 'low',
      front_right_status: 'low',
      rear_left_status: 'low',
      rear_right_status: 'low',
      timestamp: 1_645_100_000,
    };
    expect(tirePressureAnswerSchema.parse(reading)).toEqual(reading);
    const older = { ...reading, front_left: 2.3, timestamp: 1_645_000_000 };
    const list = tirePressureAnswerSchema.parse({ results: [older, reading] });
    expect(list).toEqual({ ...reading, results: [older, reading] });
    expect(tirePressureAnswerSchema.parse(list)).toEqual(list);
    expect(tirePressureAnswerSchema.parse({ results: [] })).toEqual({ results: [] });
  });
});

describe('path and weather through the client', () => {
  it('the path’s forms under their public names, and the weather, the car left asleep', async () => {
    const vin = asleepVin();
    const to = Math.floor(Date.now() / 1000);
    sim.clearRequests();
    const { client } = clientFor(sim);
    const simple = await client.path(vin, { from: to - 3 * DAY_S, to });
    expect(simple.results.every((p) => typeof p === 'string')).toBe(true);
    const detailed = await client.path(vin, { from: to - 3 * DAY_S, to, details: true, separate: true });
    expect(detailed.results.every((drive) => Array.isArray(drive))).toBe(true);
    const weather = await client.weather(vin);
    expect(weather.temperature).toBe(sim.vehicleState(vin).outsideTempC);
    expect(apiRequests(sim).map((r) => [r.path, r.query])).toEqual([
      [`/${vin}/path`, { from: String(to - 3 * DAY_S), to: String(to) }],
      [`/${vin}/path`, { from: String(to - 3 * DAY_S), to: String(to), separate: 'true', details: 'true' }],
      [`/${vin}/weather`, {}],
    ]);
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });

  it('the reference’s path examples and weather example', () => {
    expect(pathSchema.parse({ results: ['40.730610,-73.935242'] })).toEqual({
      results: ['40.730610,-73.935242'],
    });
    const point = {
      timestamp: 1_728_200_000,
      latitude: 40.73061,
      longitude: -73.935242,
      heading: 90,
      battery_level: 80,
      speed: 30,
      odometer: 1234.5,
      autopilot: 'Standby',
    };
    expect(pathSchema.parse({ results: [point] })).toEqual({ results: [point] });
    expect(pathSchema.parse({ results: [[point], ['1,2']] })).toEqual({ results: [[point], ['1,2']] });
    const weather = {
      location: 'Fremont',
      condition: 'Clear',
      temperature: 22.77,
      feels_like: 21.26,
      humidity: 91,
      visibility: 10000,
      pressure: 1013,
      sunrise: 1_700_000_000,
      sunset: 1_700_040_000,
      cloudiness: 0,
      wind_speed: 1.5,
      wind_direction: 270,
    };
    expect(weatherSchema.parse(weather)).toEqual(weather);
  });
});

describe('a charging session’s cost through the client', () => {
  it('sent once as a JSON body, then read back with the sessions', async () => {
    const vin = sim.vins[1]!;
    const { client } = clientFor(sim);
    const [session] = (await client.charges(vin, { limit: 1 })).results;
    sim.clearRequests();
    expect(await client.setChargeCost(vin, session!.id, 9.75)).toEqual({ result: true });
    const [request] = apiRequests(sim);
    expect([request!.method, request!.path, JSON.parse(request!.body)]).toEqual([
      'POST',
      `/${vin}/charges/${session!.id}/set_cost`,
      { cost: 9.75 },
    ]);
    expect((await client.charges(vin, { limit: 1 })).results[0]!.cost).toBe(9.75);
    const error = await caught(client.setChargeCost(vin, 1, 2));
    expect(error.kind).not.toBe('network');
  });
});
