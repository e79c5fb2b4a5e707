// Every error of the public operations beyond the twelve, over real HTTP: auth, unknown VIN, wrong
// method, each parameter's 400, and fault injection, rate limit and recording on the new routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RouteName, type Simulator } from '../../electron/main/simulator/index';
import { call, expectError, FAST, readyVin } from './client';

let sim: Simulator;
let vin: string;

beforeAll(async () => {
  sim = await startSimulator({ ...FAST, seed: 3, token: 'test-token' });
  vin = readyVin(sim);
});
afterAll(() => sim.stop());

// [method, path, route, what the other methods get]
const NEW_ROUTES = (v: string): [string, string, RouteName, string][] => [
  ['GET', '/vehicles', 'vehicles', 'GET'],
  ['GET', `/${v}/status`, 'status', 'GET'],
  ['GET', `/${v}/state`, 'state', 'GET'],
  ['POST', `/${v}/wake`, 'wake', 'POST'],
  ['GET', `/${v}/plate`, 'plate_read', 'GET, POST'],
  ['GET', `/${v}/drives`, 'drives', 'GET'],
  ['GET', `/${v}/firmware_alerts`, 'firmware_alerts', 'GET'],
  ['GET', `/${v}/tire_pressure`, 'tire_pressure', 'GET'],
  ['POST', `/${v}/command/disable_valet`, 'command', 'GET, POST'],
  ['POST', `/${v}/command/close_charge_port`, 'command', 'GET, POST'],
  ['POST', `/${v}/command/disable_low_power_mode`, 'command', 'GET, POST'],
];

describe('authentication', () => {
  it('every new route needs the token, by header or access_token', async () => {
    for (const [method, path] of NEW_ROUTES(vin)) {
      const missing = await call(sim, method, path, { token: null });
      expectError(missing, 401, /^Access token is required$/);
      expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expectError(await call(sim, method, path, { token: 'nope' }), 401, /^Invalid access token$/);
      expectError(
        await call(sim, method, `${path}?access_token=nope`, { token: null }),
        401,
        /^Invalid access token$/,
      );
    }
  });

  it('nothing changes behind a 401', async () => {
    sim.setVehicleState(vin, { valet: true });
    await call(sim, 'GET', `/${vin}/command/disable_valet`, { token: null });
    await call(sim, 'GET', `/${vin}/command/disable_valet?access_token=nope`, { token: null });
    expect(sim.vehicleState(vin).valet).toBe(true);
  });
});

describe('unknown VIN: 404', () => {
  it('on every new route that names a vehicle', async () => {
    for (const [method, path] of NEW_ROUTES('5YJ3E1EA2KF317000').slice(1)) {
      expectError(await call(sim, method, path), 404, /^Vehicle 5YJ3E1EA2KF317000 not found$/);
    }
  });

  it('unknown paths next to the new ones', async () => {
    expectError(await call(sim, 'GET', '/vehicles/extra'), 404, /Not found/);
    expectError(await call(sim, 'GET', '/vehicle'), 404, /Not found/);
    expectError(await call(sim, 'GET', `/${vin}/drives/`), 404, /Not found/);
    expectError(await call(sim, 'GET', `/${vin}/state/live`), 404, /Not found/);
    expectError(await call(sim, 'GET', `/${vin}/wake/now`), 404, /Not found/);
    expectError(await call(sim, 'GET', `/${vin}/__proto__`), 404, /Not found/);
    expectError(await call(sim, 'GET', `/${vin}/constructor`), 404, /Not found/);
  });
});

describe('wrong method: 405 with Allow', () => {
  it('on every new route', async () => {
    for (const [method, path, , allowed] of NEW_ROUTES(vin)) {
      const wrong = method === 'GET' ? 'DELETE' : 'PUT';
      const r = await call(sim, wrong, path);
      expectError(r, 405, new RegExp(`^Method ${wrong} not allowed; use ${allowed.replace(', ', ' or ')}$`));
      expect(r.headers.get('allow')).toBe(allowed);
    }
    const r = await call(sim, 'GET', `/${vin}/wake`);
    expectError(r, 405, /use POST$/);
  });
});

