// The twelve as public clients call them: commands as GET, the token as `access_token`,
// `retry_duration` instead of `max_attempts`, and `woke` on the answer.
import { describe, expect, it } from 'vitest';
import { commandResultSchema } from '../../electron/shared/wire';
import { call, expectError, findVin, readyVin, simulatorPerTest } from './client';
import { ManualClock } from '../support/manual-clock';

const start = simulatorPerTest({ token: 'query-secret-token' });

describe('commands sent as GET', () => {
  it('run with the same semantics as POST: parameters, validation, state change, history', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    const r = await call(sim, 'GET', `/${vin}/command/set_charge_limit?percent=65&max_attempts=1`);
    expect(r.status).toBe(200);
    expect(commandResultSchema.parse(r.json)).toEqual({ result: true });
    expect(sim.vehicleState(vin).chargeLimitPercent).toBe(65);
    expect(sim.vehicleState(vin).commandHistory.at(-1)).toMatchObject({
      command: 'set_charge_limit',
      attempts: 1,
    });
    expectError(
      await call(sim, 'GET', `/${vin}/command/set_charge_limit?percent=101`),
      400,
      /percent must be between 50 and 100/,
    );
    expectError(await call(sim, 'GET', `/${vin}/command/honk_horn`), 404, /Unknown command honk_horn/);
    expect(sim.vehicleState(vin).chargeLimitPercent).toBe(65);
  });

  it('wake an asleep vehicle, and answer 408 for an offline one, like POST', async () => {
    const sim = await start();
    const asleep = findVin(sim, (v) => v.sleepState === 'asleep');
    sim.setVehicleState(asleep, { flakiness: 0, valet: false });
    expect((await call(sim, 'GET', `/${asleep}/command/enable_valet`)).json).toEqual({
      result: true,
      woke: true,
    });
    expect(sim.vehicleState(asleep)).toMatchObject({ sleepState: 'awake', valet: true });
    const offline = findVin(sim, (v) => v.sleepState === 'offline');
    expectError(await call(sim, 'GET', `/${offline}/command/enable_valet`), 408, /offline/);
  });

  it('are recorded with their method', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    await call(sim, 'GET', `/${vin}/command/close_windows?wait_for_completion=false`);
    expect(sim.requests.at(-1)).toMatchObject({ method: 'GET', route: 'command', vin });
  });
});

describe('access_token in the query string', () => {
  it('authenticates every route without the header', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    for (const [method, path] of [
      ['GET', `/${vin}/fleet_telemetry_config`],
      ['GET', `/${vin}/release_notes/`],
      ['GET', `/${vin}/command/enable_valet`],
      ['POST', `/${vin}/command/enable_valet`],
      ['GET', `/${vin}/state`],
      ['GET', `/${vin}/status`],
      ['GET', `/${vin}/plate`],
      ['GET', `/${vin}/drives`],
      ['GET', `/${vin}/firmware_alerts`],
      ['GET', `/${vin}/tire_pressure`],
      ['POST', `/${vin}/wake`],
      ['GET', '/vehicles'],
    ] as const) {
      const sep = path.includes('?') ? '&' : '?';
      const r = await call(sim, method, `${path}${sep}access_token=${sim.token}`, { token: null });
      expect(r.status, `${method} ${path}`).toBe(200);
    }
    const plate = await call(sim, 'POST', `/${vin}/plate?access_token=${sim.token}`, {
      token: null,
      body: { plate: 'QRY 1' },
    });
    expect(plate.json).toEqual({ result: true });
    expect(sim.vehicleState(vin).plate).toBe('QRY 1');
  });

  it('a wrong or empty one is refused like a wrong header', async () => {
    const sim = await start();
    const vin = sim.vins[0] as string;
    expectError(
      await call(sim, 'GET', `/${vin}/state?access_token=wrong`, { token: null }),
      401,
      /^Invalid access token$/,
    );
    expectError(
      await call(sim, 'GET', `/${vin}/state?access_token=`, { token: null }),
      401,
      /^Access token is required$/,
    );
  });

  it('a header, when sent, decides: a wrong header is not rescued by a right access_token', async () => {
    const sim = await start();
    const vin = sim.vins[0] as string;
    expectError(
      await call(sim, 'GET', `/${vin}/status?access_token=${sim.token}`, { token: 'wrong' }),
      401,
      /^Invalid access token$/,
    );
    expect((await call(sim, 'GET', `/${vin}/status?access_token=wrong`)).status).toBe(200);
  });

  it('is never kept in the request record', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    await call(sim, 'GET', `/${vin}/command/set_speed_limit?mph=70&access_token=${sim.token}`, {
      token: null,
    });
    await call(sim, 'GET', `/${vin}/state?access_token=${sim.token}&use_cache=true`, { token: null });
    await call(sim, 'GET', `/${vin}/state?access_token=not-the-token`, { token: null });
    await call(sim, 'GET', `/nowhere?access_token=${sim.token}`, { token: null });
    expect(sim.requests).toHaveLength(4);
    expect(sim.requests[0]?.query).toEqual({ mph: '70', access_token: '[redacted]' });
    expect(sim.requests[1]?.query).toEqual({ access_token: '[redacted]', use_cache: 'true' });
    expect(sim.requests[2]?.query).toEqual({ access_token: '[redacted]' });
    const recorded = JSON.stringify(sim.requests);
    expect(recorded).not.toContain(sim.token);
    expect(recorded).not.toContain('not-the-token');
    // The command ran: redacting the record changes nothing about the request itself.
    expect(sim.vehicleState(vin).speedLimitMph).toBe(70);
  });
});

