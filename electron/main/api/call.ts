// One call to the service, whatever the endpoint: busy guard → token → concurrency slot → pacer →
// one HTTP exchange with a timeout over the whole of it → status, body cap, JSON, redaction, shape.
// Reads are retried per the retry policy within their deadline; commands and writes are sent once.
import type { ZodType } from 'zod';

import { AppError } from '../../shared/result';
import { refuseIfTicketRevoked } from '../events/call-scope';
import { tm } from '../i18n/main-words';
import type { ClientConfig } from './config';
import {
  errorFromStatus,
  errorFromTransport,
  operationLabel,
  redactSecret,
  sanitizeText,
  sentences,
  timeoutError,
  uncertainOutcomeNote,
  type ErrorContext,
} from './errors';
import { InFlightGuard } from './in-flight';
import type { ConcurrencyLimiter } from './limiter';
import { RateWaitTooLong, type RatePacer } from './rate-pacer';
import { cappedWaitText, waitWords } from './rate-wait';
import { readBodyCapped } from './read-body';
import { isPng } from '../../shared/map-image';
import type { WireRequest } from './requests';
import { redactErrorBody, responseRedactor } from './response-redaction';
import { withRetry } from './retry';
import { readToken } from './token';
import type { ServiceTransport } from './transport';

/** The account's vehicle list carries a state object per vehicle: thousands of them for a fleet. */
export const ACCOUNT_BODY_MAX = 64 * 1024 * 1024;
/** Error bodies are read only this far (enough for `{"error": …}`; an HTML page is not kept). */
const ERROR_BODY_MAX = 64 * 1024;

/** A call ready to go: built and validated by its endpoint row. */
export interface PreparedCall {
  req: WireRequest;
  ctx: ErrorContext;
  timeoutMs: number;
  /** Refuses a second identical write or command while the first runs; null for reads. */
  busyKey: string | null;
  /** The answer is a picture of this type, not JSON (see pictureAnswer). */
  image?: 'image/png';
}

export interface CallDeps {
  config: ClientConfig;
  transport: ServiceTransport;
  getToken: () => Promise<string | null>;
  limiter: ConcurrencyLimiter;
  pacer: RatePacer;
  /** The error to fail with once the client is closing, or null while it is open. */
  closed: () => AppError | null;
}

export type Caller = <T>(call: PreparedCall, schema: ZodType<T>) => Promise<T>;

function parseJson(bytes: Uint8Array, ctx: ErrorContext, status: number): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    const message = sentences(tm('api.notJson', { doing: operationLabel(ctx) }), uncertainOutcomeNote(ctx));
    throw new AppError('bad_response', message, { status });
  }
}

/**
 * A picture answer as the app carries it: its type and its bytes in base64, once its declared type
 * and its first bytes agree that it is what was asked for.
 */
function pictureAnswer(
  bytes: Uint8Array,
  declared: string | string[] | undefined,
  ctx: ErrorContext,
  status: number,
): { contentType: 'image/png'; data: string } {
  const type = (Array.isArray(declared) ? declared[0] : declared)?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'image/png' || !isPng(bytes)) {
    const message = sentences(tm('api.notPng', { doing: operationLabel(ctx) }), uncertainOutcomeNote(ctx));
    throw new AppError('bad_response', message, { status });
  }
  return { contentType: 'image/png', data: Buffer.from(bytes).toString('base64') };
}

function validateShape<T>(schema: ZodType<T>, data: unknown, ctx: ErrorContext, status: number): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues[0]?.path.map(String).join('.') ?? '';
  const at = where === '' ? 'none' : sanitizeText(where, 80);
  const message = sentences(
    tm('api.unexpectedShape', { doing: operationLabel(ctx), at }),
    uncertainOutcomeNote(ctx),
  );
  throw new AppError('bad_response', message, { status });
}

/**
 * The rate limit would hold this request past its deadline: not sent, said in words, with what
 * the service asked when that was more than the app keeps.
 */
function rateWaitError(ctx: ErrorContext, waitMs: number, allowedMs: number, pacer: RatePacer): AppError {
  const asked = pacer.stats.askedTooLong;
  const seconds = Math.ceil(waitMs / 1000);
  const notSent = tm('api.rate.notSent', {
    wait: waitWords(seconds),
    doing: operationLabel(ctx),
    allowed: waitWords(allowedMs / 1000),
  });
  const capped = asked ? cappedWaitText(asked.seconds, asked.field) : '';
  return new AppError('rate_limited', sentences(notSent, capped), { retryAfterSeconds: seconds });
}

