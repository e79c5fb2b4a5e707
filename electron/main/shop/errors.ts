// What went wrong with the shop database, in words a technician or a shop's administrator can act
// on. node-postgres and Node's TLS layer report by SQLSTATE and error code; each is mapped to one
// kind with one message. A message never carries the password: it is not in any message we write,
// and every text taken from the server or the driver goes through the app's redaction, which knows
// the password as a secret (registerShopPassword).
import { AppError, type ErrorKind } from '../../shared/result';
import { redactSecrets, registerSecret } from '../logging/redact';

export const SHOP_ERROR_KINDS = [
  'invalid_settings',
  'auth_failed',
  'database_missing',
  'unreachable',
  'tls',
  'no_privileges',
  'schema_missing',
  'schema_newer',
  'timeout',
  'conflict',
  'query_failed',
  'outcome_unknown',
] as const;
export type ShopErrorKind = (typeof SHOP_ERROR_KINDS)[number];

/** The IPC envelope's kind for each shop kind (the shop kind itself travels as `shopKind`). */
const ENVELOPE_KIND: Record<ShopErrorKind, ErrorKind> = {
  invalid_settings: 'invalid_input',
  auth_failed: 'unauthorized',
  database_missing: 'not_found',
  unreachable: 'network',
  tls: 'network',
  no_privileges: 'forbidden',
  schema_missing: 'forbidden',
  schema_newer: 'storage',
  timeout: 'timeout',
  conflict: 'rejected',
  query_failed: 'storage',
  // As an API write whose answer was lost: no answer came back, whatever the server did.
  outcome_unknown: 'network',
};

export class ShopError extends AppError {
  readonly shopKind: ShopErrorKind;
  constructor(shopKind: ShopErrorKind, message: string) {
    super(ENVELOPE_KIND[shopKind], redactSecrets(message));
    this.name = 'ShopError';
    this.shopKind = shopKind;
  }
}

/** Marks the shop password as a secret for every log line, diagnostics report and error message. */
export function registerShopPassword(password: string | null | undefined): void {
  if (password) registerSecret(password);
}

interface DriverError {
  code?: string;
  message?: string;
  routine?: string;
  /** The host name Node's TLS layer checked the certificate against. */
  host?: unknown;
}

/** The chain does not end at a CA the connection trusts (none given, or not the signer). */
const UNTRUSTED_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'EPROTO',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNABORTED',
]);

/** The shop kind and message for an error thrown by node-postgres (or already a ShopError). */
export function toShopError(error: unknown, target = 'the shop database'): ShopError {
  if (error instanceof ShopError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as DriverError;
  const code = e.code ?? '';
  const text = String(e.message ?? error);
  switch (code) {
    case '28P01':
    case '28000':
      return new ShopError(
        'auth_failed',
        `The shop database refused the sign-in for ${target}: check the user and the password.`,
      );
    case '3D000':
      return new ShopError('database_missing', `The database of ${target} does not exist: check its name.`);
    case '42501':
      return new ShopError(
        'no_privileges',
        `The database role has no permission for this (${redactSecrets(text)}); ask the shop's administrator to run the grants of the shop guide (docs/shop.md).`,
      );
    case '23505':
      return new ShopError('conflict', `That already exists in the shop database (${redactSecrets(text)}).`);
    case '57014':
      return new ShopError('timeout', 'The shop database did not answer within the statement timeout.');
    case '57P01':
    case '57P02':
    case '57P03':
    case '08000':
    case '08001':
    case '08003':
    case '08004':
    case '08006':
      return new ShopError('unreachable', `Lost the connection to ${target}; the app will try again.`);
    case '53300':
      return new ShopError('unreachable', `${target} has no free connection (too many clients).`);
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const host = typeof e.host === 'string' && e.host ? `"${e.host}"` : 'the host name used';
    return new ShopError(
      'tls',
      `The certificate of ${target} does not name ${host}, so sslmode verify-full refuses it: connect by a host name the certificate lists, or ask the shop's administrator for a certificate that names this one.`,
    );
  }
  if (UNTRUSTED_CODES.has(code)) {
    return new ShopError(
      'tls',
      `The certificate of ${target} is not signed by a CA this app trusts (${code}): choose the shop's CA file (the CA that signed the server's certificate) in the shop settings.`,
    );
  }
  if (TLS_CODES.has(code) || /\bSSL\b|\bTLS\b|certificate/i.test(text)) {
    return new ShopError(
      'tls',
      /does not support SSL/i.test(text)
        ? `${target} does not accept encrypted connections: set sslmode to disable, or enable TLS on the server.`
        : `The secure connection to ${target} failed (${code || 'TLS'}): check sslmode and the CA file.`,
    );
  }
  if (NETWORK_CODES.has(code) || /timeout|terminated|Connection ended|not queryable|closed/i.test(text)) {
    return new ShopError(
      'unreachable',
      `Cannot reach ${target} (${code || 'no answer'}); check the host, the port and the network.`,
    );
  }
  return new ShopError('query_failed', `The shop database reported an error: ${redactSecrets(text)}`);
}

/**
 * Whether a failure of a change already sent leaves its outcome unknown: the connection went (or no
 * answer came in time) without the server saying anything. A server's own error (a SQLSTATE) is an
 * answer: the change was not made.
 */
export function answerLost(error: unknown): boolean {
  const code = (typeof error === 'object' && error !== null ? (error as DriverError).code : undefined) ?? '';
  if (/^[0-9A-Z]{5}$/.test(code) && !NETWORK_CODES.has(code)) return false;
  return toShopError(error).shopKind === 'unreachable';
}

/** "…: it may or may not have been <done>", for a change whose answer was lost (answerLost). */
export function outcomeUnknown(done: string, check: string): ShopError {
  return new ShopError(
    'outcome_unknown',
    `The shop database did not answer after the change was sent, so it may or may not have been ${done}. ${check}`,
  );
}
