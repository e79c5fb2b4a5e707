// The simulator's public types (re-exported by index.ts, which other modules import).
import type { RouteName } from '../../shared/wire';
import type { Clock } from './clock';
import type { ServiceCommandName } from '../../shared/workshop-commands';
import type { VehicleState } from './types';

export interface SimulatorOptions {
  host?: string; // default '127.0.0.1'
  port?: number; // default 0 (ephemeral)
  token?: string; // default: random 32-byte hex; the owner's bearer token
  /**
   * A second accepted token, a driver's rather than the owner's: everything the owner's does except
   * drivers, invitations, guest mode and telemetry configuration writes, which answer 403. Default: none.
   */
  driverToken?: string;
  seed?: number; // default 1
  vehicles?: number; // default 12
  latencyMs?: number; // added to every response, default 0
  rateLimitPerSecond?: number | null; // default null (off)
  /** Which draft's rate-limit headers to send: the older RateLimit-Limit/-Remaining/-Reset (default) or the current structured RateLimit and RateLimit-Policy. */
  rateLimitHeaders?: 'draft' | 'structured';
  wakeDelayMs?: number; // default 1500; time to wake an asleep vehicle
  /** How long `POST /{vin}/wake` tries an offline vehicle before answering false; default 60 × wakeDelayMs (90 s at the default delay, as the real service). */
  wakeTimeoutMs?: number;
  /** An awake vehicle with no command, wake or live read for this long falls asleep; default 15 minutes. */
  sleepAfterMs?: number;
  completionDelayMs?: number; // default 300; time one command attempt takes (also before state changes when wait_for_completion=false)
  flakiness?: boolean; // default true; per-vehicle transient attempt failures (deterministic under seed)
  assetBaseUrl?: string; // where release-note image URLs point; default: the simulator's own base URL
  /** Keeps the latest this many requests in `requests` (older ones are dropped); default 10000. */
  maxRecordedRequests?: number;
  /** Reference time (Unix ms) for the seeded fleet's dates; default the clock's now. */
  now?: number;
  /**
   * Where the simulator's time comes from: every delay and every "now" it reads. Default the
   * system's; a test passes one it moves by hand.
   */
  clock?: Clock;
  /** How long one telemetry configuration write takes (a second one meanwhile answers 429); default 500. */
  configWriteDelayMs?: number;
  /** How long an online vehicle takes to adopt a written configuration (`synced` true); default 3000. */
  telemetrySyncDelayMs?: number;
  /** How long a software update installs, 0 to 100 %; default 20000. */
  updateInstallMs?: number;
  /**
   * What each invitation's `share_link` starts with, its code after it; default
   * `https://www.tesla.com/_rs/1/`. Tests set another to see the app refuse a link it must not open.
   */
  shareLinkBase?: string;
  /**
   * How `GET /{vin}/tire_pressure` answers a window: `results` (a list of readings, the default) or
   * `object` (the newest reading alone). The service's own form is not published.
   */
  tyreHistoryForm?: 'results' | 'object';
}

export type FaultKind =
  | 'status500'
  | 'html502'
  | 'malformed_json'
  | 'wrong_shape'
  | 'reset'
  | 'hang'
  | 'oversized'
  | 'status401'
  | 'status403'
  | 'status404'
  | 'status408'
  | 'status429'
  /** A command answered `{ result: false, reason }` with the spec's `reason`, verbatim (a service that echoes what it was sent). */
  | 'refused';

export type { RouteName };

export interface FaultSpec {
  fault: FaultKind;
  route?: RouteName | '*';
  command?: ServiceCommandName;
  vin?: string;
  times?: number /* default Infinity */;
  /** The reason a 'refused' fault answers with; default 'refused'. */
  reason?: string;
  /** Headers a 'status429' answers with instead of its own rate-limit headers (e.g. a Retry-After of years). */
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters; an `access_token` value is recorded as `[redacted]`. */
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  vin: string | null;
  route: RouteName | null;
  at: number;
}

export interface Simulator {
  readonly baseUrl: string; // e.g. http://127.0.0.1:41234 (no trailing slash)
  readonly token: string;
  /** The driver's (non-owner) token, when one was configured. */
  readonly driverToken: string | null;
  readonly vins: string[];
  readonly requests: RecordedRequest[]; // every request received, in order (including rejected ones)
  clearRequests(): void;
  setLatency(ms: number): void;
  setRateLimit(perSecond: number | null): void;
  /**
   * Rate-limit headers every API answer carries from now on (over the limiter's own), whatever they
   * say: a service that asks to wait for years, or for none. Null stops.
   */
  announceRateLimit(headers: Record<string, string> | null): void;
  injectFault(spec: FaultSpec): () => void; // returns a remover
  clearFaults(): void;
  /** Telemetry configuration writes taken, and those refused (429) because another was under way. */
  configWriteStats(): { written: number; refusedConcurrent: number };
  vehicleState(vin: string): VehicleState; // a deep copy
  setVehicleState(vin: string, patch: Partial<VehicleState>): void; // e.g. put a vehicle to sleep or offline in a test
  /** Deep copies of every vehicle, in fleet order (what the demo garage shows). */
  vehicles(): VehicleState[];
  stop(): Promise<void>; // closes the server AND destroys open keep-alive sockets and hung requests; resolves when closed
}