function busyError(ctx: ErrorContext): AppError {
  const what =
    ctx.route === 'command'
      ? (ctx.commandName ?? tm('api.theCommand'))
      : operationLabel(ctx).replace(/^./, (c) => c.toUpperCase());
  return new AppError('busy', tm('api.busy', { what, vin: ctx.vin ?? '' }));
}

export function createCaller(deps: CallDeps): Caller {
  const { config, transport, limiter, pacer } = deps;
  const guard = new InFlightGuard();
  const checkOpen = () => {
    const closed = deps.closed();
    if (closed) throw closed;
    // A shared desk locked (or left) since the window's call began: nothing more goes out for it.
    refuseIfTicketRevoked();
  };

  /**
   * One request, inside a concurrency slot, with a timeout over the whole exchange. With a
   * deadline (reads), waiting for the slot counts too: the timeout runs from when it was asked.
   * The rate limit's hold always counts: a read's deadline, or a command's or write's timeout from
   * when it has its slot, covers it, and one the pacer would hold longer is refused unsent.
   */
  async function sendOnce<T>(
    call: PreparedCall,
    schema: ZodType<T>,
    token: string,
    deadline?: number,
  ): Promise<T> {
    const { req, ctx, timeoutMs } = call;
    const left = () => (deadline === undefined ? timeoutMs : deadline - performance.now());
    if (left() <= 0) throw timeoutError(ctx, timeoutMs);
    const queueWait = deadline === undefined ? undefined : AbortSignal.timeout(Math.ceil(left()));
    const taskClass = req.requestClass === 'read' ? 'read' : 'other';
    return limiter
      .run(
        async () => {
          checkOpen();
          const until = deadline ?? performance.now() + timeoutMs;
          const allowedMs = until - performance.now();
          // The service's announced rate decides when this request may leave (no 429 by design).
          await pacer
            .acquire(req.requestClass === 'read' ? 'read' : 'write', allowedMs)
            .catch((e: unknown) => {
              if (e instanceof RateWaitTooLong) throw rateWaitError(ctx, e.waitMs, allowedMs, pacer);
              throw e;
            });
          let answered = false;
          try {
            checkOpen();
            const exchangeMs = until - performance.now();
            if (exchangeMs <= 0) throw timeoutError(ctx, timeoutMs);
            const controller = new AbortController();
            let timedOut = false;
            const timer = setTimeout(() => {
              timedOut = true;
              controller.abort();
            }, exchangeMs);
            try {
              const res = await transport.send(req, token, controller.signal, timeoutMs);
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
                throw errorFromStatus(status, res.headers, body, ctx, config.now());
              }
              const bytes = await readBodyCapped(res.body, {
                maxBytes:
                  req.route === 'vehicles'
                    ? Math.max(config.maxBodyBytes, ACCOUNT_BODY_MAX)
                    : config.maxBodyBytes,
                contentLength: res.headers['content-length'],
                status,
              });
              const answer = call.image
                ? pictureAnswer(bytes, res.headers['content-type'], ctx, status)
                : redactor.json(parseJson(bytes, ctx, status));
              return validateShape(schema, answer, ctx, status);
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
  return async function call<T>(prepared: PreparedCall, schema: ZodType<T>): Promise<T> {
    const { req, ctx, timeoutMs, busyKey } = prepared;
    checkOpen();
    let release: (() => void) | null = null;
    if (busyKey !== null) {
      release = guard.tryEnter(busyKey);
      if (release === null) throw busyError(ctx);
    }
    // A read's timeout runs from now, however long it then waits for a slot or between retries.
    const deadline = performance.now() + timeoutMs;
    let token: string | null = null;
    try {
      token = await readToken(deps.getToken);
      const tok = token;
      if (req.requestClass === 'read') {
        return await withRetry(
          () => sendOnce(prepared, schema, tok, deadline),
          config.retryPolicy,
          pacer.sleepFor,
          {
            remainingMs: () => deadline - performance.now(),
          },
        );
      }
      // Commands and writes: exactly one request, whatever happens.
      return await sendOnce(prepared, schema, tok);
    } catch (e) {
      const error = e instanceof AppError ? e : errorFromTransport(e, ctx, timeoutMs);
      throw redactSecret(error, token);
    } finally {
      release?.();
    }
  };
}
