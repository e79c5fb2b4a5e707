// The operations beyond the twelve through the real IPC handlers against the simulator over HTTP:
// the exact wire request of each, offline answers from the cache with their "as of", the faults,
// wake and the undo commands as audited writes refused while one runs, and the garage's glance.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaultKind, RouteName } from '../../electron/main/simulator';
import type { ErrorKind } from '../../electron/shared/result';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;
let vin: string;
let other: string;

beforeAll(async () => {
  h = await startCoreHarness({
    client: {
      timeouts: { readMs: 2_000, writeMs: 2_000, commandWaitMs: 5_000, commandNoWaitMs: 2_000 },
      sleep: async () => {},
    },
  });
  [vin, other] = h.simulator.vins as [string, string];
});
afterAll(() => h.close());
beforeEach(() => {
  h.simulator.clearFaults();
  h.simulator.clearRequests();
  for (const v of [vin, other]) h.simulator.setVehicleState(v, { sleepState: 'awake' });
});

const lastRequest = () => {
  const request = h.simulator.requests.at(-1)!;
  return { method: request.method, path: request.path, query: request.query, body: request.body };
};

describe('the wire request of each new operation', () => {
  it.each([
    [
      'state (cached)',
      () => h.garage.vehicles.state(vin, { refresh: true }),
      'GET',
      `/${'<vin>'}/state`,
      { use_cache: 'true' },
    ],
    [
      'state (live)',
      () => h.garage.vehicles.state(vin, { live: true }),
      'GET',
      '/<vin>/state',
      { use_cache: 'false' },
    ],
    ['status', () => h.garage.vehicles.status(vin, { refresh: true }), 'GET', '/<vin>/status', {}],
    ['plate', () => h.garage.vehicles.plate(vin, { refresh: true }), 'GET', '/<vin>/plate', {}],
    [
      'firmware alerts',
      () => h.garage.vehicles.firmwareAlerts(vin, { refresh: true }),
      'GET',
      '/<vin>/firmware_alerts',
      {},
    ],
    [
      'tyres',
      () => h.garage.vehicles.tirePressure(vin, { refresh: true }),
      'GET',
      '/<vin>/tire_pressure',
      {},
    ],
    ['account', () => h.garage.account.vehicles(), 'GET', '/vehicles', { only_active: 'false' }],
    [
      'account (active)',
      () => h.garage.account.vehicles({ onlyActive: true }),
      'GET',
      '/vehicles',
      { only_active: 'true' },
    ],
  ] as const)('%s', async (_name, call, method, path, query) => {
    const result = await call();
    expect(result).toMatchObject({ ok: true });
    expect(h.simulator.requests).toHaveLength(1);
    expect(lastRequest()).toEqual({ method, path: path.replace('<vin>', vin), query, body: '' });
  });

  it('drives: every filter under its public name, and only those given', async () => {
    const result = await h.garage.vehicles.drives(vin, {
      from: 1_700_000_000,
      to: 1_800_000_000,
      tag: 'Work',
      excludeTag: true,
      minimumDistance: 2.5,
      distanceFormat: 'km',
      temperatureFormat: 'c',
      timezone: 'Europe/Berlin',
      refresh: true,
    });
    expect(result).toMatchObject({ ok: true, source: 'live' });
    expect(lastRequest()).toEqual({
      method: 'GET',
      path: `/${vin}/drives`,
      query: {
        from: '1700000000',
        to: '1800000000',
        tag: 'Work',
        exclude_tag: 'true',
        minimum_distance: '2.5',
        distance_format: 'km',
        temperature_format: 'c',
        timezone: 'Europe/Berlin',
      },
      body: '',
    });
    await h.garage.vehicles.drives(vin, { refresh: true });
    expect(lastRequest().query).toEqual({});
  });

  it.each(['disable_valet', 'close_charge_port', 'disable_low_power_mode'] as const)(
    'the undo command %s is sent once and audited',
    async (name) => {
      expect(await sendCommand(h, other, name)).toMatchObject({
        ok: true,
        value: { result: true },
      });
      const commands = h.simulator.requests.filter((r) => r.route === 'command');
      expect(commands).toHaveLength(1);
      expect(commands[0]).toMatchObject({ method: 'POST', path: `/${other}/command/${name}` });
      const audit = await h.garage.audit.list({ vin: other, limit: 1 });
      expect(audit).toMatchObject({
        ok: true,
        value: [{ operation: `command:${name}`, outcome: 'success' }],
      });
    },
  );
});

