// Drivers, invitations and guest mode over real HTTP: each success shape parsed with the client's own
// schemas, what the fleet model shows afterwards, and every error (auth, the driver token's 403,
// unknown VIN, unknown id, bad input, wrong method, rate limit, faults).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessResultSchema,
  driversSchema,
  invitationCreatedSchema,
  invitationsSchema,
} from '../../electron/shared/wire-access';
import { commandResultSchema, vehicleStateSchema } from '../../electron/shared/wire';
import { startSimulator, type RouteName, type Simulator } from '../../electron/main/simulator/index';
import { call, expectError, FAST, findVin } from './client';

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ ...FAST, seed: 3, token: 'owner-token', driverToken: 'driver-token' });
});
afterAll(() => sim.stop());

const ok = async (method: string, path: string, body?: unknown) => {
  const r = await call(sim, method, path, { body });
  expect(r.status, `${method} ${path}: ${r.text}`).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  return r.json;
};

/** A vehicle with at least `n` drivers, awake and reliable (commands succeed on the first attempt). */
function vehicleWithDrivers(n: number): string {
  const vin = findVin(sim, (v) => v.drivers.length >= n && v.sleepState !== 'offline');
  sim.setVehicleState(vin, { sleepState: 'awake', flakiness: 0 });
  return vin;
}

describe('the seeded fleet', () => {
  it('has a hand-over case: a car with two drivers, a pending invitation and guest mode on', () => {
    const vin = findVin(sim, (v) => v.drivers.length >= 2 && v.guestMode);
    expect(sim.vehicleState(vin).invitations.some((i) => i.state === 'pending')).toBe(true);
  });
});

describe('GET /{vin}/drivers', () => {
  it('lists the drivers with numeric ids and the same ids as strings', async () => {
    const vin = vehicleWithDrivers(2);
    const body = (await ok('GET', `/${vin}/drivers`)) as { results: Record<string, unknown>[] };
    const parsed = driversSchema.parse(body);
    const model = sim.vehicleState(vin).drivers;
    expect(parsed.results.map((d) => d.user_id_s)).toEqual(model.map((d) => d.userId));
    for (const [i, d] of parsed.results.entries()) {
      expect(String(d.user_id)).toBe(d.user_id_s);
      expect(d.user_id).toBeGreaterThan(1e15);
      expect(d.driver_first_name).toBe(model[i]?.firstName);
      expect(d.active_pubkeys).toContain(d.public_key);
      expect(body.results[i]).toHaveProperty('my_tesla_unique_id', Number(model[i]?.myTeslaUniqueId));
      expect(body.results[i]).toHaveProperty('granular_access', { hide_private: model[i]?.hidePrivate });
    }
  });

  it('answers an empty list for a car with no additional driver', async () => {
    const vin = findVin(sim, (v) => v.drivers.length === 0);
    expect(await ok('GET', `/${vin}/drivers`)).toEqual({ results: [] });
  });
});

