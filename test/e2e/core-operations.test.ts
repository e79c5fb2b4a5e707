// The twelve operations of the interface from the real page (preload code in Chromium) through the
// real handlers to the demo simulator, checking the exact request the simulator received.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../electron/main/simulator';
import { COMMAND_NAMES, COMMANDS } from '../../electron/shared/commands';
import type { RunSnapshot } from '../../electron/shared/runs';
import { launchApp, type LaunchedApp } from '../support/launch';
import { waitFor } from '../support/wait-for';

let app: LaunchedApp;
let vin: string;

beforeAll(async () => {
  app = await launchApp();
  vin = app.simulator.vins[1]!;
  app.simulator.setVehicleState(vin, { sleepState: 'awake', flakiness: 0 });
});
afterAll(() => app?.close());
beforeEach(() => app.simulator.clearRequests());

/** Runs `window.garage.<ns>.<method>(...args)` in the page. */
function call(path: string, ...args: unknown[]): Promise<unknown> {
  return app.page.evaluate(
    ([path, args]) => {
      const [ns, method] = (path as string).split('.') as [string, string];
      const api = window.garage as unknown as Record<
        string,
        Record<string, (...a: unknown[]) => Promise<unknown>>
      >;
      return api[ns]![method]!(...(args as unknown[]));
    },
    [path, args] as const,
  );
}

function apiRequests(): RecordedRequest[] {
  return app.simulator.requests.filter((r) => r.route !== null);
}

/** The one request (of `requests`, every one by default), as expected and signed by the app. */
function expectOne(expected: Partial<RecordedRequest>, requests = apiRequests()): RecordedRequest {
  expect(requests).toHaveLength(1);
  const request = requests[0]!;
  expect(request).toMatchObject(expected);
  expect(request.headers['authorization']).toBe(`Bearer ${app.simulator.token}`);
  expect(request.headers['user-agent']).toMatch(/^VehicleGarage\//);
  return request;
}

/** A command as the page sends one (a run in main), followed to its end through `runs.get`. */
async function commandRun(...args: unknown[]): Promise<RunSnapshot> {
  const started = (await call('runs.startVehicleCommand', ...args)) as
    { ok: true; value: RunSnapshot } | { ok: false; error: { message: string } };
  if (!started.ok) throw new Error(started.error.message);
  return waitFor(async () => {
    const got = (await call('runs.get', started.value.id)) as { ok: boolean; value: RunSnapshot };
    return got.ok && got.value.endedAt !== null ? got.value : null;
  }, 'the command run to end');
}

/** The one command request among those a command's run made (its others read the car). */
function expectOneCommand(expected: Partial<RecordedRequest>): RecordedRequest {
  return expectOne(
    expected,
    apiRequests().filter((r) => r.method !== 'GET'),
  );
}

describe('window.garage against the demo service', () => {
  it('GET fleet_telemetry_config', async () => {
    expect(await call('vehicles.telemetryConfig', vin, { refresh: true })).toMatchObject({
      ok: true,
      source: 'live',
      value: { synced: expect.any(Boolean), config: { port: expect.any(Number) } },
    });
    expectOne({ method: 'GET', path: `/${vin}/fleet_telemetry_config`, query: {}, body: '' });
  });

  it('GET release_notes for the current, the staged and a given version', async () => {
    expect(await call('vehicles.releaseNotes', vin, { language: 'fr', refresh: true })).toMatchObject({
      ok: true,
    });
    expectOne({ method: 'GET', path: `/${vin}/release_notes/`, query: { language: 'fr', staged: 'false' } });
    app.simulator.clearRequests();
    await call('vehicles.releaseNotes', vin, { staged: true });
    expectOne({ path: `/${vin}/release_notes/`, query: { language: 'en', staged: 'true' } });
    app.simulator.clearRequests();
    const version = app.simulator.vehicleState(vin).deployedVersion;
    await call('vehicles.releaseNotes', vin, { version, language: 'de' });
    expectOne({ path: `/${vin}/release_notes/${version}`, query: { language: 'de', staged: 'false' } });
  });

  it('POST plate and drives/set_tag with JSON bodies', async () => {
    const before = app.simulator.vehicleState(vin).plate;
    expect(await call('vehicles.setPlate', vin, { plate: 'E2E 1' })).toEqual({
      ok: true,
      value: { result: true, previousPlate: before },
    });
    // The plate being replaced is read first (GET), then the write is sent once.
    expect(apiRequests().map((r) => `${r.method} ${r.route}`)).toEqual(['GET plate_read', 'POST plate']);
    const plate = apiRequests()[1]!;
    expect(plate).toMatchObject({ method: 'POST', path: `/${vin}/plate` });
    expect(JSON.parse(plate.body)).toEqual({ plate: 'E2E 1' });
    expect(plate.headers['content-type']).toMatch(/^application\/json/);
    app.simulator.clearRequests();
    const drive = app.simulator.vehicleState(vin).drives[0]!.id;
    expect(await call('vehicles.setDriveTag', vin, { drives: `${drive}`, tag: 'Service' })).toEqual({
      ok: true,
      value: { result: true },
    });
    const tag = expectOne({ method: 'POST', path: `/${vin}/drives/set_tag` });
    expect(JSON.parse(tag.body)).toEqual({ drives: `${drive}`, tag: 'Service' });
  });

  it.each(COMMAND_NAMES)('POST command/%s with its query parameters', async (name) => {
    const values = { temperature: 22, amps: 12, percent: 85, mph: 70 };
    const param = COMMANDS[name].param?.name;
    const run = await commandRun(vin, name, {
      maxAttempts: 2,
      ...(param ? { [param]: values[param] } : {}),
    });
    // Sent, whatever the car answered (done, or refused with its reason).
    expect(run.items[0]).toMatchObject({
      status: expect.stringMatching(/^(succeeded|failed)$/),
      errorKind: null,
    });
    const request = expectOneCommand({ method: 'POST', path: `/${vin}/command/${name}`, body: '' });
    expect(request.query).toEqual({
      wait_for_completion: 'true',
      max_attempts: '2',
      ...(param ? { [param]: String(values[param]) } : {}),
    });
  });

  it('refuses out-of-range values in the page before anything is sent', async () => {
    expect(
      await call('runs.startVehicleCommand', vin, 'set_temperatures', { temperature: 28.5 }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    expect(await call('runs.startVehicleCommand', vin, 'set_speed_limit', { mph: 49 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    expect(apiRequests()).toHaveLength(0);
  });

  it('lists the audit log newest first with every write of this session', async () => {
    const audit = (await call('audit.list', { vin })) as { ok: true; value: { operation: string }[] };
    expect(audit.ok).toBe(true);
    expect(audit.value.map((e) => e.operation)).toEqual(
      expect.arrayContaining(['setPlate', 'setDriveTag', ...COMMAND_NAMES.map((n) => `command:${n}`)]),
    );
    expect(audit.value[0]!.operation).toBe(`command:${COMMAND_NAMES.at(-1)}`);
  });
});
