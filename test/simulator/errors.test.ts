// Every error the service gives, over real HTTP: auth, unknown things, methods, validation, size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator/index';
import { call, expectError, FAST, readyVin } from './client';

let sim: Simulator;
let vin: string;

beforeAll(async () => {
  sim = await startSimulator({ ...FAST, seed: 3, token: 'test-token' });
  vin = readyVin(sim);
});
afterAll(() => sim.stop());

const ALL_ROUTES = (v: string): [string, string][] => [
  ['GET', `/${v}/fleet_telemetry_config`],
  ['POST', `/${v}/drives/set_tag`],
  ['POST', `/${v}/plate`],
  ['GET', `/${v}/release_notes/`],
  ['GET', `/${v}/release_notes/2026.14.3`],
  ['POST', `/${v}/command/enable_valet`],
];

describe('authentication', () => {
  it('requires a token on every route', async () => {
    for (const [method, path] of ALL_ROUTES(vin)) {
      const r = await call(sim, method, path, { token: null });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'Access token is required' });
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('an empty bearer is a missing token', async () => {
    const r = await call(sim, 'GET', `/${vin}/fleet_telemetry_config`, {
      token: null,
      headers: { authorization: 'Bearer ' },
    });
    expect(r.json).toEqual({ error: 'Access token is required' });
  });

  it('rejects a wrong token, another scheme and a token prefix', async () => {
    for (const headers of [
      { authorization: 'Bearer nope' },
      { authorization: 'Basic dGVzdC10b2tlbg==' },
      { authorization: 'Bearer test-toke' },
      { authorization: 'Bearer test-token2' },
    ]) {
      const r = await call(sim, 'GET', `/${vin}/fleet_telemetry_config`, { token: null, headers });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'Invalid access token' });
    }
    expect(sim.vehicleState(vin).plate).not.toBe('HACKED');
    const r = await call(sim, 'POST', `/${vin}/plate`, { token: 'wrong', body: { plate: 'HACKED' } });
    expect(r.status).toBe(401);
    expect(sim.vehicleState(vin).plate).not.toBe('HACKED');
  });

  it('accepts the scheme in any case', async () => {
    const r = await call(sim, 'GET', `/${vin}/fleet_telemetry_config`, {
      token: null,
      headers: { authorization: 'bearer test-token' },
    });
    expect(r.status).toBe(200);
  });
});

describe('unknown things: 404', () => {
  it('unknown VIN on every route', async () => {
    for (const [method, path] of ALL_ROUTES('5YJ3E1EA2KF317000')) {
      expectError(
        await call(sim, method, path, { body: method === 'POST' ? {} : undefined }),
        404,
        /not found/,
      );
    }
    expectError(await call(sim, 'GET', '/not-a-vin/fleet_telemetry_config'), 404, /not found/);
  });

  it('unknown routes and commands', async () => {
    expectError(await call(sim, 'GET', '/'), 404, /Not found/);
    expectError(await call(sim, 'GET', `/${vin}`), 404, /Not found/);
    expectError(await call(sim, 'GET', `/${vin}/vehicle_data`), 404, /Not found/);
    expectError(await call(sim, 'POST', `/${vin}/command/`), 404, /Not found/);
    expectError(await call(sim, 'POST', `/${vin}/command/honk_horn`), 404, /Unknown command honk_horn/);
    expectError(await call(sim, 'POST', `/${vin}/drives/other`), 404, /Not found/);
    expectError(await call(sim, 'GET', `/${vin}/fleet_telemetry_config/extra`), 404, /Not found/);
    expectError(await call(sim, 'GET', `/${vin}/release_notes/2026.14.3/x`), 404, /Not found/);
  });

  it('unknown release-notes version names it', async () => {
    expectError(
      await call(sim, 'GET', `/${vin}/release_notes/2019.1.1`),
      404,
      /^Unknown version 2019\.1\.1$/,
    );
  });
});

describe('wrong method: 405', () => {
  it.each([
    // POST and DELETE write and delete the configuration (public-api-access.md).
    ['PUT', 'fleet_telemetry_config', 'GET, POST, DELETE'],
    ['GET', 'drives/set_tag', 'POST'],
    ['PUT', 'plate', 'GET, POST'],
    ['DELETE', 'release_notes/', 'GET'],
    ['PUT', 'command/enable_valet', 'GET, POST'],
    ['DELETE', 'command/enable_valet', 'GET, POST'],
  ])('%s %s', async (method, path, allowed) => {
    const r = await call(sim, method, `/${vin}/${path}`);
    expectError(r, 405, new RegExp(`use ${allowed.replaceAll(', ', ' or ')}$`));
    expect(r.headers.get('allow')).toBe(allowed);
  });
});

