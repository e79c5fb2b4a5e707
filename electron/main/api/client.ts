// The Vehicle Management Service client (issue 4): undici 7, one keep-alive Pool for the service
// origin and one Agent (a pool per origin) for release-note images. Plain module: no `electron`
// import; the token, clock and sleep are injected.
//
// Order of every operation: validate input → refuse a duplicate (busy) → read the token → wait
// for a concurrency slot → send. Nothing is sent when any earlier step fails.
import { Agent, Pool, type Dispatcher } from 'undici';
import type { ZodType } from 'zod';

import { isLoopbackHost, normalizeBaseUrl } from '../../shared/base-url';
import type { CommandName } from '../../shared/commands';
import { AppError } from '../../shared/result';
import {
  accountVehiclesSchema,
  commandResultSchema,
  drivesSchema,
  firmwareAlertsSchema,
  plateReadSchema,
  releaseNotesSchema,
  telemetryConfigSchema,
  tirePressureSchema,
  vehicleStateSchema,
  vehicleStatusSchema,
  wakeResultSchema,
  type AccountVehicles,
  type CommandResult,
  type DrivesList,
  type FirmwareAlerts,
  type PlateRead,
  type ReleaseNotes,
  type TelemetryConfig,
  type TirePressure,
  type VehicleState,
  type VehicleStatusAnswer,
  type WakeResult,
} from '../../shared/wire';
import {
  NO_TOKEN_MESSAGE,
  errorFromStatus,
  errorFromTransport,
  operationLabel,
  redactSecret,
  sanitizeText,
  timeoutError,
  uncertainOutcomeNote,
  type ErrorContext,
} from './errors';
import {
  IMAGE_MAX_REDIRECTS,
  IMAGE_TYPES,
  allowedImageType,
  checkImageBody,
  notAnImageError,
  validateImageUrl,
} from './image';
import { guardedLookup } from './guarded-lookup';
import { imageUrlProblem, isPrivateAddress, type ImageUrlPolicy } from '../storage/cache/image-rules';
import { tokenProblem } from '../vault/token-rules';
import { InFlightGuard } from './in-flight';
import { ConcurrencyLimiter, type LimiterStats } from './limiter';
import { MAX_BODY_BYTES, readBodyCapped, safeDestroy } from './read-body';
import { RatePacer, type RatePacerStats } from './rate-pacer';
import {
  accountVehiclesRequest,
  commandRequest,
  drivesRequest,
  firmwareAlertsRequest,
  plateReadRequest,
  releaseNotesRequest,
  requestTarget,
  setDriveTagRequest,
  setPlateRequest,
  stateRequest,
  statusRequest,
  telemetryConfigRequest,
  tirePressureRequest,
  wakeRequest,
  type WireRequest,
} from './requests';
import { redactErrorBody, responseRedactor } from './response-redaction';
import { DEFAULT_RETRY_POLICY, defaultSleep, withRetry, type RetryPolicy } from './retry';
import {
  invalid,
  validateCommand,
  validateDrivesQuery,
  validateDriveTag,
  validateOnlyActive,
  validatePlate,
  validateReleaseNotesQuery,
  validateUseCache,
  validateVin,
  type CommandOptions,
  type DrivesQuery,
  type ReleaseNotesQuery,
} from './validate-input';

export type { CommandOptions, DrivesQuery, ReleaseNotesQuery };

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
}

export interface FetchedImage {
  contentType: string;
  bytes: Uint8Array;
}