describe('query parameters: 400 naming the parameter', () => {
  it.each([
    ['/vehicles?only_active=yes', /^only_active must be true or false$/],
    ['/vehicles?only_active=1', /^only_active must be true or false$/],
    ['/{vin}/state?use_cache=no', /^use_cache must be true or false$/],
    ['/{vin}/state?use_cache=', /^use_cache must be true or false$/],
    ['/{vin}/drives?from=yesterday', /^from must be a Unix time in seconds$/],
    ['/{vin}/drives?from=-5', /^from must be a Unix time in seconds$/],
    ['/{vin}/drives?to=', /^to must be a Unix time in seconds$/],
    [
      '/{vin}/drives?from=1777000000000',
      /^from must be a Unix time in seconds \(this looks like milliseconds\)$/,
    ],
    ['/{vin}/drives?from=1700000100&to=1700000000', /^from must not be after to$/],
    ['/{vin}/drives?tag=', /^tag must be 1 to 64 characters$/],
    ['/{vin}/drives?tag=%20%20', /^tag must be 1 to 64 characters$/],
    [`/{vin}/drives?tag=${'x'.repeat(65)}`, /^tag must be 1 to 64 characters$/],
    ['/{vin}/drives?tag=A&exclude_tag=Business', /^exclude_tag must be true or false \(it says whether/],
    ['/{vin}/drives?exclude_tag=true', /^exclude_tag=true needs tag/],
    ['/{vin}/drives?minimum_distance=far', /^minimum_distance must be a non-negative number of miles$/],
    ['/{vin}/drives?minimum_distance=-1', /^minimum_distance must be a non-negative number of miles$/],
    ['/{vin}/drives?distance_format=miles', /^distance_format must be mi or km$/],
    ['/{vin}/drives?distance_format=KM', /^distance_format must be mi or km$/],
    ['/{vin}/drives?temperature_format=celsius', /^temperature_format must be c or f$/],
    ['/{vin}/drives?timezone=Mars/Olympus', /^timezone must be an IANA time zone name/],
    ['/{vin}/drives?timezone=', /^timezone must be an IANA time zone name/],
    ['/{vin}/drives?format=csv', /^format must be json/],
  ])('%s', async (path, message) => {
    expectError(await call(sim, 'GET', path.replace('{vin}', vin)), 400, message);
  });

  it('the undo commands take the common parameters, validated as for the others', async () => {
    for (const name of ['disable_valet', 'close_charge_port', 'disable_low_power_mode']) {
      expectError(
        await call(sim, 'POST', `/${vin}/command/${name}?max_attempts=4`),
        400,
        /^max_attempts must be/,
      );
      expectError(
        await call(sim, 'POST', `/${vin}/command/${name}?wait_for_completion=yes`),
        400,
        /^wait_for_completion must be true or false$/,
      );
      expectError(
        await call(sim, 'POST', `/${vin}/command/${name}?retry_duration=100`),
        400,
        /^retry_duration must be/,
      );
    }
  });

  it('commands and reads on an offline vehicle: 408 for commands and live reads, never for cached ones', async () => {
    const offline = sim.vins.find((v) => sim.vehicleState(v).sleepState === 'offline') as string;
    expectError(await call(sim, 'POST', `/${offline}/command/disable_valet`), 408, /offline/);
    expectError(await call(sim, 'GET', `/${offline}/state?use_cache=false`), 408, /offline/);
    for (const path of ['state', 'status', 'plate', 'drives', 'firmware_alerts', 'tire_pressure']) {
      expect((await call(sim, 'GET', `/${offline}/${path}`)).status, path).toBe(200);
    }
  });
});

describe('faults, rate limit and recording on the new routes', () => {
  it('a fault targets a new route by name', async () => {
    for (const [method, path, route] of NEW_ROUTES(vin)) {
      sim.injectFault({ fault: 'status500', route, times: 1 });
      expectError(await call(sim, method, path), 500, /Internal server error/);
    }
    // The read and the write of the plate are told apart.
    sim.injectFault({ fault: 'html502', route: 'plate', times: 1 });
    expect((await call(sim, 'GET', `/${vin}/plate`)).status).toBe(200);
    expect((await call(sim, 'POST', `/${vin}/plate`, { body: { plate: 'F 1' } })).status).toBe(502);
  });

  it('the rate limit counts them and answers 429 with Retry-After', async () => {
    sim.setRateLimit(2);
    try {
      const answers = [];
      for (const path of ['/vehicles', `/${vin}/status`, `/${vin}/state`])
        answers.push(await call(sim, 'GET', path));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[0]?.headers.get('ratelimit-limit')).toBe('2');
      expect(answers[1]?.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(answers[2]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      sim.setRateLimit(null);
    }
  });

  it('requests are recorded with their route, and GET /vehicles with no VIN', async () => {
    sim.clearRequests();
    for (const [method, path] of NEW_ROUTES(vin)) await call(sim, method, path);
    expect(sim.requests.map((r) => [r.method, r.route, r.vin])).toEqual(
      NEW_ROUTES(vin).map(([method, , route]) => [method, route, route === 'vehicles' ? null : vin]),
    );
  });
});