describe('answers', () => {
  it('a state crosses IPC with its sections, its "as of", and nothing undeclared', async () => {
    const result = await h.garage.vehicles.state(vin, { refresh: true });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.charge_state?.battery_level).toBeTypeOf('number');
    expect(result.asOf).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(result.value).not.toHaveProperty('tokens');
  });

  it('a live read of a sleeping car says asleep, keeps the complete copy for offline, and wakes nothing', async () => {
    expect(await h.garage.vehicles.state(other, { refresh: true })).toMatchObject({
      ok: true,
      source: 'live',
    });
    h.simulator.setVehicleState(other, { sleepState: 'asleep' });
    const live = await h.garage.vehicles.state(other, { live: true });
    expect(live).toMatchObject({ ok: true, source: 'live', value: { state: 'asleep' }, asOf: null });
    expect(h.simulator.vehicleState(other).sleepState).toBe('asleep');
    h.simulator.injectFault({ fault: 'reset', route: 'state', vin: other });
    const offline = await h.garage.vehicles.state(other, { refresh: true });
    expect(offline).toMatchObject({ ok: true, source: 'cache', stale: { kind: 'network' } });
    expect(offline.ok && offline.value.charge_state).toBeTruthy();
  });

  it('adds many at once and says which were skipped and why', async () => {
    const result = await h.garage.vehicles.addMany({
      entries: [{ vin: '5YJ3E1EA7KF317000' }, { vin: 'nope' }, { vin: '5yj3e1ea7kf317000' }, { vin }],
    });
    expect(result).toMatchObject({ ok: true, value: { added: [{ vin: '5YJ3E1EA7KF317000' }] } });
    const skipped = result.ok ? result.value.skipped.map((s) => [s.input, s.reason]) : [];
    expect(skipped).toEqual([
      ['nope', expect.any(String)],
      ['5yj3e1ea7kf317000', expect.stringContaining('listed twice')],
      [vin, expect.stringContaining('already in the garage')],
    ]);
    expect(h.simulator.requests).toHaveLength(0);
  });

  it('the garage list shows each vehicle’s glance with its source and "as of"', async () => {
    await h.garage.vehicles.state(vin, { refresh: true });
    await h.garage.vehicles.firmwareAlerts(vin, { refresh: true });
    await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    const list = await h.garage.vehicles.list();
    const entry = list.ok ? list.value.find((v) => v.vin === vin) : undefined;
    expect(entry?.glance).toMatchObject({
      sleep: { value: 'awake', source: 'state', fromCache: false },
      batteryLevel: { source: 'state' },
      version: { value: expect.stringMatching(/^\d{4}\.\d+\.\d+/) },
      firmwareAlertCount: { source: 'firmware-alerts' },
      telemetryExpiresAt: { source: 'telemetry' },
    });
    // Added to the garage but never read: nothing is known of it.
    const unread = list.ok ? list.value.find((v) => v.vin === '5YJ3E1EA7KF317000') : undefined;
    expect(unread?.glance.sleep).toBeNull();
  });
});

