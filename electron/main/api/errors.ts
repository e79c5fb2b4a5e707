// HTTP status / transport failure → AppError with a message a technician can act on.
// Pure: no I/O. Messages never contain the token (see redactSecret) nor a raw HTML body.
import { AppError } from '../../shared/result';
import { createSecretRegistry, redactSecrets } from '../logging/redact';
import type { ApiRoute, RequestClass } from './requests';
import { capWait, cappedWaitText } from './rate-wait';

export type HeaderMap = Record<string, string | string[] | undefined>;

export interface ErrorContext {
  route: ApiRoute | 'image';
  requestClass: RequestClass;
  /** What the call is doing, in a technician's words: its endpoint row's label. */
  label: string;
  vin?: string;
  commandName?: string;
  version?: string;
}

export const SERVER_TEXT_MAX = 200;

export const UNAUTHORIZED_MESSAGE =
  'The service rejected the API token (401). Check or replace the token in Settings.';
export const OFFLINE_MESSAGE = 'The vehicle is offline or asleep and could not be woken';
export const NO_TOKEN_MESSAGE = 'No API token is stored for this profile; add one in Settings';

/** What was being done, for messages: "set_charge_limit", "setting the plate", … */
export function operationLabel(ctx: ErrorContext): string {
  return ctx.route === 'command' ? (ctx.commandName ?? ctx.label) : ctx.label;
}

/** "while <doing>" in transport messages. */
function doing(ctx: ErrorContext): string {
  return ctx.route === 'command' ? `sending ${ctx.commandName ?? 'the command'}` : operationLabel(ctx);
}

/** For commands and writes whose outcome is unknown after the request left. */
export function uncertainOutcomeNote(ctx: ErrorContext): string {
  if (ctx.requestClass === 'command') {
    return ' The command may or may not have reached the vehicle; check its state before sending it again.';
  }
  if (ctx.requestClass === 'write') {
    return ' The change may or may not have been saved; check before trying again.';
  }
  return '';
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
  const said = serverText === null ? '' : ` The service said: "${serverText}".`;
  const vin = ctx.vin ?? 'this vehicle';
  if (ctx.route === 'image') return imageStatusError(status);
  if (status === 401) return new AppError('unauthorized', UNAUTHORIZED_MESSAGE, { status });
  if (status === 403) {
    return new AppError(
      'forbidden',
      `Vehicle ${vin} has not granted this API token access (403). Ask the owner to share the vehicle with your account, or use another token.`,
      { status },
    );
  }
  if (status === 404 && ctx.route === 'vehicles') {
    return new AppError(
      'not_found',
      "The service at this address has no list of the account's vehicles (404). Check the base URL.",
      { status },
    );
  }
  if (status === 404) {
    const what =
      ctx.route === 'release_notes' && ctx.version
        ? `The service knows no release notes for version ${ctx.version} of VIN ${vin}, or does not know the VIN (404). Check the VIN and the version.`
        : `The service does not know VIN ${vin} (404). Check the VIN.`;
    return new AppError('not_found', what, { status });
  }
  if (status === 408) {
    return new AppError('vehicle_offline', `${OFFLINE_MESSAGE} (408). Try again when it has connectivity.`, {
      status,
    });
  }
  if (status === 429) {
    const asked = retryAfterSeconds(headers, nowMs);
    // A wait of days or years is no wait to keep (nor a timer Node can set): capped, and said so.
    const wait = asked === undefined ? undefined : capWait(asked);
    const when =
      wait === undefined
        ? 'Wait a moment and try again.'
        : wait.capped
          ? cappedWaitText(wait.askedSeconds, 'Retry-After')
          : `Wait ${wait.seconds} s and try again.`;
    return new AppError('rate_limited', `The service is limiting requests (429). ${when}`, {
      status,
      ...(wait === undefined ? {} : { retryAfterSeconds: wait.seconds }),
    });
  }
  if (status >= 400 && status < 500) {
    return new AppError('rejected', `The service rejected ${operationLabel(ctx)} (${status}).${said}`, {
      status,
    });
  }
  if (status >= 500 && status < 600) {
    const hint =
      ctx.requestClass === 'command' && status === 500
        ? ' This is also what the service answers when the vehicle lacks the provider’s virtual key.'
        : ' Try again later.';
    return new AppError(
      'server_error',
      `The service had a problem with ${operationLabel(ctx)} (${status}).${said}${hint}${
        ctx.requestClass === 'read' ? '' : uncertainOutcomeNote(ctx)
      }`,
      { status },
    );
  }
  return new AppError('bad_response', `The service answered ${operationLabel(ctx)} with status ${status}.`, {
    status,
  });
}

