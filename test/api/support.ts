// Helpers for the API client's integration tests: a client wired to a running simulator with small
// timeouts and a recording fake sleep. Not a test file itself.
import {
  createVehicleApiClient,
  type ApiClientOptions,
  type VehicleApiClient,
} from '../../electron/main/api';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  startSimulator,
  type Simulator,
  type SimulatorOptions,
  type VehicleState,
} from '../../electron/main/simulator';
import { AppError } from '../../electron/shared/result';

export const TEST_UA = 'VehicleGarage/9.9.9-test';

export interface TestClient {
  client: VehicleApiClient;
  /** Every delay the client asked the injected sleep for. */
  waits: number[];
  tokenReads: () => number;
}

const open: VehicleApiClient[] = [];

export function clientFor(sim: Simulator, overrides: Partial<ApiClientOptions> = {}): TestClient {
  const waits: number[] = [];
  let reads = 0;
  const client = createVehicleApiClient({
    baseUrl: sim.baseUrl,
    getToken: async () => {
      reads++;
      return sim.token;
    },
    userAgent: TEST_UA,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    timeouts: { readMs: 3000, writeMs: 3000, commandWaitMs: 5000, commandNoWaitMs: 3000, imageMs: 3000 },
    ...overrides,
  });
  open.push(client);
  return { client, waits, tokenReads: () => reads };
}

export async function closeClients(): Promise<void> {
  await Promise.all(open.splice(0).map((c) => c.close()));
}

/** The AppError a promise rejects with (fails the test if it resolves or rejects otherwise). */
export async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw new Error(`expected an AppError, got ${String(e)}`);
  }
  throw new Error('expected the call to fail');
}

/** A VIN of the fleet whose vehicle is awake and supports every command. */
export function awakeVin(sim: Simulator, pred: (v: VehicleState) => boolean = () => true): string {
  const v = sim.vehicles().find((x) => x.sleepState === 'awake' && x.supportsCloseWindows && pred(x));
  if (!v) throw new Error('no awake vehicle in the simulated fleet');
  return v.vin;
}

export function resetSimulator(sim: Simulator): void {
  sim.clearFaults();
  sim.clearRequests();
  sim.setLatency(0);
  sim.setRateLimit(null);
}

/** API requests only (image asset requests are recorded too, with route null). */
export function apiRequests(sim: Simulator) {
  return sim.requests.filter((r) => r.route !== null);
}

/**
 * A simulator for a file's tests (no flakiness unless asked), started before them and stopped after
 * them, the clients they opened closed after each; the file reads it through the getter.
 */
export function useSimulator(options: SimulatorOptions = {}): () => Simulator {
  let sim: Simulator | null = null;
  beforeAll(async () => {
    sim = await startSimulator({ flakiness: false, ...options });
  });
  afterAll(async () => {
    await sim?.stop();
  });
  afterEach(closeClients);
  return () => {
    if (!sim) throw new Error('the simulator is not started yet');
    return sim;
  };
}
