// What went wrong with the shop database, in words a technician or a shop's administrator can act
// on. node-postgres and Node's TLS layer report by SQLSTATE and error code; each is mapped to one
// kind with one message. A message never carries the password: it is not in any message we write,
// and every text taken from the server or the driver goes through the app's redaction, which knows
// the password as a secret (registerShopPassword).
import { AppError, type ErrorKind } from '../../shared/result';
import {
  isStateRefusal,
  shopRefusalOf,
  shopRefusalText,
  type ShopRefusalCode,
} from '../../shared/shop-refusals';
import { tm } from '../i18n/main-words';
import { redactSecrets, registerSecret } from '../logging/redact';

export const SHOP_ERROR_KINDS = [
  'invalid_settings',
  'auth_failed',
  'database_missing',
  'unreachable',
  'tls',
  'no_privileges',
  'refused',
  'policy',
  'schema_missing',
  'schema_newer',
  'timeout',
  'conflict',
  'query_failed',
  'outcome_unknown',
] as const;
export type ShopErrorKind = (typeof SHOP_ERROR_KINDS)[number];

/**
 * The IPC envelope's kind for each shop kind (the shop kind itself travels as `shopKind`): the one
 * place the database's answers become the window's kinds. Only `policy` becomes `policy_refused`,
 * the refusal a foreman's approval lifts, which the window offers to ask for; a missing grant, a
 * rule of the schema (row-level security, a colleague's job or claim), a refusal of the two-person
 * rule itself (not a decider, not who asked) or a failed sign-in is no request's to lift.
 */
const ENVELOPE_KIND: Record<ShopErrorKind, ErrorKind> = {
  invalid_settings: 'invalid_input',
  auth_failed: 'unauthorized',
  database_missing: 'not_found',
  unreachable: 'network',
  tls: 'network',
  no_privileges: 'forbidden',
  // One of the shop schema's rules said no (a colleague's job, a claim not one's own): its words.
  refused: 'forbidden',
  // The shop's policy (shop_may) said this role may not take a dangerous action: who may, in words.
  policy: 'policy_refused',
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
  /** The database's own code for a refusal of the two-person rule, when it gave one. */
  readonly refusal: ShopRefusalCode | null;
  constructor(shopKind: ShopErrorKind, message: string, refusal: ShopRefusalCode | null = null) {
    super(ENVELOPE_KIND[shopKind], redactSecrets(message));
    this.name = 'ShopError';
    this.shopKind = shopKind;
    this.refusal = refusal;
  }
}

/**
 * The shop's policy refused a dangerous action to this role (shop_may, or the policy last read while
 * the database is away); `why` says who may.
 */
export function policyRefusal(why: string): ShopError {
  return new ShopError('policy', why);
}

/** Marks the shop password as a secret for every log line, diagnostics report and error message. */
export function registerShopPassword(password: string | null | undefined): void {
  if (password) registerSecret(password);
}

interface DriverError {
  code?: string;
  message?: string;
  routine?: string;
  /** The schema's functions put a refusal's code here ('vg:expired') and its particulars in `detail`. */
  hint?: unknown;
  detail?: unknown;
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

/**
 * The shop kind and message for an error thrown by node-postgres (or already a ShopError). `target`
 * names the database by its address ("ana@db:5432/garage"); without it the message says "the shop
 * database".
 */
export function toShopError(error: unknown, target?: string): ShopError {
  if (error instanceof ShopError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as DriverError;
  const code = e.code ?? '';
  const text = String(e.message ?? error);
  // Which database the message names: the one at `target`, or the shop's database in general.
  const at = { named: target ? 'yes' : 'no', target: target ?? '' };
  // A refusal the schema coded: worded from the catalogs, whatever English the server wrote.
  const refusal = shopRefusalOf(e.hint, e.detail);
  if (refusal) {
    const kind = isStateRefusal(refusal.code) ? 'conflict' : 'refused';
    return new ShopError(kind, shopRefusalText(refusal, Date.now(), tm), refusal.code);
  }
  switch (code) {
    case '28P01':
    case '28000':
      return new ShopError('auth_failed', tm('mainShop.authFailed', at));
    case '3D000':
      return new ShopError('database_missing', tm('mainShop.databaseMissing', at));
    case '42501':
      // Raised by the schema's own rules (a trigger's RAISE), not a missing grant: no grant helps.
      if (e.routine === 'exec_stmt_raise')
        return new ShopError('refused', tm('mainShop.refusedByRule', { reason: redactSecrets(text) }));
      return new ShopError('no_privileges', tm('mainShop.noPrivileges', { reason: redactSecrets(text) }));
    case '23505':
      return new ShopError('conflict', tm('mainShop.conflict', { reason: redactSecrets(text) }));
    case '57014':
      return new ShopError('timeout', tm('mainShop.statementTimeout'));
    case '57P01':
    case '57P02':
    case '57P03':
    case '08000':
    case '08001':
    case '08003':
    case '08004':
    case '08006':
      return new ShopError('unreachable', tm('mainShop.connectionLost', at));
    case '53300':
      return new ShopError('unreachable', tm('mainShop.tooManyClients', at));
  }
  // The client key's own failures, raised by Node before anything is sent: a passphrase that does
  // not open it, or a key that is not the certificate's.
  if (code === 'ERR_OSSL_BAD_DECRYPT' || /bad decrypt/i.test(text))
    return new ShopError('tls', tm('shopIt.keyPassphraseWrong'));
  if (code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH' || /key values mismatch/i.test(text))
    return new ShopError('tls', tm('shopIt.clientPairMismatch'));
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const host = typeof e.host === 'string' ? e.host : '';
    return new ShopError(
      'tls',
      tm('mainShop.certNamesOther', { ...at, host, hostKnown: host ? 'yes' : 'no' }),
    );
  }
  if (UNTRUSTED_CODES.has(code)) return new ShopError('tls', tm('mainShop.certUntrusted', { ...at, code }));
  if (TLS_CODES.has(code) || /\bSSL\b|\bTLS\b|certificate/i.test(text)) {
    return new ShopError(
      'tls',
      /does not support SSL/i.test(text)
        ? tm('mainShop.noSsl', at)
        : tm('mainShop.tlsFailed', { ...at, code: code || 'TLS' }),
    );
  }
  if (NETWORK_CODES.has(code) || /timeout|terminated|Connection ended|not queryable|closed/i.test(text)) {
    return new ShopError(
      'unreachable',
      tm('mainShop.unreachable', { ...at, code: code || tm('mainShop.noAnswer') }),
    );
  }
  // The server's own words, quoted (redacted) inside the app's sentence.
  return new ShopError('query_failed', tm('mainShop.serverError', { text: redactSecrets(text) }));
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

/**
 * A change whose answer was lost (answerLost): `message` says what may or may not have been done and
 * where to check (the caller words it from the catalogs).
 */
export function outcomeUnknown(message: string): ShopError {
  return new ShopError('outcome_unknown', message);
}
