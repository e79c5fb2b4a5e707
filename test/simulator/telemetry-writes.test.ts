// Telemetry configuration writes and deletes over real HTTP: the answer's shape, what the read shows
// afterwards (`synced` false until the car, online, adopts it), one write at a time per account (429),
// the field-name and interval rules, old firmware skipped, and auth, 403, 404 and 405.
import { describe, expect, it } from 'vitest';
import { RECOMMENDED_TELEMETRY_FIELDS } from '../../electron/shared/telemetry-fields';
import { telemetryConfigSchema, type TelemetryConfig } from '../../electron/shared/wire';
import { telemetryWriteResultSchema } from '../../electron/shared/wire-access';
import type { Simulator } from '../../electron/main/simulator/index';
import { call, expectError, findVin, simulatorPerTest } from './client';
import { ManualClock } from '../support/manual-clock';
import { waitFor } from '../support/wait-for';

const SYNC_DELAY_MS = 20;
const startSimulator = simulatorPerTest({
  telemetrySyncDelayMs: SYNC_DELAY_MS,
  configWriteDelayMs: 5,
  token: 'owner-token',
});

/** The clock of the test's simulator: writes, wakes and syncs take its time, moved by the test. */
let clock = new ManualClock();

async function start(options: Parameters<typeof startSimulator>[0] = {}): Promise<Simulator> {
  clock = new ManualClock();
  return startSimulator({ ...options, clock });
}

async function config(sim: Simulator, vin: string): Promise<TelemetryConfig> {
  const r = await call(sim, 'GET', `/${vin}/fleet_telemetry_config`);
  expect(r.status).toBe(200);
  return telemetryConfigSchema.parse(r.json);
}

async function write(sim: Simulator, vin: string, body?: unknown) {
  const r = await clock.run(call(sim, 'POST', `/${vin}/fleet_telemetry_config`, { body }));
  expect(r.status, r.text).toBe(200);
  return telemetryWriteResultSchema.parse(r.json);
}

const awakeVin = (sim: Simulator) => findVin(sim, (v) => v.sleepState === 'awake');

/** Lets the sync delay pass, then reads (as a client would) that the vehicle reports `synced: true`. */
async function untilSynced(sim: Simulator, vin: string): Promise<TelemetryConfig> {
  await clock.advance(SYNC_DELAY_MS);
  const c = await config(sim, vin);
  expect(c.synced).toBe(true);
  return c;
}

