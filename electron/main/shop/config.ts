// The shop database's connection settings, and their translation into node-postgres options. The
// password is never part of the settings: it comes from `getPassword()` (the OS keychain) at each
// connect, so it is not held in a settings file, an IPC payload or a URL.
import type { ClientConfig, PoolConfig } from 'pg';
import { tm } from '../i18n/main-words';
import { readRegularFile, RegularFileError } from '../storage/regular-file';
import { ShopError } from './errors';
import { trustedCertificates } from './os-trust';

export const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

export interface ShopConnectionSettings {
  /** `postgres://user@host:port/database?sslmode=...`; fields given below override its parts. */
  url?: string;
  host?: string;
  port?: number;
  database?: string;
  user?: string;
  sslmode?: SslMode;
  /** A PEM file with the CA that signed the server's certificate (verify-ca, verify-full). */
  caFile?: string;
  /** A PEM client certificate, for a server that asks for one (`cert` in pg_hba.conf, or `clientcert`). */
  clientCertFile?: string;
  /** The client certificate's private key (PEM; its passphrase, if any, is in the keychain). */
  clientKeyFile?: string;
  /** The key's passphrase (from the keychain), asked for only when the key is encrypted. */
  keyPassphrase?: PasswordSource;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** Pool size; small on purpose: a desktop app needs few connections and a shop has many desks. */
  maxConnections?: number;
  applicationName?: string;
}

export interface ResolvedSettings {
  host: string;
  port: number;
  database: string;
  user: string;
  sslmode: SslMode;
  caFile: string | null;
  clientCertFile: string | null;
  clientKeyFile: string | null;
  keyPassphrase: PasswordSource;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  maxConnections: number;
  applicationName: string;
}

export const DEFAULTS = {
  port: 5432,
  // A managed PostgreSQL requires TLS, and only a checked certificate and host name keep the
  // password and the shop's records from whoever stands between the desk and the server.
  sslmode: 'verify-full' as SslMode,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  maxConnections: 3,
  applicationName: 'Vehicle Garage',
};

const MAX_POOL = 4;

function invalid(message: string): ShopError {
  return new ShopError('invalid_settings', message);
}

function isSslMode(value: string): value is SslMode {
  return (SSL_MODES as readonly string[]).includes(value);
}

/** Checks and completes the settings; throws ShopError('invalid_settings') naming what is wrong. */
export function resolveSettings(settings: ShopConnectionSettings): ResolvedSettings {
  let fromUrl: Partial<ResolvedSettings> = {};
  if (settings.url !== undefined && settings.url.trim() !== '') {
    let url: URL;
    try {
      url = new URL(settings.url.trim());
    } catch {
      throw invalid(tm('mainShop.urlInvalid'));
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
      throw invalid(tm('mainShop.urlScheme'));
    // The password lives in the keychain; a URL is shown and stored in plain settings.
    if (url.password !== '') throw invalid(tm('mainShop.urlPassword'));
    const sslmode = url.searchParams.get('sslmode');
    if (sslmode !== null && !isSslMode(sslmode))
      throw invalid(tm('mainShop.sslmodeUnsupported', { sslmode, modes: SSL_MODES.join(', ') }));
    fromUrl = {
      ...(url.hostname ? { host: decodeURIComponent(url.hostname).replace(/^\[|\]$/g, '') } : {}),
      ...(url.port ? { port: Number(url.port) } : {}),
      ...(url.pathname.length > 1 ? { database: decodeURIComponent(url.pathname.slice(1)) } : {}),
      ...(url.username ? { user: decodeURIComponent(url.username) } : {}),
      ...(sslmode ? { sslmode } : {}),
    };
  }
  const host = settings.host?.trim() || fromUrl.host;
  const database = settings.database?.trim() || fromUrl.database;
  const user = settings.user?.trim() || fromUrl.user;
  const port = settings.port ?? fromUrl.port ?? DEFAULTS.port;
  const sslmode = settings.sslmode ?? fromUrl.sslmode ?? DEFAULTS.sslmode;
  if (!host) throw invalid(tm('mainShop.hostMissing'));
  if (!database) throw invalid(tm('mainShop.nameMissing'));
  if (!user) throw invalid(tm('mainShop.userMissing'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw invalid(tm('mainShop.portRange'));
  if (!isSslMode(sslmode)) throw invalid(tm('mainShop.sslmodeOneOf', { modes: SSL_MODES.join(', ') }));
  const caFile = settings.caFile?.trim() || null;
  if (caFile && (sslmode === 'disable' || sslmode === 'require')) throw invalid(tm('mainShop.caOnlyVerify'));
  const clientCertFile = settings.clientCertFile?.trim() || null;
  const clientKeyFile = settings.clientKeyFile?.trim() || null;
  if ((clientCertFile === null) !== (clientKeyFile === null)) throw invalid(tm('shopIt.clientPairNeeded'));
  if (clientCertFile && sslmode === 'disable') throw invalid(tm('shopIt.clientNeedsTls'));
  const positive = (
    value: number | undefined,
    fallback: number,
    what: 'connect' | 'statement' | 'pool',
    max: number,
  ) => {
    const result = value ?? fallback;
    if (!Number.isInteger(result) || result < 1 || result > max)
      throw invalid(tm('mainShop.limitRange', { what, max }));
    return result;
  };
  return {
    host,
    port,
    database,
    user,
    sslmode,
    caFile,
    clientCertFile,
    clientKeyFile,
    keyPassphrase: settings.keyPassphrase ?? (() => null),
    connectTimeoutMs: positive(settings.connectTimeoutMs, DEFAULTS.connectTimeoutMs, 'connect', 120_000),
    statementTimeoutMs: positive(
      settings.statementTimeoutMs,
      DEFAULTS.statementTimeoutMs,
      'statement',
      600_000,
    ),
    maxConnections: positive(settings.maxConnections, DEFAULTS.maxConnections, 'pool', MAX_POOL),
    // The server keeps 63 bytes; a longer name given here is cut on a character, never mid-byte.
    applicationName: boundBytes(settings.applicationName ?? DEFAULTS.applicationName, 63),
  };
}

/** The longest start of `text` that is at most `max` bytes of UTF-8, whole characters only. */
function boundBytes(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > max) break;
    out += char;
  }
  return out;
}

/**
 * libpq's sslmode in Node's TLS terms: `require` encrypts without checking the certificate,
 * `verify-ca` checks the chain but not the host name, `verify-full` checks both. A verifying mode
 * trusts Node's bundled roots, the computer's own store and the shop's CA file together. A client
 * certificate goes with every mode but `disable`; its key's passphrase comes from the settings'
 * `keyPassphrase` (the keychain), read only when the key is encrypted.
 */
export async function sslOptions(settings: ResolvedSettings): Promise<ClientConfig['ssl']> {
  if (settings.sslmode === 'disable') return false;
  const client = await clientCertificate(settings);
  if (settings.sslmode === 'require') return { rejectUnauthorized: false, ...client };
  const ca = settings.caFile ? await readCaFile(settings.caFile) : undefined;
  return {
    rejectUnauthorized: true,
    ca: await trustedCertificates(ca),
    ...client,
    ...(settings.sslmode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
  };
}

/** A client certificate or key is a few kilobytes. */
export const CLIENT_FILE_MAX = 64 * 1024;

async function clientCertificate(
  settings: ResolvedSettings,
): Promise<{ cert?: string; key?: string; passphrase?: string }> {
  if (!settings.clientCertFile || !settings.clientKeyFile) return {};
  const cert = await readClientFile(settings.clientCertFile, 'cert');
  const key = await readClientFile(settings.clientKeyFile, 'key');
  const passphrase = /ENCRYPTED/.test(key) ? await settings.keyPassphrase() : null;
  if (/ENCRYPTED/.test(key) && !passphrase) throw new ShopError('tls', tm('shopIt.keyPassphraseMissing'));
  return { cert, key, ...(passphrase ? { passphrase } : {}) };
}

/** The client certificate's or key's PEM text; a named refusal for anything else. */
export async function readClientFile(path: string, which: 'cert' | 'key'): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(path, CLIENT_FILE_MAX);
  } catch (error) {
    if (error instanceof RegularFileError)
      throw new ShopError(
        'invalid_settings',
        tm('shopIt.clientFileRefused', {
          which,
          reason:
            error.problem === 'too_large'
              ? tm('shopIt.clientFileTooLarge', { size: String(CLIENT_FILE_MAX / 1024) })
              : error.message,
        }),
      );
    throw error;
  }
  const text = bytes.toString('utf8');
  const pem = which === 'cert' ? /-----BEGIN CERTIFICATE-----/ : /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/;
  if (!pem.test(text)) throw new ShopError('invalid_settings', tm('shopIt.clientFileNoPem', { which }));
  return text;
}

