// The client's options, their defaults and their checks: everything the other parts of the client
// read is resolved here once, so a bad option fails at creation and never mid-request.
import { normalizeBaseUrl } from '../../shared/base-url';
import { tm } from '../i18n/main-words';
import type { NetworkOptions } from './network/network';
import { MAX_BODY_BYTES } from './read-body';
import { DEFAULT_RETRY_POLICY, defaultSleep, type RetryPolicy } from './retry';

export interface ApiTimeouts {
  /** Telemetry config and release notes. Default 15 s. */
  readMs?: number;
  /** Plate and drive tag. Default 15 s. */
  writeMs?: number;
  /** Commands with wait_for_completion=true (waking alone can take 90 s). Default 120 s. */
  commandWaitMs?: number;
  /** Commands with wait_for_completion=false. Default 15 s. */
  commandNoWaitMs?: number;
  /** Release-note images. Default 15 s. */
  imageMs?: number;
}

export interface ApiClientOptions {
  /** https://…, or http:// to 127.0.0.1 / [::1] / localhost; may carry a path prefix. */
  baseUrl: string;
  getToken: () => Promise<string | null>;
  /** Default `VehicleGarage/0.0.0`; the app passes `VehicleGarage/<app version>`. */
  userAgent?: string;
  /** Requests of this client in flight at once (the rest queue FIFO). Default 6. */
  maxConcurrent?: number;
  /** Of those, slots commands and writes may not take, so reads never wait behind them. Default max/3. */
  reservedForReads?: number;
  timeouts?: ApiTimeouts;
  retry?: { maxRetries?: number; baseDelayMs?: number; maxRetryAfterSeconds?: number };
  sleep?: (ms: number) => Promise<void>;
  /** Keep-alive connections of the service origin's pool. Default maxConcurrent. */
  connections?: number;
  /** Response size cap. Default 5 MiB. */
  maxBodyBytes?: number;
  /** Clock (ms) for Retry-After HTTP-dates; injectable for tests. */
  now?: () => number;
  /** 0 ≤ random() < 1, for backoff jitter; injectable for tests. */
  random?: () => number;
  /** Proxy (setting, system resolution, variables) and trusted certificates; default: automatic. */
  network?: NetworkOptions;
}

export const DEFAULT_USER_AGENT = 'VehicleGarage/0.0.0';
export const DEFAULT_MAX_CONCURRENT = 6;

/** Slots commands and writes may not take by default, so reads never wait behind them. */
export function defaultReservedForReads(maxConcurrent: number): number {
  return Math.floor(maxConcurrent / 3);
}

export const DEFAULT_TIMEOUTS: Required<ApiTimeouts> = {
  readMs: 15_000,
  writeMs: 15_000,
  commandWaitMs: 120_000,
  commandNoWaitMs: 15_000,
  imageMs: 15_000,
};

/** The options, checked and with every default filled in. */
export interface ClientConfig {
  base: URL;
  /** The base URL's path prefix without trailing slash ('' or '/api/v1'). */
  basePath: string;
  userAgent: string;
  maxConcurrent: number;
  reservedForReads: number;
  connections: number;
  timeouts: Required<ApiTimeouts>;
  retryPolicy: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  maxBodyBytes: number;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number`);
  return value;
}

export function resolveClientConfig(options: ApiClientOptions): ClientConfig {
  const base = new URL(normalizeBaseUrl(options.baseUrl, tm));
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  if (!/^[\x20-\x7e]+$/.test(userAgent)) throw new RangeError('userAgent must be printable ASCII');
  const maxConcurrent = positive(options.maxConcurrent, DEFAULT_MAX_CONCURRENT, 'maxConcurrent');
  const t = options.timeouts ?? {};
  const timeout = (key: keyof ApiTimeouts) => positive(t[key], DEFAULT_TIMEOUTS[key], `timeouts.${key}`);
  return {
    base,
    basePath: base.pathname === '/' ? '' : base.pathname,
    userAgent,
    maxConcurrent: Math.floor(maxConcurrent),
    reservedForReads: options.reservedForReads ?? defaultReservedForReads(maxConcurrent),
    connections: Math.floor(positive(options.connections, maxConcurrent, 'connections')),
    timeouts: {
      readMs: timeout('readMs'),
      writeMs: timeout('writeMs'),
      commandWaitMs: timeout('commandWaitMs'),
      commandNoWaitMs: timeout('commandNoWaitMs'),
      imageMs: timeout('imageMs'),
    },
    retryPolicy: {
      maxRetries: options.retry?.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      baseDelayMs: options.retry?.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
      maxRetryAfterSeconds: options.retry?.maxRetryAfterSeconds ?? DEFAULT_RETRY_POLICY.maxRetryAfterSeconds,
      ...(options.random ? { random: options.random } : {}),
    },
    sleep: options.sleep ?? defaultSleep,
    now: options.now ?? Date.now,
    maxBodyBytes: positive(options.maxBodyBytes, MAX_BODY_BYTES, 'maxBodyBytes'),
  };
}