describe('POST /{vin}/fleet_telemetry_config', () => {
  it('replaces the fields and signs anew (exp); the read says pending (synced false) at first', async () => {
    // A long sync delay, so the pending state is certain when it is read.
    const sim = await start({ telemetrySyncDelayMs: 600_000 });
    const vin = awakeVin(sim);
    const before = await config(sim, vin);
    const fields = {
      Gear: { interval_seconds: 1 },
      Location: { interval_seconds: 30 },
      VehicleSpeed: { interval_seconds: 5 },
    };
    expect(await write(sim, vin, { fields })).toEqual({ updated_vehicles: 1 });
    const pending = await config(sim, vin);
    expect(pending).toMatchObject({ synced: false, update_available: true });
    expect(pending.config.fields).toEqual(fields);
    expect(pending.config.exp).toBeGreaterThan(clock.now() / 1000 + 300 * 86_400);
    expect(pending.config.hostname).toBe(before.config.hostname);
  });

  it('an online car adopts the written configuration after the sync delay (synced true)', async () => {
    const sim = await start();
    const vin = awakeVin(sim);
    const fields = { Gear: { interval_seconds: 2 }, Location: { interval_seconds: 30 } };
    await write(sim, vin, { fields });
    const synced = await untilSynced(sim, vin);
    expect(synced.update_available).toBe(false);
    expect(synced.config.fields).toEqual(fields);
  });

  it('an empty body, or {}, restores the recommended configuration (10 fields at 60 s)', async () => {
    const sim = await start();
    const vin = awakeVin(sim);
    const recommended = Object.fromEntries(
      RECOMMENDED_TELEMETRY_FIELDS.map((f) => [f, { interval_seconds: 60 }]),
    );
    await write(sim, vin, { fields: { Odometer: { interval_seconds: 600 } } });
    await write(sim, vin);
    expect((await config(sim, vin)).config.fields).toEqual(recommended);
    await write(sim, vin, { fields: { Odometer: { interval_seconds: 600 } } });
    await write(sim, vin, {});
    expect((await config(sim, vin)).config.fields).toEqual(recommended);
  });

  it('an asleep or offline car stays pending until it is online, then adopts the configuration', async () => {
    const sim = await start();
    const awake = awakeVin(sim);
    const asleep = findVin(sim, (v) => v.sleepState === 'asleep');
    const offline = findVin(sim, (v) => v.sleepState === 'offline');
    const fields = { BatteryLevel: { interval_seconds: 120 } };
    for (const vin of [asleep, offline, awake]) await write(sim, vin, { fields });
    // The awake car adopted it after the sync delay; the others had no chance to.
    await untilSynced(sim, awake);
    expect((await config(sim, asleep)).synced).toBe(false);
    expect((await config(sim, offline)).synced).toBe(false);
    expect((await clock.run(call(sim, 'POST', `/${asleep}/wake`))).json).toEqual({ result: true });
    expect((await untilSynced(sim, asleep)).config.fields).toEqual(fields);
    sim.setVehicleState(offline, { sleepState: 'awake' });
    expect((await untilSynced(sim, offline)).config.fields).toEqual(fields);
  });

  it('two writes while the car sleeps: it adopts the last one when it wakes', async () => {
    const sim = await start();
    const vin = findVin(sim, (v) => v.sleepState === 'asleep');
    await write(sim, vin, { fields: { Gear: { interval_seconds: 10 } } });
    await write(sim, vin, { fields: { Gear: { interval_seconds: 20 } } });
    expect(await config(sim, vin)).toMatchObject({
      synced: false,
      config: { fields: { Gear: { interval_seconds: 20 } } },
    });
    sim.setVehicleState(vin, { sleepState: 'awake' });
    expect((await untilSynced(sim, vin)).config.fields).toEqual({ Gear: { interval_seconds: 20 } });
  });

  it('firmware older than 2023.20 is skipped: updated_vehicles 0, the configuration unchanged', async () => {
    const sim = await start();
    const vin = awakeVin(sim);
    sim.setVehicleState(vin, { deployedVersion: '2023.12.1' });
    const before = await config(sim, vin);
    const r = await clock.run(
      call(sim, 'POST', `/${vin}/fleet_telemetry_config`, {
        body: { fields: { Gear: { interval_seconds: 5 } } },
      }),
    );
    expect(telemetryWriteResultSchema.parse(r.json)).toEqual({
      updated_vehicles: 0,
      skipped_vehicles: { missing_key: [], unsupported_hardware: [], unsupported_firmware: [vin] },
    });
    expect(await config(sim, vin)).toEqual(before);
  });
});

describe('DELETE /{vin}/fleet_telemetry_config', () => {
  it('removes every field (the read shows an empty map), pending until the car adopts it', async () => {
    const sim = await start();
    // Asleep, so the pending state is certain until it wakes.
    const vin = findVin(sim, (v) => v.sleepState === 'asleep');
    const r = await clock.run(call(sim, 'DELETE', `/${vin}/fleet_telemetry_config`));
    expect(r.status).toBe(200);
    expect(telemetryWriteResultSchema.parse(r.json)).toEqual({ updated_vehicles: 1 });
    expect(await config(sim, vin)).toMatchObject({ synced: false, config: { fields: {} } });
    expect((await clock.run(call(sim, 'POST', `/${vin}/wake`))).json).toEqual({ result: true });
    expect((await untilSynced(sim, vin)).config.fields).toEqual({});
  });
});

describe('one configuration write at a time per account', () => {
  it('a second concurrent write or delete, on any vehicle, answers 429 with Retry-After', async () => {
    const sim = await start({ configWriteDelayMs: 1500 });
    const [a, b] = sim.vins.filter((v) => sim.vehicleState(v).sleepState === 'awake');
    const body = { fields: { Gear: { interval_seconds: 2 } } };
    const sent = Promise.all([
      call(sim, 'POST', `/${a}/fleet_telemetry_config`, { body }),
      call(sim, 'POST', `/${b}/fleet_telemetry_config`, { body }),
      call(sim, 'DELETE', `/${b}/fleet_telemetry_config`),
    ]);
    // The clock stands still until two of them have met the first one's write under way.
    await waitFor(() => sim.configWriteStats().refusedConcurrent === 2, 'two writes refused');
    const answers = await clock.run(sent);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429, 429]);
    const refused = answers.filter((r) => r.status === 429);
    for (const r of refused) {
      expectError(r, 429, /one at a time/);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Once the first is done, the next write goes through.
    expect(await write(sim, b as string, body)).toEqual({ updated_vehicles: 1 });
  });
});