describe('retry_duration', () => {
  it.each([
    ['-1', /retry_duration must be a number of seconds from 0 to 90/],
    ['90.5', /retry_duration must be a number of seconds from 0 to 90/],
    ['91', /retry_duration must be a number of seconds from 0 to 90/],
    ['forty', /retry_duration must be a number of seconds from 0 to 90/],
    ['', /retry_duration must be a number of seconds from 0 to 90/],
    ['1e3', /retry_duration must be a number of seconds from 0 to 90/],
  ])('%s is a 400 naming it, and nothing runs', async (value, message) => {
    const sim = await start();
    const vin = readyVin(sim);
    expectError(
      await call(sim, 'POST', `/${vin}/command/enable_valet?retry_duration=${value}`),
      400,
      message,
    );
    expect(sim.vehicleState(vin).commandHistory).toHaveLength(0);
  });

  it('its bounds and the default are accepted', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    for (const value of ['0', '40', '90', '2.5']) {
      const r = await call(sim, 'POST', `/${vin}/command/disable_valet?retry_duration=${value}`);
      expect(r.json).toEqual({ result: true });
    }
  });

  it('without max_attempts bounds the attempts by the duration', async () => {
    const clock = new ManualClock();
    const sim = await start({ completionDelayMs: 40, clock });
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { flakiness: 1 });
    // 0 s: one attempt only.
    let r = await clock.run(call(sim, 'POST', `/${vin}/command/enable_valet?retry_duration=0`));
    expect(commandResultSchema.parse(r.json).result).toBe(false);
    expect(sim.vehicleState(vin).commandHistory.at(-1)?.attempts).toBe(1);
    // 1 s at 40 ms an attempt: attempts start until the second is spent (at most 25), more than the
    // default 3.
    const t0 = clock.now();
    r = await clock.run(call(sim, 'POST', `/${vin}/command/enable_valet?retry_duration=1`));
    const took = clock.now() - t0;
    expect(commandResultSchema.parse(r.json)).toMatchObject({ result: false, reason: expect.any(String) });
    const attempts = sim.vehicleState(vin).commandHistory.at(-1)?.attempts as number;
    expect(attempts).toBeGreaterThan(3);
    expect(attempts).toBeLessThanOrEqual(25);
    expect(took).toBeGreaterThanOrEqual(1_000);
  });

  it('with max_attempts, max_attempts decides', async () => {
    const sim = await start({ completionDelayMs: 5 });
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { flakiness: 1 });
    await call(sim, 'POST', `/${vin}/command/enable_valet?retry_duration=90&max_attempts=2`);
    expect(sim.vehicleState(vin).commandHistory.at(-1)?.attempts).toBe(2);
  });
});

describe('woke', () => {
  it('is true on the answer of a command that had to wake the vehicle, absent otherwise', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    expect((await call(sim, 'POST', `/${vin}/command/enable_valet`)).json).toEqual({ result: true });
    sim.setVehicleState(vin, { sleepState: 'asleep' });
    const woken = await call(sim, 'POST', `/${vin}/command/disable_valet`);
    expect(commandResultSchema.parse(woken.json)).toEqual({ result: true, woke: true });
    expect(sim.vehicleState(vin).commandHistory.at(-1)).toMatchObject({
      command: 'disable_valet',
      woke: true,
    });
    // Awake now: the next one did not wake anything.
    expect((await call(sim, 'POST', `/${vin}/command/enable_valet`)).json).toEqual({ result: true });
  });

  it('comes with a failure too, when the vehicle was woken and then failed', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { sleepState: 'asleep', flakiness: 1 });
    const r = await call(sim, 'POST', `/${vin}/command/enable_valet?max_attempts=1`);
    expect(commandResultSchema.parse(r.json)).toMatchObject({
      result: false,
      woke: true,
      reason: expect.any(String),
    });
  });
});
