// The IPC result envelope (after Signal Desktop): every window.garage method resolves to one of
// these and never rejects, so the renderer handles failure as data, not as exceptions.

export const ERROR_KINDS = [
  'invalid_input',
  'no_token',
  'keychain_unavailable',
  'unauthorized',
  'forbidden',
  // Refused by the shop's policy for a dangerous action: a foreman may approve it (the two-person
  // rule). Only this refusal is offered as a request; 'forbidden' is one no approval changes.
  'policy_refused',
  'not_found',
  'rejected',
  'vehicle_offline',
  'rate_limited',
  'server_error',
  'timeout',
  'network',
  'bad_response',
  'busy',
  'storage',
  'untrusted_sender',
  'internal',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface ErrorInfo {
  kind: ErrorKind;
  /** Plain words a technician can act on; never a stack trace, never a secret. */
  message: string;
  /** HTTP status when the error came from the service. */
  status?: number;
  /** Seconds to wait before retrying, for `rate_limited`. */
  retryAfterSeconds?: number;
  /** Which argument was wrong, for `invalid_input` (dotted path, e.g. `1.temperature`). */
  issues?: { path: string; message: string }[];
  /**
   * Set when the window could not reach main at all (its IPC transport failed): main said nothing,
   * and the sandboxed preload that noticed has no catalog, so `message` names only the channel and
   * the window says what happened in its own words (renderer/src/lib/main-api.ts).
   */
  transport?: true;
}

export type Ok<T, Extra extends object = object> = { ok: true; value: T } & Extra;
export interface Err {
  ok: false;
  error: ErrorInfo;
}
export type Result<T, Extra extends object = object> = Ok<T, Extra> | Err;

export function ok<T>(value: T): Ok<T>;
export function ok<T, Extra extends object>(value: T, extra: Extra): Ok<T, Extra>;
export function ok<T, Extra extends object>(value: T, extra?: Extra): Ok<T, Extra> {
  return { ok: true, value, ...(extra ?? {}) } as Ok<T, Extra>;
}

export function err(kind: ErrorKind, message: string, more: Omit<ErrorInfo, 'kind' | 'message'> = {}): Err {
  return { ok: false, error: { kind, message, ...more } };
}

/** An Error that carries an ErrorInfo, thrown by services and turned into an envelope at the IPC edge. */
export class AppError extends Error {
  readonly info: ErrorInfo;
  constructor(kind: ErrorKind, message: string, more: Omit<ErrorInfo, 'kind' | 'message'> = {}) {
    super(message);
    this.name = 'AppError';
    this.info = { kind, message, ...more };
  }
  get kind(): ErrorKind {
    return this.info.kind;
  }
}