describe('refused writes: 400 naming the problem, nothing changed', () => {
  it.each([
    [
      { fields: { Gaer: { interval_seconds: 10 } } },
      /^Unknown telemetry field 'Gaer'; did you mean 'Gear'\?$/,
    ],
    [{ fields: { location: { interval_seconds: 10 } } }, /did you mean 'Location'\?$/],
    [{ fields: { Banana: { interval_seconds: 10 } } }, /^Unknown telemetry field 'Banana'$/],
    [{ fields: { Gear: { interval_seconds: 0 } } }, /^Gear: interval must be at least 1 second$/],
    [{ fields: { Gear: { interval_seconds: 0.5 } } }, /^Gear: interval must be a whole number of seconds$/],
    [{ fields: { Gear: { interval_seconds: '60' } } }, /^Gear: interval must be a number of seconds$/],
    [{ fields: { Gear: { interval_seconds: 100_000 } } }, /^Gear: interval must be at most 86400 seconds/],
    [{ fields: { Gear: {} } }, /^Gear: interval_seconds is required$/],
    [{ fields: { Gear: 10 } }, /^Gear: interval_seconds is required$/],
    [
      { fields: { Gaer: { interval_seconds: 1 }, Odometer: { interval_seconds: -1 } } },
      /^Unknown telemetry field 'Gaer'; did you mean 'Gear'\?; Odometer: interval must be at least 1 second$/,
    ],
    [{ fields: [] }, /^fields must be an object/],
    [{ fields: null }, /^fields must be an object/],
    [{ field: { Gear: { interval_seconds: 1 } } }, /^Unknown key "field"; send \{"fields"/],
    ['{"fields": ', /^Request body is not valid JSON$/],
    ['[1]', /^Request body must be a JSON object$/],
  ])('%j', async (body, message) => {
    const sim = await start();
    const vin = awakeVin(sim);
    const before = await config(sim, vin);
    expectError(await call(sim, 'POST', `/${vin}/fleet_telemetry_config`, { body }), 400, message);
    expect(await config(sim, vin)).toEqual(before);
  });

  it('415 for a body that is not JSON', async () => {
    const sim = await start();
    const r = await call(sim, 'POST', `/${awakeVin(sim)}/fleet_telemetry_config`, {
      body: '{"fields":{}}',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(r, 415, /application\/json/);
  });
});

describe('auth, owner, VIN and method', () => {
  it('401 without a valid token, 403 for a driver token, 404 for an unknown VIN, 405 for PUT', async () => {
    const sim = await start({ driverToken: 'driver-token' });
    const vin = awakeVin(sim);
    const before = await config(sim, vin);
    for (const method of ['POST', 'DELETE']) {
      const path = `/${vin}/fleet_telemetry_config`;
      expectError(await call(sim, method, path, { token: null }), 401, /^Access token is required$/);
      expectError(await call(sim, method, path, { token: 'nope' }), 401, /^Invalid access token$/);
      expectError(await call(sim, method, path, { token: 'driver-token' }), 403, /owner/);
      expectError(await call(sim, method, '/5YJ3E1EA2KF317000/fleet_telemetry_config'), 404, /not found$/);
    }
    // The driver's token still reads the configuration.
    expect((await call(sim, 'GET', `/${vin}/fleet_telemetry_config`, { token: 'driver-token' })).status).toBe(
      200,
    );
    const put = await call(sim, 'PUT', `/${vin}/fleet_telemetry_config`);
    expectError(put, 405, /use GET or POST or DELETE$/);
    expect(put.headers.get('allow')).toBe('GET, POST, DELETE');
    expect(await config(sim, vin)).toEqual(before);
    sim.clearRequests();
    await clock.run(call(sim, 'POST', `/${vin}/fleet_telemetry_config`, { body: {} }));
    await clock.run(call(sim, 'DELETE', `/${vin}/fleet_telemetry_config`));
    expect(sim.requests.map((r) => r.route)).toEqual([
      'fleet_telemetry_config_write',
      'fleet_telemetry_config_delete',
    ]);
  });
});