describe('command query parameters: 400 naming the parameter', () => {
  const post = (qs: string) => call(sim, 'POST', `/${vin}/command/${qs}`);

  it.each([
    ['enable_valet?max_attempts=0', /max_attempts/],
    ['enable_valet?max_attempts=4', /max_attempts/],
    ['enable_valet?max_attempts=2.5', /max_attempts/],
    ['enable_valet?max_attempts=', /max_attempts/],
    ['enable_valet?max_attempts=two', /max_attempts/],
    ['enable_valet?wait_for_completion=yes', /wait_for_completion must be true or false/],
    ['enable_valet?wait_for_completion=TRUE', /wait_for_completion must be true or false/],
    ['enable_valet?wait_for_completion=1', /wait_for_completion must be true or false/],
    ['set_temperatures', /temperature is required/],
    ['set_temperatures?temperature=14.9', /temperature must be between 15 and 28/],
    ['set_temperatures?temperature=28.5', /temperature must be between 15 and 28/],
    ['set_temperatures?temperature=warm', /temperature must be a number/],
    ['set_temperatures?temperature=', /temperature must be a number/],
    ['set_temperatures?temperature=NaN', /temperature must be a number/],
    ['set_charging_amps', /amps is required/],
    ['set_charging_amps?amps=0', /amps must be between 1 and/],
    ['set_charging_amps?amps=49', /amps must be between 1 and/],
    ['set_charge_limit?percent=49', /percent must be between 50 and 100/],
    ['set_charge_limit?percent=101', /percent must be between 50 and 100/],
    ['set_charge_limit', /percent is required/],
    ['set_speed_limit?mph=49', /mph must be between 50 and 120/],
    ['set_speed_limit?mph=121', /mph must be between 50 and 120/],
    ['set_speed_limit?mph=70.5', /mph must be a whole number/],
    ['set_speed_limit', /mph is required/],
  ])('%s', async (qs, message) => {
    const before = sim.vehicleState(vin);
    expectError(await post(qs), 400, message);
    const after = sim.vehicleState(vin);
    expect(after.commandHistory).toHaveLength(before.commandHistory.length);
  });

  it('amps above this vehicle’s own maximum (32 A) are refused though 48 is the global bound', async () => {
    sim.setVehicleState(vin, { maxAmps: 32 });
    expectError(await post('set_charging_amps?amps=33'), 400, /amps must be between 1 and 32/);
    expect((await post('set_charging_amps?amps=32')).json).toEqual({ result: true });
    sim.setVehicleState(vin, { maxAmps: 48 });
  });

  it('the bounds themselves are accepted', async () => {
    for (const qs of [
      'set_temperatures?temperature=15',
      'set_temperatures?temperature=28',
      'set_charge_limit?percent=50',
      'set_charge_limit?percent=100',
      'set_speed_limit?mph=50',
      'set_speed_limit?mph=120',
      'set_charging_amps?amps=1',
      'enable_valet?max_attempts=1&wait_for_completion=true',
    ]) {
      expect((await post(qs)).json).toEqual({ result: true });
    }
  });
});

describe('release notes parameters', () => {
  it('staged accepts exactly true or false', async () => {
    expectError(
      await call(sim, 'GET', `/${vin}/release_notes/?staged=1`),
      400,
      /staged must be true or false/,
    );
    expect((await call(sim, 'GET', `/${vin}/release_notes/?staged=false`)).status).toBe(200);
  });

  it('a version that is not year.number.number is 400', async () => {
    for (const v of ['latest', '2026.14', '26.14.3', '2026.14.3.1.2', '2026.x.3', '%E0%A4%A']) {
      expectError(await call(sim, 'GET', `/${vin}/release_notes/${v}`), 400, /version must look like/);
    }
  });
});