describe('wake is a write', () => {
  it('sends POST /{vin}/wake once, with no query and no body, then reads the state back', async () => {
    expect(await sendCommand(h, vin, 'wake')).toMatchObject({ ok: true, value: { result: true } });
    const wakes = h.simulator.requests.filter((r) => r.route === 'wake');
    expect(wakes).toHaveLength(1);
    expect(wakes.map((r) => ({ method: r.method, path: r.path, query: r.query, body: r.body }))).toEqual([
      { method: 'POST', path: `/${vin}/wake`, query: {}, body: '' },
    ]);
    // What the window is shown once awake: the state main read back (its run carries it).
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/${vin}/state` });
  });

  it('is audited and refused as busy while one runs, with one request', async () => {
    h.simulator.setVehicleState(other, { sleepState: 'asleep' });
    const [first, second] = await Promise.all([sendCommand(h, other, 'wake'), sendCommand(h, other, 'wake')]);
    expect(first).toMatchObject({ ok: true, value: { result: true } });
    expect(second).toMatchObject({ ok: false, error: { kind: 'busy' } });
    expect(h.simulator.requests.filter((r) => r.route === 'wake')).toHaveLength(1);
    const audit = await h.garage.audit.list({ vin: other, limit: 1 });
    expect(audit).toMatchObject({ ok: true, value: [{ operation: 'wake', outcome: 'success' }] });
    const list = await h.garage.vehicles.list();
    const entry = list.ok ? list.value.find((v) => v.vin === other) : undefined;
    // Awake, as the wake-up said and the state read after it confirms.
    expect(entry?.glance.sleep).toMatchObject({
      value: 'awake',
      source: expect.stringMatching(/^(wake|live-state)$/),
    });
  });

  it('is never re-sent after a fault, and the fault is audited', async () => {
    h.simulator.injectFault({ fault: 'status500', route: 'wake', vin: other });
    expect(await sendCommand(h, other, 'wake')).toMatchObject({ ok: false, error: { kind: 'server_error' } });
    expect(h.simulator.requests.filter((r) => r.route === 'wake')).toHaveLength(1);
    const audit = await h.garage.audit.list({ vin: other, limit: 1 });
    expect(audit).toMatchObject({
      ok: true,
      value: [{ operation: 'wake', outcome: 'error', errorKind: 'server_error' }],
    });
  });
});

const READS: [RouteName, (v: string) => Promise<{ ok: boolean }>][] = [
  ['state', (v) => h.garage.vehicles.state(v, { refresh: true })],
  ['status', (v) => h.garage.vehicles.status(v, { refresh: true })],
  ['plate_read', (v) => h.garage.vehicles.plate(v, { refresh: true })],
  ['drives', (v) => h.garage.vehicles.drives(v, { refresh: true })],
  ['firmware_alerts', (v) => h.garage.vehicles.firmwareAlerts(v, { refresh: true })],
  ['tire_pressure', (v) => h.garage.vehicles.tirePressure(v, { refresh: true })],
];
const FAULTS: [FaultKind, ErrorKind, boolean][] = [
  ['status500', 'server_error', true],
  ['malformed_json', 'bad_response', true],
  ['reset', 'network', true],
  ['status408', 'vehicle_offline', true],
  ['status404', 'not_found', false],
  ['status401', 'unauthorized', false],
];

describe.each(READS)('faults on %s', (route, read) => {
  it.each(FAULTS)(
    '%s: %s; a cached copy answers when the service is at fault',
    async (fault, kind, fallsBack) => {
      expect(await read(vin)).toMatchObject({ ok: true });
      h.simulator.injectFault({ fault, route });
      const noCopy = await read(h.simulator.vins[2]!);
      expect(noCopy).toMatchObject({ ok: false, error: { kind } });
      const withCopy = await read(vin);
      if (fallsBack) expect(withCopy).toMatchObject({ ok: true, source: 'cache', stale: { kind } });
      else expect(withCopy).toMatchObject({ ok: false, error: { kind } });
    },
  );
});

describe('account vehicles', () => {
  it('lists the account’s vehicles without tokens; faults are not hidden', async () => {
    const result = await h.garage.account.vehicles();
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.results.map((r) => r.vin)).toEqual(expect.arrayContaining([vin, other]));
    expect(JSON.stringify(result.value)).not.toContain('"tokens"');
    h.simulator.injectFault({ fault: 'status500', route: 'vehicles' });
    expect(await h.garage.account.vehicles()).toMatchObject({ ok: false, error: { kind: 'server_error' } });
  });
});
