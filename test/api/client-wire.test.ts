// Exact wire form of the twelve operations, as recorded by the simulator over real HTTP.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createVehicleApiClient } from '../../electron/main/api';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { COMMAND_NAMES, COMMANDS, type CommandName } from '../../electron/shared/commands';
import { TEST_UA, apiRequests, awakeVin, caught, clientFor, closeClients, resetSimulator } from './support';

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ wakeDelayMs: 10, completionDelayMs: 2, flakiness: false });
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(() => resetSimulator(sim));
afterEach(closeClients);

function only() {
  const reqs = apiRequests(sim);
  expect(reqs).toHaveLength(1);
  return reqs[0]!;
}

function expectCommonHeaders(headers: Record<string, string>) {
  expect(headers['authorization']).toBe(`Bearer ${sim.token}`);
  expect(headers['accept']).toBe('application/json');
  expect(headers['user-agent']).toBe(TEST_UA);
}

describe('wire form of every operation', () => {
  it('GET /{vin}/fleet_telemetry_config', async () => {
    const vin = awakeVin(sim);
    const { client } = clientFor(sim);
    const config = await client.telemetryConfig(vin);
    expect(typeof config.synced).toBe('boolean');
    expect(config).toEqual(sim.vehicleState(vin).telemetry);
    const r = only();
    expect(r.method).toBe('GET');
    expect(r.path).toBe(`/${vin}/fleet_telemetry_config`);
    expect(r.query).toEqual({});
    expect(r.body).toBe('');
    expectCommonHeaders(r.headers);
    expect(r.headers['content-type']).toBeUndefined();
  });

  it('GET /{vin}/release_notes/ with language and staged always sent', async () => {
    const vin = awakeVin(sim);
    const { client } = clientFor(sim);
    const notes = await client.releaseNotes(vin);
    expect(notes.deployed_version).toBe(sim.vehicleState(vin).deployedVersion);
    const r = only();
    expect(r.method).toBe('GET');
    expect(r.path).toBe(`/${vin}/release_notes/`);
    expect(r.query).toEqual({ language: 'en', staged: 'false' });
    expectCommonHeaders(r.headers);
  });

  it('GET /{vin}/release_notes/{version} with language and staged', async () => {
    const vin = awakeVin(sim, (v) => v.stagedVersion !== null);
    const version = sim.vehicleState(vin).stagedVersion!;
    const { client } = clientFor(sim);
    const notes = await client.releaseNotes(vin, { version, language: 'de', staged: true });
    expect(notes.release_notes.length).toBeGreaterThan(0);
    const r = only();
    expect(r.path).toBe(`/${vin}/release_notes/${version}`);
    expect(r.query).toEqual({ language: 'de', staged: 'true' });
  });

  it('POST /{vin}/drives/set_tag with a JSON body', async () => {
    const vin = awakeVin(sim);
    const ids = sim.vehicleState(vin).drives.map((d) => d.id);
    const { client } = clientFor(sim);
    const result = await client.setDriveTag(vin, { drives: `${ids[0]},${ids[1]}`, tag: 'Business' });
    expect(result).toEqual({ result: true });
    const r = only();
    expect(r.method).toBe('POST');
    expect(r.path).toBe(`/${vin}/drives/set_tag`);
    expect(r.query).toEqual({});
    expect(r.body).toBe(`{"drives":"${ids[0]},${ids[1]}","tag":"Business"}`);
    expect(r.headers['content-type']).toBe('application/json');
    expectCommonHeaders(r.headers);
    const tagged = sim.vehicleState(vin).drives.filter((d) => d.id === ids[0] || d.id === ids[1]);
    expect(tagged.map((d) => d.tag)).toEqual(['Business', 'Business']);
  });

  it('POST /{vin}/plate with a plate, and with null to clear it', async () => {
    const vin = awakeVin(sim);
    const { client } = clientFor(sim);
    expect(await client.setPlate(vin, { plate: 'ABC123' })).toEqual({ result: true });
    const r = only();
    expect(r.method).toBe('POST');
    expect(r.path).toBe(`/${vin}/plate`);
    expect(r.body).toBe('{"plate":"ABC123"}');
    expect(r.headers['content-type']).toBe('application/json');
    expectCommonHeaders(r.headers);
    expect(sim.vehicleState(vin).plate).toBe('ABC123');
    sim.clearRequests();
    expect(await client.setPlate(vin, { plate: null })).toEqual({ result: true });
    expect(only().body).toBe('{"plate":null}');
    expect(sim.vehicleState(vin).plate).toBeNull();
  });

  const paramValue: Record<string, number> = { temperature: 21.5, amps: 16, percent: 80, mph: 65 };

  it.each(COMMAND_NAMES.map((n) => [n]))(
    'POST /{vin}/command/%s with no body and explicit query',
    async (name) => {
      const vin = awakeVin(sim);
      const { client } = clientFor(sim);
      const spec = COMMANDS[name as CommandName].param;
      const opts = spec ? { [spec.name]: paramValue[spec.name] } : {};
      const result = await client.command(vin, name as CommandName, opts);
      expect(result).toEqual({ result: true });
      const r = only();
      expect(r.method).toBe('POST');
      expect(r.path).toBe(`/${vin}/command/${name}`);
      const expected: Record<string, string> = { wait_for_completion: 'true', max_attempts: '3' };
      if (spec) expected[spec.name] = String(paramValue[spec.name]);
      expect(r.query).toEqual(expected);
      expect(r.body).toBe('');
      expect(r.headers['content-type']).toBeUndefined();
      expectCommonHeaders(r.headers);
    },
  );

  it('sends wait_for_completion=false and max_attempts=1 when asked', async () => {
    const vin = awakeVin(sim);
    const { client } = clientFor(sim);
    await client.command(vin, 'set_charge_limit', { percent: 90, waitForCompletion: false, maxAttempts: 1 });
    expect(only().query).toEqual({ wait_for_completion: 'false', max_attempts: '1', percent: '90' });
  });

  it('a command answered {"result": false, "reason"} is a result, not an error', async () => {
    const v = sim.vehicles().find((x) => x.sleepState === 'awake' && !x.supportsCloseWindows);
    expect(v).toBeDefined();
    const { client } = clientFor(sim);
    expect(await client.command(v!.vin, 'close_windows')).toEqual({ result: false, reason: 'not_supported' });
  });

  it('wakes an asleep vehicle within the command (the service does it)', async () => {
    const vin = awakeVin(sim);
    sim.setVehicleState(vin, { sleepState: 'asleep' });
    const { client } = clientFor(sim);
    // The answer says the vehicle had to be woken, as the public service's does.
    expect(await client.command(vin, 'enable_valet')).toEqual({ result: true, woke: true });
    expect(apiRequests(sim)).toHaveLength(1);
    expect(sim.vehicleState(vin).valet).toBe(true);
  });
});

