// Rate-limit headers that ask for too much, or that must be kept to the second, through the client
// against the simulator over HTTP: a reset or policy window of years never holds a profile (the wait
// is capped and said in words, the read's deadline and the command's timeout cover it, no timer
// overflows), and `RateLimit: "default";r=0;t=5` holds the next request 5 s from the answer.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { apiRequests, awakeVin, caught, clientFor, closeClients, resetSimulator } from './support';

let sim: Simulator;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.name);

beforeAll(async () => {
  sim = await startSimulator({ wakeDelayMs: 10, completionDelayMs: 5, flakiness: false });
});
afterAll(() => sim.stop());
beforeEach(() => {
  resetSimulator(sim);
  sim.announceRateLimit(null);
  warnings.length = 0;
  process.on('warning', onWarning);
});
afterEach(async () => {
  process.off('warning', onWarning);
  await closeClients();
});

/** A client whose pacer waits are real (the default sleep), with short deadlines. */
const realClient = () =>
  clientFor(sim, {
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    timeouts: { readMs: 2_000, writeMs: 2_000, commandWaitMs: 2_000, commandNoWaitMs: 2_000, imageMs: 2_000 },
  }).client;

describe('a wait of years', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'RateLimit-Reset: 999999999',
      { 'RateLimit-Limit': '10', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '999999999' },
      /asked to wait 11,574 days \(RateLimit reset\)/,
    ],
    [
      'a policy window of 99,999,999 s',
      { 'RateLimit-Limit': '10', 'RateLimit-Remaining': '0', 'RateLimit-Policy': '10;w=99999999' },
      /asked to wait 1,157 days \(RateLimit-Policy window\)/,
    ],
  ];
  for (const [name, headers, asked] of cases) {
    it(`${name}: the next read and command are refused within their time, in words, unsent`, async () => {
      const vin = awakeVin(sim);
      const client = realClient();
      sim.announceRateLimit(headers);
      await client.status(vin);
      sim.announceRateLimit(null);
      sim.clearRequests();

      const started = performance.now();
      const read = await caught(client.telemetryConfig(vin));
      expect(read.kind).toBe('rate_limited');
      expect(read.message).toMatch(/^Not sent: the service's rate limit holds requests for another \d+ s/);
      expect(read.message).toMatch(asked);
      expect(read.info.retryAfterSeconds).toBeLessThanOrEqual(60);
      const command = await caught(client.command(vin, 'close_windows', { waitForCompletion: false }));
      expect(command.kind).toBe('rate_limited');
      expect(command.message).toMatch(/^Not sent: /);
      // Both answered within their own deadlines (2 s each), not held for the wait asked.
      expect(performance.now() - started).toBeLessThan(4_000);
      expect(apiRequests(sim)).toEqual([]);
      expect(warnings).not.toContain('TimeoutOverflowWarning');
      expect(client.pacing.askedTooLong).toMatchObject({ seconds: expect.any(Number) });
    });
  }

  it('a 429 asking for a year says so, and asks to wait no more than the cap', async () => {
    const vin = awakeVin(sim);
    const { client } = clientFor(sim, { retry: { maxRetries: 0 } });
    sim.injectFault({
      fault: 'status429',
      route: 'status',
      times: 1,
      headers: { 'Retry-After': '31536000' },
    });
    const error = await caught(client.status(vin));
    expect(error.kind).toBe('rate_limited');
    expect(error.info.retryAfterSeconds).toBe(60);
    expect(error.message).toBe(
      'The service is limiting requests (429). The service asked to wait 365 days (Retry-After), which the app does not keep: it waits at most 60 s at a time, then asks again.',
    );
    expect(warnings).not.toContain('TimeoutOverflowWarning');
  });
});

describe('RateLimit: "default";r=0;t=5', () => {
  for (const policy of [null, '"default";q=10;w=1']) {
    it(`holds the next request 5 s from the answer that said so${policy ? ', with a policy' : ''}`, async () => {
      const vin = awakeVin(sim);
      const { client } = clientFor(sim, { timeouts: { readMs: 15_000 } });
      sim.announceRateLimit({
        RateLimit: '"default";r=0;t=5',
        ...(policy ? { 'RateLimit-Policy': policy } : {}),
      });
      await client.status(vin);
      sim.announceRateLimit(null);
      await client.status(vin);
      const [first, second] = apiRequests(sim);
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(5_000 - 50);
    }, 15_000);
  }
});