describe('bodies', () => {
  const setTag = (body: unknown, headers?: Record<string, string>) =>
    call(sim, 'POST', `/${vin}/drives/set_tag`, { body, headers });
  const firstDrive = () => sim.vehicleState(vin).drives[0]?.id as number;

  it('bad JSON, empty bodies and non-objects are 400', async () => {
    expectError(await setTag('{"drives": '), 400, /not valid JSON/);
    expectError(await call(sim, 'POST', `/${vin}/plate`), 400, /empty/);
    expectError(await setTag('[1,2]'), 400, /JSON object/);
    expectError(await setTag('null'), 400, /JSON object/);
    expectError(await setTag('"text"'), 400, /JSON object/);
  });

  it('set_tag: missing or mistyped fields name the field', async () => {
    expectError(await setTag({ tag: 'Business' }), 400, /^drives is required$/);
    expectError(await setTag({ drives: 10000, tag: 'Business' }), 400, /^drives must be a string/);
    expectError(await setTag({ drives: ['10000'], tag: 'Business' }), 400, /^drives must be a string/);
    expectError(await setTag({ drives: String(firstDrive()) }), 400, /^tag is required$/);
    expectError(await setTag({ drives: String(firstDrive()), tag: 5 }), 400, /^tag must be a string$/);
    expectError(await setTag({ drives: String(firstDrive()), tag: '  ' }), 400, /^tag must be 1 to 64/);
    expectError(
      await setTag({ drives: String(firstDrive()), tag: 'x'.repeat(65) }),
      400,
      /^tag must be 1 to 64/,
    );
  });

  it('set_tag: empty, non-numeric and foreign drive ids', async () => {
    const id = firstDrive();
    expectError(await setTag({ drives: '', tag: 'B' }), 400, /drives contains an empty id/);
    expectError(await setTag({ drives: `${id},,${id}`, tag: 'B' }), 400, /drives contains an empty id/);
    expectError(await setTag({ drives: `${id},`, tag: 'B' }), 400, /drives contains an empty id/);
    expectError(
      await setTag({ drives: `${id},abc`, tag: 'B' }),
      400,
      /drives contains a non-numeric id 'abc'/,
    );
    expectError(await setTag({ drives: '-5', tag: 'B' }), 400, /non-numeric id '-5'/);
    expectError(await setTag({ drives: '1.5', tag: 'B' }), 400, /non-numeric id '1.5'/);
    const other = sim.vins.find((v) => v !== vin) as string;
    const foreign = sim.vehicleState(other).drives[0]?.id;
    expectError(
      await setTag({ drives: `${id},${foreign}`, tag: 'B' }),
      400,
      new RegExp(`id ${foreign}, which this vehicle does not have`),
    );
    // Nothing was tagged by a rejected call.
    expect(sim.vehicleState(vin).drives.some((d) => d.tag === 'B')).toBe(false);
  });

  it('plate: missing, mistyped or malformed', async () => {
    const plate = (body: unknown) => call(sim, 'POST', `/${vin}/plate`, { body });
    expectError(await plate({}), 400, /^plate is required/);
    expectError(await plate({ plate: 123 }), 400, /^plate must be a string or null$/);
    expectError(await plate({ plate: true }), 400, /^plate must be a string or null$/);
    for (const bad of ['', 'ABCDEFGHIJK', 'AB_12', ' AB12', 'AB12-', 'ÄB12']) {
      expectError(await plate({ plate: bad }), 400, /^plate must be 1 to 10 letters/);
    }
    expect((await plate({ plate: 'ABCDEFGH10' })).json).toEqual({ result: true });
  });

  it('a body that is not declared as JSON is 415', async () => {
    const r = await call(sim, 'POST', `/${vin}/plate`, {
      body: 'plate=ABC',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(r, 415, /application\/json/);
  });

  it('bodies over 64 KiB are 413, 64 KiB exactly is read', async () => {
    const padded = (size: number) => {
      const base = JSON.stringify({ plate: 'OK1', pad: '' });
      return base.replace('"pad":""', `"pad":"${'x'.repeat(size - base.length)}"`);
    };
    expectError(await call(sim, 'POST', `/${vin}/plate`, { body: padded(64 * 1024 + 1) }), 413, /64 KiB/);
    expect((await call(sim, 'POST', `/${vin}/plate`, { body: padded(64 * 1024) })).json).toEqual({
      result: true,
    });
    // Larger still, and on a command route, which takes no body at all.
    const big = 'x'.repeat(1024 * 1024);
    expectError(await call(sim, 'POST', `/${vin}/command/enable_valet`, { body: big }), 413, /64 KiB/);
  });

  it('after a 413 the server still answers on new connections', async () => {
    expect((await call(sim, 'GET', `/${vin}/fleet_telemetry_config`)).status).toBe(200);
  });
});