describe('release-note images', () => {
  it('fetches an image of the notes without sending the token', async () => {
    const vin = awakeVin(sim);
    const { client } = clientFor(sim);
    const notes = await client.releaseNotes(vin);
    const url = notes.release_notes.map((n) => n.image_url).find((u): u is string => u !== null);
    expect(url).toBeDefined();
    sim.clearRequests();
    const image = await client.fetchImage(url!);
    expect(image.contentType).toBe('image/svg+xml');
    expect(new TextDecoder().decode(image.bytes)).toContain('<svg');
    expect(sim.requests).toHaveLength(1);
    expect(sim.requests[0]!.headers['authorization']).toBeUndefined();
    expect(sim.requests[0]!.headers['user-agent']).toBe(TEST_UA);
  });

  it('refuses non-https remote URLs and sends nothing', async () => {
    const { client } = clientFor(sim);
    for (const url of ['http://example.com/a.png', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect((await caught(client.fetchImage(url))).kind).toBe('invalid_input');
    }
    expect(sim.requests).toHaveLength(0);
  });

  it('maps a missing image to not_found', async () => {
    const { client } = clientFor(sim);
    const e = await caught(client.fetchImage(`${sim.baseUrl}/_assets/nope.svg`));
    expect(e.kind).toBe('not_found');
    expect(e.info.status).toBe(404);
  });
});

// The simulator serves the API only at the root, so the base-URL path prefix is checked against a
// tiny raw node:http server that records the request target (a case the simulator cannot produce).
describe('base URL with a path prefix', () => {
  let server: Server;
  const seen: IncomingMessage[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"result":true}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('joins the prefix and the operation path with single slashes', async () => {
    const { port } = server.address() as AddressInfo;
    const client = createVehicleApiClient({
      baseUrl: `http://127.0.0.1:${port}/api/v1/`,
      getToken: async () => 'tok',
    });
    try {
      await client.command('5YJ3E1EA8TF473723', 'open_charge_port');
      expect(seen.at(-1)?.url).toBe(
        '/api/v1/5YJ3E1EA8TF473723/command/open_charge_port?wait_for_completion=true&max_attempts=3',
      );
      expect(seen.at(-1)?.headers['user-agent']).toMatch(/^VehicleGarage\//);
    } finally {
      await client.close();
    }
  });
});
