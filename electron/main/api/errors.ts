// HTTP status / transport failure → AppError with a message a technician can act on.
// Pure: no I/O. Messages never contain the token (see redactSecret) nor a raw HTML body.
import { AppError } from '../../shared/result';
import { tm, type MessageKey } from '../i18n/main-words';
import { createSecretRegistry, redactSecrets } from '../logging/redact';
import type { ApiRoute, RequestClass } from './requests';
import { capWait, cappedWaitText } from './rate-wait';

export type HeaderMap = Record<string, string | string[] | undefined>;

export interface ErrorContext {
  route: ApiRoute | 'image';
  requestClass: RequestClass;
  /** What the call is doing, in a technician's words: its endpoint row's label (a catalog key). */
  label: MessageKey;
  vin?: string;
  commandName?: string;
  version?: string;
}

export const SERVER_TEXT_MAX = 200;

/** What was being done, for messages: "set_charge_limit", "setting the plate", … */
export function operationLabel(ctx: ErrorContext): string {
  return ctx.route === 'command' ? (ctx.commandName ?? tm(ctx.label)) : tm(ctx.label);
}

/** "while <doing>" in transport messages. */
function doing(ctx: ErrorContext): string {
  if (ctx.route !== 'command') return operationLabel(ctx);
  return ctx.commandName === undefined
    ? tm('api.sendingCommand')
    : tm('api.sending', { command: ctx.commandName });
}

/** For commands and writes whose outcome is unknown after the request left; '' for reads. */
export function uncertainOutcomeNote(ctx: ErrorContext): string {
  if (ctx.requestClass === 'command') return tm('api.note.command');
  if (ctx.requestClass === 'write') return tm('api.note.write');
  return '';
}

/** Sentences one after another, the empty ones left out. */
export function sentences(...said: string[]): string {
  return said.filter((one) => one !== '').join(' ');
}

/** Control characters out, whitespace collapsed, length capped: safe to show and log. */
export function sanitizeText(text: string, max: number = SERVER_TEXT_MAX): string {
  const clean = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > max ? clean.slice(0, max - 1) + '…' : clean;
}

/** The server's `{"error": "..."}` (or `message`) text, sanitised; null for anything else (HTML…). */
export function serverErrorText(bodyText: string): string | null {
  const trimmed = bodyText.trim();
  if (!trimmed.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const rec = parsed as Record<string, unknown>;
    const text = [rec.error, rec.message, rec.reason].find((v): v is string => typeof v === 'string');
    if (text === undefined) return null;
    const clean = sanitizeText(text);
    return clean === '' ? null : clean;
  } catch {
    return null;
  }
}

function header(headers: HeaderMap, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Seconds to wait from Retry-After (delta seconds or HTTP-date), else RateLimit-Reset (delta
 * seconds; a value that looks like a Unix time is taken as one). Undefined when neither is usable.
 */
export function retryAfterSeconds(headers: HeaderMap, nowMs: number = Date.now()): number | undefined {
  const ra = header(headers, 'retry-after')?.trim();
  if (ra !== undefined && ra !== '') {
    if (/^\d+$/.test(ra)) return Number(ra);
    const at = Date.parse(ra);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - nowMs) / 1000));
  }
  const reset = header(headers, 'ratelimit-reset')?.trim();
  if (reset !== undefined && /^\d+$/.test(reset)) {
    const n = Number(reset);
    if (n > 1_000_000_000) return Math.max(0, Math.ceil(n - nowMs / 1000));
    return n;
  }
  return undefined;
}