/** A CA bundle is a few PEM certificates; a file far larger is not one. */
export const CA_FILE_MAX = 1024 * 1024;

/** The CA file's PEM text; a named refusal for what is not a small regular file of certificates. */
export async function readCaFile(path: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(path, CA_FILE_MAX);
  } catch (error) {
    if (error instanceof RegularFileError)
      throw new ShopError(
        'invalid_settings',
        error.problem === 'unreadable'
          ? tm('mainShop.caUnreadable', { code: error.code ?? tm('errors.readFailed') })
          : error.problem === 'too_large'
            ? tm('mainShop.caTooLarge', { size: String(CA_FILE_MAX / 1024) })
            : tm('mainShop.caRefused', { reason: error.message }),
      );
    throw error;
  }
  const text = bytes.toString('utf8');
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    throw new ShopError('invalid_settings', tm('mainShop.caNoPem'));
  return text;
}

/**
 * Whether the server may be sent the password in clear when it asks for it so: only over TLS whose
 * certificate was checked, so the server asking is the one named. Without that, a server anyone
 * can stand up (or anyone between) reads the password as typed.
 */
export function mayAnswerCleartext(settings: ResolvedSettings): boolean {
  return settings.sslmode === 'verify-ca' || settings.sslmode === 'verify-full';
}

export type PasswordSource = () => Promise<string | null> | string | null;

/** node-postgres client options; the password is fetched lazily, at connect. */
export async function clientConfig(
  settings: ResolvedSettings,
  getPassword: PasswordSource,
): Promise<ClientConfig> {
  return {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password: async () => (await getPassword()) ?? '',
    ssl: await sslOptions(settings),
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    // A client-side guard too: a query stuck on a dead TCP connection never hangs the caller.
    query_timeout: settings.statementTimeoutMs + 5_000,
    application_name: settings.applicationName,
    keepAlive: true,
  };
}

export async function poolConfig(
  settings: ResolvedSettings,
  getPassword: PasswordSource,
): Promise<PoolConfig> {
  return {
    ...(await clientConfig(settings, getPassword)),
    max: settings.maxConnections,
    idleTimeoutMillis: 30_000,
  };
}

/** "user@host:port/database", for messages: never the password. */
export function describeTarget(settings: ResolvedSettings): string {
  return `${settings.user}@${settings.host}:${settings.port}/${settings.database}`;
}