describe('POST /{vin}/drivers/{id}/delete', () => {
  it('removes the driver, with their phone keys, by user_id in the path', async () => {
    const vin = vehicleWithDrivers(2);
    const [first, second] = sim.vehicleState(vin).drivers;
    const answer = await ok('POST', `/${vin}/drivers/${first?.userId}/delete`, {
      user_id: Number(first?.userId),
    });
    expect(accessResultSchema.parse(answer)).toEqual({ result: true });
    const after = driversSchema.parse(await ok('GET', `/${vin}/drivers`));
    expect(after.results.map((d) => d.user_id_s)).toEqual([second?.userId]);
    expect(after.results.flatMap((d) => d.active_pubkeys)).not.toContain(first?.publicKey);
  });

  it('also takes my_tesla_unique_id in the path, and user_id as a string of digits', async () => {
    const vin = vehicleWithDrivers(1);
    const driver = sim.vehicleState(vin).drivers[0];
    const answer = await ok('POST', `/${vin}/drivers/${driver?.myTeslaUniqueId}/delete`, {
      user_id: driver?.userId,
    });
    expect(answer).toEqual({ result: true });
    expect(sim.vehicleState(vin).drivers.map((d) => d.userId)).not.toContain(driver?.userId);
  });

  it('refuses a bad id, a missing or mismatched user_id, and an unknown driver, removing nobody', async () => {
    const vin = findVin(sim, (v) => v.drivers.length >= 1);
    const driver = sim.vehicleState(vin).drivers[0];
    const other = '1111111111111111';
    const post = (id: string, body?: unknown) => call(sim, 'POST', `/${vin}/drivers/${id}/delete`, { body });
    expectError(await post('abc', { user_id: 1 }), 400, /^driver id must be a string of digits$/);
    expectError(await post(String(driver?.userId), {}), 400, /^user_id is required$/);
    expectError(await post(String(driver?.userId)), 400, /^Request body is empty/);
    expectError(await post(String(driver?.userId), { user_id: 'me' }), 400, /^user_id must be/);
    expectError(await post(String(driver?.userId), { user_id: 1.5 }), 400, /^user_id must be/);
    expectError(
      await post(String(driver?.userId), { user_id: Number(other) }),
      400,
      /is not the user id of driver/,
    );
    expectError(await post(other, { user_id: Number(other) }), 404, /^Driver 1111111111111111 not found/);
    expectError(
      await call(sim, 'POST', `/${vin}/drivers/${driver?.userId}/delete`, {
        body: '{"user_id":1}',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      /application\/json/,
    );
    expect(sim.vehicleState(vin).drivers.map((d) => d.userId)).toContain(driver?.userId);
  });
});

describe('invitations', () => {
  it('GET lists them with their state, expiry and share link', async () => {
    const vin = findVin(sim, (v) => v.invitations.length > 0);
    const list = invitationsSchema.parse(await ok('GET', `/${vin}/invitations`));
    const model = sim.vehicleState(vin).invitations;
    expect(list.results.map((i) => [i.id_s, i.state])).toEqual(model.map((i) => [i.id, i.state]));
    for (const i of list.results) {
      expect(i).toMatchObject({ vin, product_id: vin, product_type: 'vehicle', share_type: 'customer' });
      expect(String(i.id)).toBe(i.id_s);
      expect(Number.isNaN(Date.parse(i.expires_at))).toBe(false);
      expect(new URL(i.share_link).hostname).toMatch(/(^|\.)tesla\.com$/);
      expect(i.share_link).toContain(i.code);
    }
  });

  it('POST makes a pending invitation with a share link, listed afterwards', async () => {
    const vin = findVin(sim, (v) => v.invitations.length === 0 && v.drivers.length === 0);
    const before = Date.now();
    const created = invitationCreatedSchema.parse(await ok('POST', `/${vin}/invitations`)).result;
    expect(created).toMatchObject({ vin, state: 'pending', revoked_at: null, share_user_id: null });
    expect(Date.parse(created.expires_at)).toBeGreaterThan(before);
    const again = invitationCreatedSchema.parse(await ok('POST', `/${vin}/invitations`)).result;
    expect(again.id_s).not.toBe(created.id_s);
    expect(again.code).not.toBe(created.code);
    const list = invitationsSchema.parse(await ok('GET', `/${vin}/invitations`));
    expect(list.results.map((i) => i.id_s)).toEqual([created.id_s, again.id_s]);
  });

  it('a vehicle takes at most 5 drivers and pending invitations together', async () => {
    const vin = findVin(
      sim,
      (v) => v.invitations.length === 0 && v.drivers.length === 0 && v.vin !== sim.vins[0],
    );
    for (let i = 0; i < 5; i++) await ok('POST', `/${vin}/invitations`);
    expectError(await call(sim, 'POST', `/${vin}/invitations`), 400, /at most 5 additional drivers/);
    const [first] = invitationsSchema.parse(await ok('GET', `/${vin}/invitations`)).results;
    await ok('POST', `/${vin}/invitations/${first?.id_s}/revoke`);
    expect(invitationCreatedSchema.parse(await ok('POST', `/${vin}/invitations`)).result.state).toBe(
      'pending',
    );
  });

  it('revoke: a pending one becomes revoked (still listed, with revoked_at); a second revoke says so', async () => {
    const vin = findVin(sim, (v) => v.invitations.some((i) => i.state === 'pending'));
    const pending = sim.vehicleState(vin).invitations.find((i) => i.state === 'pending');
    const path = `/${vin}/invitations/${pending?.id}/revoke`;
    expect(accessResultSchema.parse(await ok('POST', path))).toEqual({ result: true });
    const listed = invitationsSchema
      .parse(await ok('GET', `/${vin}/invitations`))
      .results.find((i) => i.id_s === pending?.id);
    expect(listed?.state).toBe('revoked');
    expect(Date.parse(listed?.revoked_at ?? '')).toBeGreaterThan(0);
    expect(await ok('POST', path)).toEqual({ result: false, reason: 'already_revoked' });
  });

  it('revoke refuses a bad id and an unknown invitation', async () => {
    const vin = sim.vins[1] as string;
    expectError(
      await call(sim, 'POST', `/${vin}/invitations/x1/revoke`),
      400,
      /^invitation id must be a string of digits$/,
    );
    expectError(await call(sim, 'POST', `/${vin}/invitations/42/revoke`), 404, /^Invitation 42 not found/);
  });
});

describe('guest mode', () => {
  it('enable_guest and disable_guest show in the state as guest_mode_enabled', async () => {
    const vin = vehicleWithDrivers(0);
    for (const [name, expected] of [
      ['enable_guest', true],
      ['disable_guest', false],
    ] as const) {
      expect(commandResultSchema.parse(await ok('POST', `/${vin}/command/${name}`))).toEqual({
        result: true,
      });
      const state = (await ok('GET', `/${vin}/state`)) as { vehicle_state: Record<string, unknown> };
      vehicleStateSchema.parse(state);
      expect(state.vehicle_state['guest_mode_enabled']).toBe(expected);
      expect(sim.vehicleState(vin).guestMode).toBe(expected);
    }
  });
});

// [method, path, route] of every access operation; ids are made up (auth and 403 come first).
const ROUTES = (v: string): [string, string, RouteName][] => [
  ['GET', `/${v}/drivers`, 'drivers'],
  ['POST', `/${v}/drivers/1234567890123456/delete`, 'driver_delete'],
  ['GET', `/${v}/invitations`, 'invitations'],
  ['POST', `/${v}/invitations`, 'invitation_create'],
  ['POST', `/${v}/invitations/1234567890123456/revoke`, 'invitation_revoke'],
  ['POST', `/${v}/command/enable_guest`, 'command'],
  ['POST', `/${v}/command/disable_guest`, 'command'],
];

describe('errors on every access route', () => {
  it('401 without a token or with a wrong one', async () => {
    const vin = sim.vins[2] as string;
    for (const [method, path] of ROUTES(vin)) {
      expectError(await call(sim, method, path, { token: null }), 401, /^Access token is required$/);
      expectError(await call(sim, method, path, { token: 'nope' }), 401, /^Invalid access token$/);
    }
  });

  it('403 for the driver token, changing nothing; the driver token still reads and commands', async () => {
    const vin = vehicleWithDrivers(1);
    const before = sim.vehicleState(vin);
    for (const [method, path] of ROUTES(vin)) {
      const body = method === 'POST' ? { user_id: 1 } : undefined;
      const r = await call(sim, method, path, { token: 'driver-token', body });
      expectError(r, 403, /owner/);
    }
    const after = sim.vehicleState(vin);
    expect([after.drivers, after.invitations, after.guestMode]).toEqual([
      before.drivers,
      before.invitations,
      before.guestMode,
    ]);
    expect((await call(sim, 'GET', `/${vin}/state`, { token: 'driver-token' })).status).toBe(200);
    const lock = await call(sim, 'POST', `/${vin}/command/lock`, { token: 'driver-token' });
    expect(lock.json).toEqual({ result: true });
  });

  it('404 for an unknown VIN (before the owner check)', async () => {
    for (const [method, path] of ROUTES('5YJ3E1EA2KF317000')) {
      expectError(await call(sim, method, path), 404, /^Vehicle 5YJ3E1EA2KF317000 not found$/);
      expectError(await call(sim, method, path, { token: 'driver-token' }), 404, /not found$/);
    }
  });

  it('405 with Allow for the wrong method', async () => {
    const vin = sim.vins[2] as string;
    const cases: [string, string, string][] = [
      ['POST', `/${vin}/drivers`, 'GET'],
      ['GET', `/${vin}/drivers/1/delete`, 'POST'],
      ['DELETE', `/${vin}/invitations`, 'GET, POST'],
      ['GET', `/${vin}/invitations/1/revoke`, 'POST'],
    ];
    for (const [method, path, allowed] of cases) {
      const r = await call(sim, method, path);
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow')).toBe(allowed);
    }
    expectError(await call(sim, 'POST', `/${vin}/drivers/1/remove`), 404, /Not found/);
  });

  it('429 under the rate limit, faults by route name, and every request recorded with its route', async () => {
    const vin = sim.vins[2] as string;
    for (const [method, path, route] of ROUTES(vin).slice(0, 5)) {
      sim.injectFault({ fault: 'status500', route, times: 1 });
      const body = method === 'POST' ? {} : undefined;
      expectError(await call(sim, method, path, { body }), 500, /Internal server error/);
    }
    sim.injectFault({ fault: 'status429', command: 'enable_guest', times: 1 });
    expect((await call(sim, 'POST', `/${vin}/command/enable_guest`)).status).toBe(429);
    sim.setRateLimit(1);
    try {
      const answers = [
        await call(sim, 'GET', `/${vin}/drivers`),
        await call(sim, 'GET', `/${vin}/invitations`),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 429]);
      expect(Number(answers[1]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      sim.setRateLimit(null);
    }
    sim.clearRequests();
    for (const [method, path] of ROUTES(vin)) await call(sim, method, path, { token: 'driver-token' });
    expect(sim.requests.map((r) => [r.method, r.route, r.vin])).toEqual(
      ROUTES(vin).map(([method, , route]) => [method, route, vin]),
    );
  });
});