function imageStatusError(status: number): AppError {
  if (status === 404) return new AppError('not_found', `The image was not found (404).`, { status });
  if (status === 401 || status === 403) {
    return new AppError('forbidden', `The image host refused access (${status}).`, { status });
  }
  if (status === 429)
    return new AppError('rate_limited', 'The image host is limiting requests (429).', { status });
  if (status >= 500)
    return new AppError('server_error', `The image host had a problem (${status}).`, { status });
  if (status >= 400)
    return new AppError('rejected', `The image host refused the request (${status}).`, { status });
  return new AppError('bad_response', `The image host answered with status ${status}.`, { status });
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'The connection to the service was refused',
  ENOTFOUND: 'The service host name could not be found (DNS)',
  EAI_AGAIN: 'The service host name could not be looked up (DNS)',
  ECONNRESET: 'The connection to the service was reset',
  EPIPE: 'The connection to the service was closed',
  ENETUNREACH: 'The network is unreachable',
  EHOSTUNREACH: 'The service host is unreachable',
  ETIMEDOUT: 'Connecting to the service timed out',
  UND_ERR_SOCKET: 'The connection to the service was closed unexpectedly',
  UND_ERR_CONNECT_TIMEOUT: 'Connecting to the service timed out',
  UND_ERR_CLOSED: 'The connection to the service was closed',
  UND_ERR_DESTROYED: 'The connection to the service was closed',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'The connection to the service was cut off mid-answer',
  HPE_INVALID_CONSTANT: 'The service sent a malformed HTTP answer',
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
  if (code === 'CERT_HAS_EXPIRED') return 'has expired';
  if (code === 'CERT_NOT_YET_VALID') return 'is not valid yet';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'is for another host name';
  return 'is not trusted: it is not signed by a certificate authority this computer trusts';
}

/**
 * The specific message for a connection that failed on its way (proxy refused, host not found,
 * certificate not trusted), naming the host and the proxy; null for other failures.
 */
function connectionError(failure: ConnectionFailure, ctx: ErrorContext): AppError | null {
  const { host, proxy } = failure;
  const all = codes(failure.failure);
  const message = messages(failure.failure);
  const via = proxy === null ? '' : ` through the proxy ${proxy}`;
  const note = uncertainOutcomeNote(ctx);
  const what = `while ${doing(ctx)}`;
  const proxyStatus = proxy === null ? null : /Proxy response \((\d{3})\)/.exec(message);
  if (proxyStatus) {
    const status = Number(proxyStatus[1]);
    if (status === 407) {
      return new AppError(
        'network',
        `The proxy ${proxy} refused to connect to ${host}: it asks for a user name and password (407) ${what}. Put them in the proxy setting (http://user:password@${proxy}).`,
        { status },
      );
    }
    const reach =
      status === 502 || status === 503 || status === 504
        ? ` (the proxy could not resolve or reach ${host})`
        : '';
    return new AppError(
      'network',
      `The proxy ${proxy} could not connect to ${host} (${status})${reach} ${what}.`,
      {
        status,
      },
    );
  }
  const cert = all.find((c) => CERT_CODE.test(c));
  if (cert) {
    return new AppError(
      'network',
      `The certificate of ${host}${via} ${certificateProblem(cert)} (${cert}) ${what}. If your network inspects secure connections with its own certificate, install that certificate in the system's certificate store.${note}`,
    );
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
        ? 'refused the connection'
        : code.startsWith('E') && /NOTFOUND|AGAIN/.test(code)
          ? 'could not be found (DNS)'
          : `could not be reached (${code})`;
    return new AppError('network', `The proxy ${proxy} ${why} ${what} at ${host}. Check the proxy setting.`);
  }
  if (proxy === null && (code === 'ENOTFOUND' || code === 'EAI_AGAIN')) {
    return new AppError(
      'network',
      `The host name ${host.replace(/:\d+$/, '')} could not be found (DNS, ${code}) ${what}. Check the base URL and the network.`,
    );
  }
  if (proxy === null && code === 'ECONNREFUSED') {
    return new AppError(
      'network',
      `${host} refused the connection ${what}. Check the base URL and the network.`,
    );
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
  const where = ctx.route === 'image' ? 'image host' : 'service';
  if (code !== undefined && NETWORK_CODES[code]) {
    const base = NETWORK_CODES[code].replace('the service', `the ${where}`);
    return new AppError('network', `${base} while ${doing(ctx)}. Check the network and the base URL.${note}`);
  }
  if (code !== undefined && /^(ERR_TLS|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/.test(code)) {
    return new AppError(
      'network',
      `The secure connection to the ${where} failed (certificate or TLS problem: ${code}).${note}`,
    );
  }
  if (code !== undefined && (code.startsWith('E') || code.startsWith('UND_ERR') || code.startsWith('HPE_'))) {
    return new AppError('network', `The connection to the ${where} failed (${code}).${note}`);
  }
  return new AppError('internal', `Unexpected failure while ${doing(ctx)}.${note}`);
}

export function timeoutError(ctx: ErrorContext, timeoutMs: number): AppError {
  const secs = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
  const who = ctx.route === 'image' ? 'The image host' : 'The service';
  return new AppError(
    'timeout',
    `${who} did not finish ${operationLabel(ctx)} within ${secs}.${uncertainOutcomeNote(ctx)}`,
  );
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