/** A non-2xx answer of the service. `bodyText` is the (capped) error body. */
export function errorFromStatus(
  status: number,
  headers: HeaderMap,
  bodyText: string,
  ctx: ErrorContext,
  nowMs: number = Date.now(),
): AppError {
  const serverText = serverErrorText(bodyText);
  const said = serverText === null ? '' : tm('api.serviceSaid', { text: serverText });
  const vin = ctx.vin ?? '';
  if (ctx.route === 'image') return imageStatusError(status);
  if (status === 401) return new AppError('unauthorized', tm('api.unauthorized'), { status });
  if (status === 403) {
    const message = vin === '' ? tm('api.forbiddenNoVin') : tm('api.forbidden', { vin });
    return new AppError('forbidden', message, { status });
  }
  if (status === 404 && ctx.route === 'vehicles') {
    return new AppError('not_found', tm('api.noVehicleList'), { status });
  }
  if (status === 404) {
    const what =
      ctx.route === 'release_notes' && ctx.version
        ? tm('api.noReleaseNotes', { version: ctx.version, vin })
        : tm('api.unknownVin', { vin });
    return new AppError('not_found', what, { status });
  }
  if (status === 408) return new AppError('vehicle_offline', tm('api.offline'), { status });
  if (status === 429) {
    const asked = retryAfterSeconds(headers, nowMs);
    // A wait of days or years is no wait to keep (nor a timer Node can set): capped, and said so.
    const wait = asked === undefined ? undefined : capWait(asked);
    const when =
      wait === undefined
        ? tm('api.waitAMoment')
        : wait.capped
          ? cappedWaitText(wait.askedSeconds, 'Retry-After')
          : tm('api.waitAndRetry', { seconds: wait.seconds });
    return new AppError('rate_limited', tm('api.rateLimited', { when }), {
      status,
      ...(wait === undefined ? {} : { retryAfterSeconds: wait.seconds }),
    });
  }
  if (status >= 400 && status < 500) {
    const message = sentences(tm('api.rejected', { doing: operationLabel(ctx), status }), said);
    return new AppError('rejected', message, { status });
  }
  if (status >= 500 && status < 600) {
    const hint =
      ctx.requestClass === 'command' && status === 500 ? tm('api.virtualKeyHint') : tm('api.tryLater');
    const message = sentences(
      tm('api.serverProblem', { doing: operationLabel(ctx), status }),
      said,
      hint,
      ctx.requestClass === 'read' ? '' : uncertainOutcomeNote(ctx),
    );
    return new AppError('server_error', message, { status });
  }
  return new AppError('bad_response', tm('api.otherStatus', { doing: operationLabel(ctx), status }), {
    status,
  });
}

function imageStatusError(status: number): AppError {
  if (status === 404) return new AppError('not_found', tm('api.image.notFound'), { status });
  if (status === 401 || status === 403) {
    return new AppError('forbidden', tm('api.image.forbidden', { status }), { status });
  }
  if (status === 429) return new AppError('rate_limited', tm('api.image.rateLimited'), { status });
  if (status >= 500)
    return new AppError('server_error', tm('api.image.serverProblem', { status }), { status });
  if (status >= 400) return new AppError('rejected', tm('api.image.rejected', { status }), { status });
  return new AppError('bad_response', tm('api.image.otherStatus', { status }), { status });
}

/** What each failure below HTTP means, said of the service or the image host (`where`). */
const NETWORK_CODES: Record<string, MessageKey> = {
  ECONNREFUSED: 'api.net.refused',
  ENOTFOUND: 'api.net.hostNotFound',
  EAI_AGAIN: 'api.net.hostNotLookedUp',
  ECONNRESET: 'api.net.reset',
  EPIPE: 'api.net.closed',
  ENETUNREACH: 'api.net.networkUnreachable',
  EHOSTUNREACH: 'api.net.hostUnreachable',
  ETIMEDOUT: 'api.net.connectTimedOut',
  UND_ERR_SOCKET: 'api.net.closedUnexpectedly',
  UND_ERR_CONNECT_TIMEOUT: 'api.net.connectTimedOut',
  UND_ERR_CLOSED: 'api.net.closed',
  UND_ERR_DESTROYED: 'api.net.closed',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'api.net.cutOff',
  HPE_INVALID_CONSTANT: 'api.net.malformed',
};

function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && typeof e === 'object' && e !== null; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') {
      // undici wraps some socket errors; prefer the innermost known code.
      const inner = (e as { cause?: unknown }).cause;
      const innerCode = errorCode(inner);
      return innerCode !== undefined && NETWORK_CODES[innerCode] ? innerCode : code;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A request that failed before an answer, with where it was going: the host, and the proxy if any. */
export class ConnectionFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly host: string,
    readonly proxy: string | null,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'ConnectionFailure';
  }
}

const CERT_CODE = /^(ERR_TLS|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/;

/** Every code in the cause chain, outermost first. */
function codes(err: unknown): string[] {
  const found: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 6 && typeof e === 'object' && e !== null; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') found.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return found;
}

/** Every message in the cause chain, joined. */
function messages(err: unknown): string {
  const found: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 6 && e instanceof Error; i++) {
    found.push(e.message);
    e = e.cause;
  }
  return found.join(' | ');
}

function certificateProblem(code: string): string {
  if (code === 'CERT_HAS_EXPIRED') return 'expired';
  if (code === 'CERT_NOT_YET_VALID') return 'notYetValid';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'otherHost';
  return 'untrusted';
}

/**
 * The specific message for a connection that failed on its way (proxy refused, host not found,
 * certificate not trusted), naming the host and the proxy; null for other failures.
 */
