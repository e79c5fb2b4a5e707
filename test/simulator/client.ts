// A tiny HTTP client for the contract tests: real requests over loopback, no mocks.
import type { Simulator } from '../../electron/main/simulator/index';

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
