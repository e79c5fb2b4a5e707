// A tiny HTTP client for the contract tests: real requests over loopback, no mocks.
import { afterEach, expect } from 'vitest';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../electron/main/simulator/index';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export interface CallOptions {
  /** A JSON value (serialised) or a raw string. */
  body?: unknown;
  /** Default: the simulator's token; null sends no Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function call(
  sim: Simulator,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  const token = opts.token === undefined ? sim.token : opts.token;
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(sim.baseUrl + path, { method, headers, body, signal: opts.signal });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The first vehicle that matches, failing loudly if the seeded fleet has none. */
export function findVin(sim: Simulator, pred: (v: ReturnType<Simulator['vehicleState']>) => boolean): string {
  const vin = sim.vins.find((v) => pred(sim.vehicleState(v)));
  if (!vin) throw new Error('no vehicle in the fleet matches');
  return vin;
}

/** An awake, reliable vehicle: commands succeed on the first attempt. */
export function readyVin(sim: Simulator): string {
  const vin = sim.vins[0] as string;
  sim.setVehicleState(vin, { sleepState: 'awake', flakiness: 0 });
  return vin;
}

export const FAST = { wakeDelayMs: 30, completionDelayMs: 5 } as const;

/**
 * A `start(options)` for tests that each want their own simulator (FAST unless overridden); every
 * one started is stopped after each test.
 */
export function simulatorPerTest(
  defaults: SimulatorOptions = {},
): (options?: SimulatorOptions) => Promise<Simulator> {
  const running: Simulator[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });
  return async (options = {}) => {
    const sim = await startSimulator({ ...FAST, ...defaults, ...options });
    running.push(sim);
    return sim;
  };
}

/** A JSON error answer with this status and a message that matches. */
export function expectError(r: Answer, status: number, message: RegExp): void {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.json).toEqual({ error: expect.stringMatching(message) });
}