function connectionError(failure: ConnectionFailure, ctx: ErrorContext): AppError | null {
  const { host, proxy } = failure;
  const all = codes(failure.failure);
  const message = messages(failure.failure);
  const note = uncertainOutcomeNote(ctx);
  const what = doing(ctx);
  const proxyStatus = proxy === null ? null : /Proxy response \((\d{3})\)/.exec(message);
  if (proxy !== null && proxyStatus) {
    const status = Number(proxyStatus[1]);
    if (status === 407) {
      return new AppError('network', tm('api.proxy.needsLogin', { proxy, host, doing: what }), { status });
    }
    const unreachable = status === 502 || status === 503 || status === 504 ? 'yes' : 'no';
    const said = tm('api.proxy.couldNotConnect', { proxy, host, status, unreachable, doing: what });
    return new AppError('network', said, { status });
  }
  const cert = all.find((c) => CERT_CODE.test(c));
  if (cert) {
    const certificate = tm('api.certificate', {
      host,
      proxied: proxy === null ? 'no' : 'yes',
      proxy: proxy ?? '',
      problem: certificateProblem(cert),
      code: cert,
      doing: what,
    });
    return new AppError('network', sentences(certificate, note));
  }
  const code = all.find((c) => NETWORK_CODES[c]) ?? all[0];
  const reachingProxy =
    proxy !== null &&
    code !== undefined &&
    /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)$/.test(
      code,
    );
  if (reachingProxy) {
    const why =
      code === 'ECONNREFUSED'
        ? 'refused'
        : code.startsWith('E') && /NOTFOUND|AGAIN/.test(code)
          ? 'dns'
          : 'unreachable';
    return new AppError('network', tm('api.proxy.unreachable', { proxy, why, code, doing: what, host }));
  }
  if (proxy === null && (code === 'ENOTFOUND' || code === 'EAI_AGAIN')) {
    const name = host.replace(/:\d+$/, '');
    return new AppError('network', tm('api.hostNotFound', { host: name, code, doing: what }));
  }
  if (proxy === null && code === 'ECONNREFUSED') {
    return new AppError('network', tm('api.hostRefused', { host, doing: what }));
  }
  return null;
}

/** A failure below HTTP (socket, DNS, TLS, parser, header/body timeout). */
export function errorFromTransport(err: unknown, ctx: ErrorContext, timeoutMs: number): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ConnectionFailure) {
    const specific = connectionError(err, ctx);
    if (specific) return specific;
    return errorFromTransport(err.failure, ctx, timeoutMs);
  }
  const code = errorCode(err);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return timeoutError(ctx, timeoutMs);
  }
  const note = uncertainOutcomeNote(ctx);
  const where = ctx.route === 'image' ? 'image' : 'service';
  const known = code === undefined ? undefined : NETWORK_CODES[code];
  if (known !== undefined) {
    const failure = tm(known, { where });
    return new AppError(
      'network',
      sentences(tm('api.net.failedWhile', { failure, doing: doing(ctx) }), note),
    );
  }
  if (code !== undefined && /^(ERR_TLS|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/.test(code)) {
    return new AppError('network', sentences(tm('api.net.tls', { where, code }), note));
  }
  if (code !== undefined && (code.startsWith('E') || code.startsWith('UND_ERR') || code.startsWith('HPE_'))) {
    return new AppError('network', sentences(tm('api.net.failed', { where, code }), note));
  }
  return new AppError('internal', sentences(tm('api.net.unexpected', { doing: doing(ctx) }), note));
}

export function timeoutError(ctx: ErrorContext, timeoutMs: number): AppError {
  const time =
    timeoutMs >= 1000
      ? tm('api.seconds', { n: Math.round(timeoutMs / 1000) })
      : tm('api.milliseconds', { n: timeoutMs });
  const where = ctx.route === 'image' ? 'image' : 'service';
  const message = tm('api.timeout', { where, doing: operationLabel(ctx), time });
  return new AppError('timeout', sentences(message, uncertainOutcomeNote(ctx)));
}

/** Never let the token appear in a message, whatever the server or a library echoed. */
export function redactSecret(error: AppError, secret: string | null): AppError {
  if (secret === null) return error;
  // The app's one redaction function, with this request's token registered by value.
  const registry = createSecretRegistry();
  registry.register(secret);
  const message = redactSecrets(error.message, registry);
  if (message === error.message) return error;
  const { kind: _k, message: _m, ...more } = error.info;
  return new AppError(error.kind, message, more);
}
