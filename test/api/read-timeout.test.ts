// A read answers within its timeout, counted from when it was asked: it never waits for a slot
// behind commands to sleeping cars, time spent queued counts, and retries stop at the deadline.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createVehicleApiClient,
  DEFAULT_MAX_CONCURRENT,
  defaultReservedForReads,
} from '../../electron/main/api';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { awakeVin, caught, clientFor, closeClients, resetSimulator } from './support';
import { passes, waitFor } from '../support/wait-for';

let sim: Simulator;

beforeAll(async () => {
  // Sleeping cars take a minute to wake: a command to one holds its slot that long.
  sim = await startSimulator({ vehicles: 20, wakeDelayMs: 60_000, completionDelayMs: 2, flakiness: false });
});

afterAll(async () => {
  await closeClients();
  await sim.stop();
});

/** 'late' unless `promise` settles within `ms`. */
function within(promise: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise((resolve) => setTimeout(() => resolve('late'), ms)),
  ]);
}

describe('reads and commands sharing the client', () => {
  it('a read asked while 12 commands wait on sleeping cars answers within its timeout', async () => {
    resetSimulator(sim);
    const reader = awakeVin(sim);
    const sleepers = sim
      .vehicles()
      .filter((v) => v.vin !== reader)
      .slice(0, 12)
      .map((v) => v.vin);
    expect(sleepers).toHaveLength(12);
    for (const vin of sleepers) sim.setVehicleState(vin, { sleepState: 'asleep' });
    const readMs = 2000;
    const { client } = clientFor(sim, { timeouts: { readMs, commandWaitMs: 120_000 } });
    const commands = sleepers.map((vin) =>
      client.command(vin, 'close_windows', { waitForCompletion: true }).catch(() => null),
    );
    // Every slot commands may take is taken: the limiter says so, no fixed wait needed.
    await waitFor(
      passes(() =>
        expect(client.stats.inFlight).toBe(
          DEFAULT_MAX_CONCURRENT - defaultReservedForReads(DEFAULT_MAX_CONCURRENT),
        ),
      ),
      'every command slot taken',
    );
    const outcome = await within(client.telemetryConfig(reader), readMs + 500);
    expect(outcome).toMatchObject({ value: { synced: expect.any(Boolean) } });
    await client.destroy();
    await Promise.all(commands);
  });

  it('a read’s timeout counts the time it waited for a slot', async () => {
    resetSimulator(sim);
    sim.setLatency(3000);
    const vin = awakeVin(sim);
    const { client } = clientFor(sim, {
      maxConcurrent: 1,
      timeouts: { readMs: 300, commandNoWaitMs: 10_000 },
    });
    const first = client.command(vin, 'close_windows').catch((e: unknown) => e);
    const second = client.telemetryConfig(vin);
    // The second never got a slot: it times out 300 ms after it was asked, not after the first.
    const outcome = await within(second, 1500);
    expect(outcome).toMatchObject({ error: { kind: 'timeout' } });
    await client.destroy();
    await first;
  });
});

describe('retries of a read stop at its deadline', () => {
  let server: Server;
  let base = '';
  let requests = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      req.resume();
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end('{"error":"Too many requests"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('a 429 asking for 30 s fails a read with a 15 s timeout at once, telling how long to wait', async () => {
    const waits: number[] = [];
    const client = createVehicleApiClient({
      baseUrl: base,
      getToken: async () => 'token-123456',
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const error = await caught(client.telemetryConfig('5YJ3E1EA8TF473723'));
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toContain('Wait 30 s');
    expect(waits).toEqual([]);
    expect(requests).toBe(1);
    await client.destroy();
  });
});