export interface VehicleApiClient {
  telemetryConfig(vin: string): Promise<TelemetryConfig>;
  releaseNotes(vin: string, q?: ReleaseNotesQuery): Promise<ReleaseNotes>;
  setPlate(vin: string, body: { plate: string | null }): Promise<CommandResult>;
  setDriveTag(vin: string, body: { drives: string; tag: string }): Promise<CommandResult>;
  command(vin: string, name: CommandName, opts?: CommandOptions): Promise<CommandResult>;
  /** `GET /vehicles`; `last_state` comes back without `tokens` or any undeclared field. */
  accountVehicles(q?: { onlyActive?: boolean }): Promise<AccountVehicles>;
  status(vin: string): Promise<VehicleStatusAnswer>;
  /** `useCache` defaults to true: the service's copy, which never wakes the vehicle. */
  state(vin: string, useCache?: boolean): Promise<VehicleState>;
  plate(vin: string): Promise<PlateRead>;
  drives(vin: string, q?: DrivesQuery): Promise<DrivesList>;
  firmwareAlerts(vin: string): Promise<FirmwareAlerts>;
  tirePressure(vin: string): Promise<TirePressure>;
  /** A write: sent once, `busy` while a wake of the same VIN runs. */
  wake(vin: string): Promise<WakeResult>;
  fetchImage(url: string): Promise<FetchedImage>;
  /** Whether fetchImage would accept the URL (and so whether a cached copy may be shown). */
  canFetchImage(url: string): boolean;
  readonly stats: LimiterStats;
  /** What the client learned of the service's rate limit, and how many 429s it met. */
  readonly pacing: RatePacerStats;
  /** Waits for requests under way, refuses new ones. */
  close(): Promise<void>;
  /** Aborts requests under way at once (quitting). */
  destroy(): Promise<void>;
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
/** The account's vehicle list carries a state object per vehicle: thousands of them for a fleet. */
export const ACCOUNT_BODY_MAX = 64 * 1024 * 1024;
/** Error bodies are read only this far (enough for `{"error": …}`; an HTML page is not kept). */
const ERROR_BODY_MAX = 64 * 1024;
const REASON_MAX = 500;

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number`);
  return value;
}

const closedError = (): AppError => new AppError('internal', 'The API client was closed.');

export function createVehicleApiClient(options: ApiClientOptions): VehicleApiClient {
  const base = new URL(normalizeBaseUrl(options.baseUrl));
  const basePath = base.pathname === '/' ? '' : base.pathname;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  if (!/^[\x20-\x7e]+$/.test(userAgent)) throw new RangeError('userAgent must be printable ASCII');
  const maxConcurrent = positive(options.maxConcurrent, DEFAULT_MAX_CONCURRENT, 'maxConcurrent');
  const t = options.timeouts ?? {};
  const timeouts: Required<ApiTimeouts> = {
    readMs: positive(t.readMs, DEFAULT_TIMEOUTS.readMs, 'timeouts.readMs'),
    writeMs: positive(t.writeMs, DEFAULT_TIMEOUTS.writeMs, 'timeouts.writeMs'),
    commandWaitMs: positive(t.commandWaitMs, DEFAULT_TIMEOUTS.commandWaitMs, 'timeouts.commandWaitMs'),
    commandNoWaitMs: positive(
      t.commandNoWaitMs,
      DEFAULT_TIMEOUTS.commandNoWaitMs,
      'timeouts.commandNoWaitMs',
    ),
    imageMs: positive(t.imageMs, DEFAULT_TIMEOUTS.imageMs, 'timeouts.imageMs'),
  };
  const retryPolicy: RetryPolicy = {
    maxRetries: options.retry?.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    baseDelayMs: options.retry?.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
    maxRetryAfterSeconds: options.retry?.maxRetryAfterSeconds ?? DEFAULT_RETRY_POLICY.maxRetryAfterSeconds,
    ...(options.random ? { random: options.random } : {}),
  };
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const maxBodyBytes = positive(options.maxBodyBytes, MAX_BODY_BYTES, 'maxBodyBytes');

  // Plain dispatchers: no retry interceptor, no RetryAgent, pipelining 1. undici re-sends nothing
  // by itself with pipelining 1 (a failed in-flight request is errored, never replayed), and we
  // mark POSTs non-idempotent so undici would not pipeline them even if pipelining were raised.
  const pool = new Pool(base.origin, {
    connections: Math.floor(positive(options.connections, maxConcurrent, 'connections')),
    pipelining: 1,
  });
  // Images may come from this machine or the local network only when the service itself does.
  const imagePolicy: ImageUrlPolicy = {
    allowLocal: isLoopbackHost(base.hostname) || isPrivateAddress(base.hostname),
  };
  const imageAgent = new Agent({
    connections: 2,
    pipelining: 1,
    ...(imagePolicy.allowLocal ? {} : { connect: { lookup: guardedLookup() } }),
  });
  const limiter = new ConcurrencyLimiter(
    Math.floor(maxConcurrent),
    options.reservedForReads ?? defaultReservedForReads(maxConcurrent),
  );
  // Pictures have their own two slots, so slow image hosts never hold up a command.
  const imageLimiter = new ConcurrencyLimiter(2);
  const guard = new InFlightGuard();
  // Follows the service's RateLimit-* and Retry-After headers across all of this client's requests.
  // Its own real clock: an injected fixed `now` (for Retry-After dates) must not freeze the pacing.
  const pacer = new RatePacer({ sleep });
  let closing: Promise<void> | null = null;

  async function readToken(): Promise<string> {
    let token: string | null;
    try {
      token = await options.getToken();
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError('keychain_unavailable', 'The API token could not be read from the system keychain.');
    }
    const trimmed = typeof token === 'string' ? token.trim() : '';
    if (trimmed === '') throw new AppError('no_token', NO_TOKEN_MESSAGE);
    if (tokenProblem(trimmed) !== null) {
      throw new AppError(
        'invalid_input',
        'The stored API token contains characters that cannot be sent; replace it in Settings.',
        { issues: [{ path: 'token', message: 'token contains spaces or non-ASCII characters' }] },
      );
    }
    return trimmed;
  }

  function parseJson(bytes: Uint8Array, ctx: ErrorContext, status: number): unknown {
    try {
      return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      throw new AppError(
        'bad_response',
        `The service answered ${operationLabel(ctx)} with something that is not JSON.${uncertainOutcomeNote(ctx)}`,
        { status },
      );
    }
  }

  function validateShape<T>(schema: ZodType<T>, data: unknown, ctx: ErrorContext, status: number): T {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
    const where = parsed.error.issues[0]?.path.map(String).join('.') ?? '';
    throw new AppError(
      'bad_response',
      `The service answered ${operationLabel(ctx)} with data of an unexpected shape${
        where === '' ? '' : ` (at ${sanitizeText(where, 80)})`
      }.${uncertainOutcomeNote(ctx)}`,
      { status },
    );
  }

  /**
   * One request, inside a concurrency slot, with a timeout over the whole exchange. With a
   * deadline (reads), waiting for the slot counts too: the timeout runs from when it was asked.
   */
  async function sendOnce<T>(
    req: WireRequest,
    schema: ZodType<T>,
    ctx: ErrorContext,
    timeoutMs: number,
    token: string,
    deadline?: number,
  ): Promise<T> {
    const left = () => (deadline === undefined ? timeoutMs : deadline - performance.now());
    if (left() <= 0) throw timeoutError(ctx, timeoutMs);
    const queueWait = deadline === undefined ? undefined : AbortSignal.timeout(Math.ceil(left()));
    const taskClass = req.requestClass === 'read' ? 'read' : 'other';
    return limiter
      .run(
        async () => {
          if (closing) throw closedError();
          // The service's announced rate decides when this request may leave (no 429 by design).
          await pacer.acquire(req.requestClass === 'read' ? 'read' : 'write');
          let answered = false;
          try {
            if (closing) throw closedError();
            const exchangeMs = left();
            if (exchangeMs <= 0) throw timeoutError(ctx, timeoutMs);
            const controller = new AbortController();
            let timedOut = false;
            const timer = setTimeout(() => {
              timedOut = true;
              controller.abort();
            }, exchangeMs);
            try {
              const headers: Record<string, string> = {
                authorization: `Bearer ${token}`,
                accept: 'application/json',
                'user-agent': userAgent,
              };
              if (req.body !== null) headers['content-type'] = 'application/json';
              const res = await pool.request({
                method: req.method,
                path: requestTarget(basePath, req),
                headers,
                body: req.body,
                signal: controller.signal,
                idempotent: req.method === 'GET',
                // Backstops only; the timer above is the real limit.
                headersTimeout: timeoutMs + 1000,
                bodyTimeout: timeoutMs + 1000,
              });
              const status = res.statusCode;
              answered = true;
              pacer.observe(status, res.headers);
              // Whatever the service says is masked before it is quoted, cut, validated or kept.
              const redactor = responseRedactor(token);
              if (status < 200 || status >= 300) {
                const bytes = await readBodyCapped(res.body, {
                  maxBytes: ERROR_BODY_MAX,
                  throwOnOverflow: false,
                });
                const body = redactErrorBody(new TextDecoder().decode(bytes), redactor);
                throw errorFromStatus(status, res.headers, body, ctx, now());
              }
              const bytes = await readBodyCapped(res.body, {
                maxBytes: req.route === 'vehicles' ? Math.max(maxBodyBytes, ACCOUNT_BODY_MAX) : maxBodyBytes,
                contentLength: res.headers['content-length'],
                status,
              });
              return validateShape(schema, redactor.json(parseJson(bytes, ctx, status)), ctx, status);
            } catch (e) {
              if (timedOut) throw timeoutError(ctx, timeoutMs);
              throw errorFromTransport(e, ctx, timeoutMs);
            } finally {
              clearTimeout(timer);
            }
          } finally {
            if (!answered) pacer.unanswered();
          }
        },
        { taskClass, signal: queueWait },
      )
      .catch((e: unknown) => {
        if (queueWait?.aborted && !(e instanceof AppError)) throw timeoutError(ctx, timeoutMs);
        throw e;
      });
  }

  /** Common frame: busy guard, token, redaction, unexpected errors → 'internal'. */
  async function run<T>(
    req: WireRequest,
    schema: ZodType<T>,
    ctx: ErrorContext,
    timeoutMs: number,
    busyKey: string | null,
  ): Promise<T> {
    if (closing) throw closedError();
    let release: (() => void) | null = null;
    if (busyKey !== null) {
      release = guard.tryEnter(busyKey);
      if (release === null) {
        const what =
          ctx.route === 'command'
            ? ctx.commandName
            : ctx.route === 'plate'
              ? 'Setting the plate'
              : ctx.route === 'wake'
                ? 'Waking the vehicle'
                : 'Tagging drives';
        throw new AppError('busy', `${what} is already running for VIN ${ctx.vin}; wait for it to finish.`);
      }
    }
    // A read's timeout runs from now, however long it then waits for a slot or between retries.
    const deadline = performance.now() + timeoutMs;
    let token: string | null = null;
    try {
      token = await readToken();
      const tok = token;
      if (req.requestClass === 'read') {
        return await withRetry(
          () => sendOnce(req, schema, ctx, timeoutMs, tok, deadline),
          retryPolicy,
          pacer.sleepFor,
          {
            remainingMs: () => deadline - performance.now(),
          },
        );
      }
      // Commands and writes: exactly one request, whatever happens.
      return await sendOnce(req, schema, ctx, timeoutMs, tok);
    } catch (e) {
      const error = e instanceof AppError ? e : errorFromTransport(e, ctx, timeoutMs);
      throw redactSecret(error, token);
    } finally {
      release?.();
    }
  }

  function tidyResult(r: CommandResult): CommandResult {
    return {
      result: r.result,
      ...(r.reason === undefined ? {} : { reason: sanitizeText(r.reason, REASON_MAX) }),
      ...(r.woke === undefined ? {} : { woke: r.woke }),
    };
  }

  /** A read of one vehicle: VIN checked, then the request; retried per the read policy. */
  function vehicleRead<T>(vin: unknown, schema: ZodType<T>, build: (vin: string) => WireRequest): Promise<T> {
    return Promise.resolve().then(() => {
      const v = validateVin(vin);
      const req = build(v);
      const ctx: ErrorContext = { route: req.route, requestClass: 'read', vin: v };
      return run(req, schema, ctx, timeouts.readMs, null);
    });
  }

  async function fetchImageOnce(start: URL): Promise<FetchedImage> {
    const ctx: ErrorContext = { route: 'image', requestClass: 'read' };
    return imageLimiter.run(async () => {
      if (closing) throw closedError();
      const controller = new AbortController();
      let timedOut = false;
      const timeoutMs = timeouts.imageMs;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      try {
        let url = start;
        for (let hop = 0; ; hop++) {
          // Third-party hosts: no Authorization, no cookies; only what an <img> would send.
          const res: Dispatcher.ResponseData = await imageAgent.request({
            origin: url.origin,
            path: url.pathname + url.search,
            method: 'GET',
            headers: { accept: IMAGE_TYPES.join(', '), 'user-agent': userAgent },
            signal: controller.signal,
            headersTimeout: timeoutMs + 1000,
            bodyTimeout: timeoutMs + 1000,
          });
          const status = res.statusCode;
          const location = res.headers.location;
          if (status >= 300 && status < 400 && location !== undefined) {
            safeDestroy(res.body);
            if (hop >= IMAGE_MAX_REDIRECTS) {
              throw new AppError('bad_response', 'The image host redirected too many times.', { status });
            }
            const next = Array.isArray(location) ? location[0] : location;
            url = validateImageUrl(new URL(next ?? '', url).toString(), imagePolicy, 'redirect');
            continue;
          }
          if (status < 200 || status >= 300) {
            safeDestroy(res.body);
            throw errorFromStatus(status, res.headers, '', ctx, now());
          }
          const declared = allowedImageType(res.headers['content-type']);
          if (declared === null) {
            safeDestroy(res.body);
            throw notAnImageError(res.headers['content-type'], status);
          }
          const bytes = await readBodyCapped(res.body, {
            maxBytes: maxBodyBytes,
            contentLength: res.headers['content-length'],
            status,
          });
          return { contentType: checkImageBody(declared, bytes, status), bytes };
        }
      } catch (e) {
        if (timedOut) throw timeoutError(ctx, timeoutMs);
        if (e instanceof TypeError && !(e instanceof AppError)) {
          throw invalid('redirect', 'the image host redirected to an invalid URL');
        }
        throw errorFromTransport(e, ctx, timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    });
  }

  return {
    telemetryConfig(vin) {
      return Promise.resolve().then(() => {
        const v = validateVin(vin);
        const ctx: ErrorContext = { route: 'fleet_telemetry_config', requestClass: 'read', vin: v };
        return run(telemetryConfigRequest(v), telemetryConfigSchema, ctx, timeouts.readMs, null);
      });
    },

    releaseNotes(vin, q) {
      return Promise.resolve().then(() => {
        const v = validateVin(vin);
        const query = validateReleaseNotesQuery(q);
        const ctx: ErrorContext = {
          route: 'release_notes',
          requestClass: 'read',
          vin: v,
          version: query.version,
        };
        return run(releaseNotesRequest(v, query), releaseNotesSchema, ctx, timeouts.readMs, null);
      });
    },

    setPlate(vin, body) {
      return Promise.resolve().then(async () => {
        const v = validateVin(vin);
        const plate = validatePlate(body);
        const ctx: ErrorContext = { route: 'plate', requestClass: 'write', vin: v };
        const r = await run(
          setPlateRequest(v, plate),
          commandResultSchema,
          ctx,
          timeouts.writeMs,
          `plate:${v}`,
        );
        return tidyResult(r);
      });
    },

    setDriveTag(vin, body) {
      return Promise.resolve().then(async () => {
        const v = validateVin(vin);
        const valid = validateDriveTag(body);
        const ctx: ErrorContext = { route: 'set_tag', requestClass: 'write', vin: v };
        const r = await run(
          setDriveTagRequest(v, valid),
          commandResultSchema,
          ctx,
          timeouts.writeMs,
          `set_tag:${v}`,
        );
        return tidyResult(r);
      });
    },

    command(vin, name, opts) {
      // The busy check must happen synchronously with the call, so that two calls in the same tick
      // (a double click) cannot both pass it; validation is synchronous too.
      try {
        const v = validateVin(vin);
        const cmd = validateCommand(name, opts);
        const ctx: ErrorContext = {
          route: 'command',
          requestClass: 'command',
          vin: v,
          commandName: cmd.name,
        };
        const timeoutMs = cmd.waitForCompletion ? timeouts.commandWaitMs : timeouts.commandNoWaitMs;
        return run(
          commandRequest(v, cmd),
          commandResultSchema,
          ctx,
          timeoutMs,
          `command:${cmd.name}:${v}`,
        ).then(tidyResult);
      } catch (e) {
        return Promise.reject(e);
      }
    },

    accountVehicles(q) {
      return Promise.resolve().then(() => {
        const req = accountVehiclesRequest(validateOnlyActive(q));
        const ctx: ErrorContext = { route: 'vehicles', requestClass: 'read' };
        return run(req, accountVehiclesSchema, ctx, timeouts.readMs, null);
      });
    },

    status(vin) {
      return vehicleRead(vin, vehicleStatusSchema, statusRequest);
    },

    state(vin, useCache) {
      return Promise.resolve().then(() => {
        const cached = validateUseCache(useCache);
        return vehicleRead(vin, vehicleStateSchema, (v) => stateRequest(v, cached));
      });
    },

    plate(vin) {
      return vehicleRead(vin, plateReadSchema, plateReadRequest);
    },

    drives(vin, q) {
      return Promise.resolve().then(() => {
        const query = validateDrivesQuery(q);
        return vehicleRead(vin, drivesSchema, (v) => drivesRequest(v, query));
      });
    },

    firmwareAlerts(vin) {
      return vehicleRead(vin, firmwareAlertsSchema, firmwareAlertsRequest);
    },

    tirePressure(vin) {
      return vehicleRead(vin, tirePressureSchema, tirePressureRequest);
    },

    wake(vin) {
      // Synchronous up to the busy check, like command(): a double press cannot send twice.
      try {
        const v = validateVin(vin);
        const ctx: ErrorContext = { route: 'wake', requestClass: 'command', vin: v };
        return run(wakeRequest(v), wakeResultSchema, ctx, timeouts.commandWaitMs, `wake:${v}`).then((r) => ({
          result: r.result,
        }));
      } catch (e) {
        return Promise.reject(e);
      }
    },

    fetchImage(url) {
      return Promise.resolve().then(() => fetchImageOnce(validateImageUrl(url, imagePolicy)));
    },

    canFetchImage(url) {
      return typeof url === 'string' && imageUrlProblem(url, imagePolicy) === null;
    },

    get stats(): LimiterStats {
      return limiter.stats;
    },

    get pacing(): RatePacerStats {
      return pacer.stats;
    },

    close() {
      if (closing === null) {
        limiter.rejectQueued(closedError());
        imageLimiter.rejectQueued(closedError());
        pacer.rejectWaiting(closedError());
        closing = Promise.all([pool.close(), imageAgent.close()]).then(() => undefined);
      }
      return closing;
    },

    async destroy() {
      void this.close();
      await Promise.all([pool.destroy(), imageAgent.destroy()]);
    },
  };
}
