// Every simulator fault → the specific error kind, for a read and for a command; retries of reads,
// never of commands; Retry-After; timeouts; transport failures; the token never in a message.
import { createServer } from 'node:net';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createVehicleApiClient } from '../../electron/main/api';
import { startSimulator, type FaultKind, type Simulator } from '../../electron/main/simulator';
import type { ErrorKind } from '../../electron/shared/result';
import { apiRequests, awakeVin, caught, clientFor, closeClients, resetSimulator } from './support';

let sim: Simulator;
let vin: string;

beforeAll(async () => {
  sim = await startSimulator({ wakeDelayMs: 10, completionDelayMs: 2, flakiness: false });
  vin = awakeVin(sim);
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(() => resetSimulator(sim));
afterEach(closeClients);

const FAST = { readMs: 300, writeMs: 300, commandWaitMs: 300, commandNoWaitMs: 300, imageMs: 300 };

interface Row {
  fault: FaultKind;
  kind: ErrorKind;
  status?: number;
  /** Requests a read makes (1 + retries) when the fault persists. */
  readRequests: number;
}

const MATRIX: Row[] = [
  { fault: 'status500', kind: 'server_error', status: 500, readRequests: 3 },
  { fault: 'html502', kind: 'server_error', status: 502, readRequests: 3 },
  { fault: 'malformed_json', kind: 'bad_response', status: 200, readRequests: 1 },
  { fault: 'wrong_shape', kind: 'bad_response', status: 200, readRequests: 1 },
  { fault: 'reset', kind: 'network', readRequests: 3 },
  { fault: 'hang', kind: 'timeout', readRequests: 1 },
  { fault: 'oversized', kind: 'bad_response', status: 200, readRequests: 1 },
  { fault: 'status401', kind: 'unauthorized', status: 401, readRequests: 1 },
  { fault: 'status403', kind: 'forbidden', status: 403, readRequests: 1 },
  { fault: 'status404', kind: 'not_found', status: 404, readRequests: 1 },
  { fault: 'status408', kind: 'vehicle_offline', status: 408, readRequests: 1 },
  { fault: 'status429', kind: 'rate_limited', status: 429, readRequests: 3 },
];

function expectSafeMessage(message: string) {
  expect(message).not.toContain(sim.token);
  expect(message).not.toMatch(/<[a-z!]/i);
  expect(message.length).toBeLessThan(600);
}

describe('faults on a read (telemetry config)', () => {
  it.each(MATRIX.map((r) => [r.fault, r]))('%s', async (_name, row) => {
    sim.injectFault({ fault: row.fault, route: 'fleet_telemetry_config' });
    // 1.5 s: a retry whose wait (Retry-After 1 s) would end past the read's deadline is not made.
    const { client, waits } = clientFor(sim, { timeouts: { ...FAST, readMs: 1500 } });
    const e = await caught(client.telemetryConfig(vin));
    expect(e.kind).toBe(row.kind);
    expect(e.info.status).toBe(row.status);
    expectSafeMessage(e.message);
    expect(apiRequests(sim)).toHaveLength(row.readRequests);
    expect(waits).toHaveLength(row.readRequests - 1);
  });

  it('an oversized body says so', async () => {
    sim.injectFault({ fault: 'oversized', route: 'fleet_telemetry_config' });
    const { client } = clientFor(sim);
    expect((await caught(client.telemetryConfig(vin))).message).toContain('response larger than 5 MiB');
  });

  it('a 502 HTML page is not dumped into the message', async () => {
    sim.injectFault({ fault: 'html502', route: 'release_notes' });
    const { client } = clientFor(sim);
    const e = await caught(client.releaseNotes(vin));
    expect(e.message).not.toMatch(/nginx|DOCTYPE|<html/i);
  });

  it('429 carries retryAfterSeconds from Retry-After', async () => {
    sim.injectFault({ fault: 'status429', route: 'release_notes' });
    const { client } = clientFor(sim);
    const e = await caught(client.releaseNotes(vin));
    expect(e.info.retryAfterSeconds).toBe(1);
  });
});

describe('faults on a command: never re-sent', () => {
  it.each(MATRIX.map((r) => [r.fault, r]))('%s', async (_name, row) => {
    sim.injectFault({ fault: row.fault, route: 'command', command: 'set_charge_limit' });
    const { client, waits } = clientFor(sim, { timeouts: FAST });
    const e = await caught(client.command(vin, 'set_charge_limit', { percent: 80 }));
    expect(e.kind).toBe(row.kind);
    expect(e.info.status).toBe(row.status);
    expectSafeMessage(e.message);
    expect(apiRequests(sim)).toHaveLength(1);
    expect(waits).toHaveLength(0);
  });

  it('a reset mid-command says the command may or may not have reached the vehicle', async () => {
    sim.injectFault({ fault: 'reset', route: 'command' });
    const { client } = clientFor(sim);
    const e = await caught(client.command(vin, 'close_windows'));
    expect(e.kind).toBe('network');
    expect(e.message).toContain('may or may not have reached the vehicle');
    expect(apiRequests(sim)).toHaveLength(1);
  });

  it('writes are never re-sent either', async () => {
    sim.injectFault({ fault: 'status500', route: 'plate' });
    sim.injectFault({ fault: 'reset', route: 'set_tag' });
    const { client } = clientFor(sim);
    expect((await caught(client.setPlate(vin, { plate: 'XYZ 1' }))).kind).toBe('server_error');
    const drive = sim.vehicleState(vin).drives[0]!.id;
    expect((await caught(client.setDriveTag(vin, { drives: String(drive), tag: 'Work' }))).kind).toBe(
      'network',
    );
    expect(apiRequests(sim)).toHaveLength(2);
  });

  it('the client keeps working after a reset (the pool replaces the socket)', async () => {
    sim.injectFault({ fault: 'reset', route: 'command', times: 1 });
    const { client } = clientFor(sim);
    expect((await caught(client.command(vin, 'open_charge_port'))).kind).toBe('network');
    expect(await client.command(vin, 'open_charge_port')).toEqual({ result: true });
  });
});

describe('retries of reads', () => {
  it('recovers after two transient failures, with exponential backoff', async () => {
    sim.injectFault({ fault: 'status500', route: 'fleet_telemetry_config', times: 1 });
    sim.injectFault({ fault: 'reset', route: 'fleet_telemetry_config', times: 1 });
    const { client, waits } = clientFor(sim);
    const config = await client.telemetryConfig(vin);
    expect(config.config.hostname).toBeTypeOf('string');
    expect(apiRequests(sim)).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it('honours Retry-After (1 s asked → waits 1000 ms, then succeeds)', async () => {
    sim.injectFault({ fault: 'status429', route: 'release_notes', times: 1 });
    const { client, waits } = clientFor(sim);
    const notes = await client.releaseNotes(vin);
    expect(notes.deployed_version).toBeTypeOf('string');
    expect(waits).toEqual([1000]);
    expect(apiRequests(sim)).toHaveLength(2);
  });

  it('does not retry when Retry-After exceeds the limit', async () => {
    sim.injectFault({ fault: 'status429', route: 'release_notes', times: 1 });
    const { client, waits } = clientFor(sim, { retry: { maxRetryAfterSeconds: 0.5 } });
    const e = await caught(client.releaseNotes(vin));
    expect(e.kind).toBe('rate_limited');
    expect(e.info.retryAfterSeconds).toBe(1);
    expect(waits).toEqual([]);
    expect(apiRequests(sim)).toHaveLength(1);
  });

  it('paces by the simulator’s RateLimit headers instead of running into its limiter', async () => {
    // A burst of 5 and 5 a second: 24 requests sent as fast as possible would meet 429s. The first
    // four go out before any answer told the client the limit; after that the headers pace it.
    sim.setRateLimit(5);
    const waits: number[] = [];
    const { client } = clientFor(sim, {
      // Real waits: the pacer's clock counts a shortened wait as the full one.
      sleep: (ms) => {
        waits.push(ms);
        return new Promise((r) => setTimeout(r, ms));
      },
      retry: { maxRetries: 2 },
      maxConcurrent: 4,
      // A read's timeout counts from when it was asked, pacing included: 24 at 5 a second need ~4 s.
      timeouts: { readMs: 15_000 },
    });
    const started = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 24 }, () => client.telemetryConfig(vin)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // Every 429 is retried after its Retry-After, so the waits count them.
    expect(waits.length).toBeLessThanOrEqual(1);
    expect(waits.every((w) => w === 1000)).toBe(true);
    expect(client.pacing.rateLimited).toBe(waits.length);
    expect(client.pacing).toMatchObject({ ratePerSecond: 5, capacity: 5 });
    // 19 requests beyond the first burst at under 5 a second take more than 3.5 s: they were paced.
    expect(Date.now() - started).toBeGreaterThan(3_500);
    expect(apiRequests(sim)).toHaveLength(24 + waits.length);
  });

  it('does not retry 401, 404 or bad_response', async () => {
    const { client, waits } = clientFor(sim);
    sim.injectFault({ fault: 'status404', route: 'release_notes' });
    expect((await caught(client.releaseNotes(vin, { version: '2026.14.3' }))).kind).toBe('not_found');
    expect(apiRequests(sim)).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe('timeouts', () => {
  it('a hung read times out after readMs', async () => {
    sim.injectFault({ fault: 'hang', route: 'release_notes' });
    const { client } = clientFor(sim, { timeouts: { readMs: 100 } });
    const started = Date.now();
    const e = await caught(client.releaseNotes(vin));
    expect(e.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000); // far below the other timeout's 10–15 s
    expect(apiRequests(sim)).toHaveLength(1);
  });

  it('a waiting command uses commandWaitMs, a non-waiting one commandNoWaitMs', async () => {
    sim.injectFault({ fault: 'hang', route: 'command' });
    const { client } = clientFor(sim, { timeouts: { commandWaitMs: 80, commandNoWaitMs: 10_000 } });
    let started = Date.now();
    const e = await caught(client.command(vin, 'enable_valet'));
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('may or may not have reached the vehicle');
    expect(Date.now() - started).toBeLessThan(5_000); // far below the other timeout's 10–15 s

    const { client: other } = clientFor(sim, { timeouts: { commandWaitMs: 10_000, commandNoWaitMs: 80 } });
    started = Date.now();
    expect((await caught(other.command(vin, 'enable_valet', { waitForCompletion: false }))).kind).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(5_000); // far below the other timeout's 10–15 s
    expect(apiRequests(sim)).toHaveLength(2);
  });

  it('a slow but successful write within writeMs succeeds; beyond it times out', async () => {
    sim.setLatency(60);
    const { client } = clientFor(sim, { timeouts: { writeMs: 1000 } });
    expect(await client.setPlate(vin, { plate: 'SLOW 1' })).toEqual({ result: true });
    const { client: impatient } = clientFor(sim, { timeouts: { writeMs: 20 } });
    const e = await caught(impatient.setPlate(vin, { plate: 'SLOW 2' }));
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('may or may not have been saved');
  });
});

describe('transport and token', () => {
  it('connection refused → network (reads retried, commands not)', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const waits: number[] = [];
    const client = createVehicleApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: async () => 'tok_abc',
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    try {
      const e = await caught(client.telemetryConfig(vin));
      expect(e.kind).toBe('network');
      expect(e.message).toContain('refused');
      expect(waits).toHaveLength(2);
      waits.length = 0;
      const c = await caught(client.command(vin, 'enable_valet'));
      expect(c.kind).toBe('network');
      expect(waits).toHaveLength(0);
    } finally {
      await client.close();
    }
  });

  it('no token → no_token and nothing sent', async () => {
    const { client } = clientFor(sim, { getToken: async () => null });
    const e = await caught(client.command(vin, 'enable_valet'));
    expect(e.kind).toBe('no_token');
    expect(e.message).toBe('No API token is stored for this profile; add one in Settings');
    expect(sim.requests).toHaveLength(0);
  });

  it('a wrong token → unauthorized with the actionable message, token not echoed', async () => {
    const secret = 'tok_wrong_' + 'z'.repeat(30);
    const { client } = clientFor(sim, { getToken: async () => secret });
    for (const call of [() => client.telemetryConfig(vin), () => client.command(vin, 'enable_valet')]) {
      const e = await caught(call());
      expect(e.kind).toBe('unauthorized');
      expect(e.info.status).toBe(401);
      expect(e.message).toBe(
        'The service rejected the API token (401). Check or replace the token in Settings.',
      );
      expect(JSON.stringify(e.info)).not.toContain(secret);
      expect(String(e.stack)).not.toContain(secret);
    }
    expect(apiRequests(sim)).toHaveLength(2);
  });

  it('a failing keychain read → keychain_unavailable and nothing sent', async () => {
    const { client } = clientFor(sim, {
      getToken: async () => {
        throw new Error('secret service not running');
      },
    });
    expect((await caught(client.telemetryConfig(vin))).kind).toBe('keychain_unavailable');
    expect(sim.requests).toHaveLength(0);
  });
});
