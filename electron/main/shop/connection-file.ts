// The shop connection file: what IT hands to every desk so nobody types a host name or picks a CA by
// hand. JSON, no secret in it (each person signs in with their own role and password, which never
// leave their keychain): the server's address, the database, the TLS mode, the CA's certificate
// itself (PEM text, not a path, which would mean nothing on another computer) and the garage.
// Read strictly: a field the app does not know is refused by name rather than ignored, so a file
// made for a newer app, or one someone put a password in, is told, not half used.
import { tm } from '../i18n/main-words';
import { CA_FILE_MAX, SSL_MODES, type SslMode } from './config';
import { ShopError } from './errors';

export const CONNECTION_FILE_FORMAT = 'vehicle-garage-shop-connection';
export const CONNECTION_FILE_VERSION = 1;
/** A CA bundle and a few names: far below this. */
export const CONNECTION_FILE_MAX = CA_FILE_MAX + 64 * 1024;

export interface ShopConnectionFile {
  host: string;
  port: number;
  database: string;
  sslmode: SslMode;
  /** The CA's certificate(s), PEM; absent when the server's CA is a public one or in the OS store. */
  ca?: string;
  /** The shop garage the desks work in; absent for the default one. */
  garage?: string;
}

const FIELDS = new Set(['format', 'version', 'host', 'port', 'database', 'sslmode', 'ca', 'garage']);
const SECRETS = new Set(['password', 'passphrase', 'token', 'key', 'sslkey', 'user']);

function refused(reason: string): ShopError {
  return new ShopError('invalid_settings', tm('shopIt.fileRefused', { reason }));
}

/** A non-empty string of at most `max` characters, none of them a control character. */
const text = (value: unknown, max: number): value is string =>
  typeof value === 'string' &&
  value.trim() !== '' &&
  value.length <= max &&
  [...value].every((char) => char.charCodeAt(0) >= 0x20);

/** The file's settings, or a ShopError saying exactly what is wrong with it. */
export function parseConnectionFile(content: string): ShopConnectionFile {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    throw refused(tm('shopIt.fileNotJson'));
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw refused(tm('shopIt.fileNotOurs'));
  const file = raw as Record<string, unknown>;
  if (file['format'] !== CONNECTION_FILE_FORMAT) throw refused(tm('shopIt.fileNotOurs'));
  if (typeof file['version'] !== 'number' || !Number.isInteger(file['version']))
    throw refused(tm('shopIt.fileNotOurs'));
  if (file['version'] > CONNECTION_FILE_VERSION)
    throw refused(tm('shopIt.fileNewer', { version: file['version'] }));
  for (const name of Object.keys(file)) {
    if (SECRETS.has(name.toLowerCase())) throw refused(tm('shopIt.fileSecret', { field: name }));
    if (!FIELDS.has(name)) throw refused(tm('shopIt.fileUnknownField', { field: name }));
  }
  const { host, port, database, sslmode, ca, garage } = file;
  if (!text(host, 255) || /\s/.test(host)) throw refused(tm('shopIt.fileField', { field: 'host' }));
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
    throw refused(tm('shopIt.fileField', { field: 'port' }));
  if (!text(database, 63)) throw refused(tm('shopIt.fileField', { field: 'database' }));
  if (typeof sslmode !== 'string' || !(SSL_MODES as readonly string[]).includes(sslmode))
    throw refused(tm('shopIt.fileSslmode', { modes: SSL_MODES.join(', ') }));
  if (ca !== undefined) {
    if (typeof ca !== 'string' || ca.length > CA_FILE_MAX || !ca.includes('-----BEGIN CERTIFICATE-----'))
      throw refused(tm('mainShop.caNoPem'));
    if (sslmode === 'disable' || sslmode === 'require') throw refused(tm('mainShop.caOnlyVerify'));
  }
  if (garage !== undefined && (!text(garage, 63) || !/^[A-Za-z0-9_.-]+$/.test(garage)))
    throw refused(tm('shopIt.fileField', { field: 'garage' }));
  return {
    host,
    port,
    database,
    sslmode: sslmode as SslMode,
    ...(ca !== undefined ? { ca } : {}),
    ...(garage !== undefined ? { garage } : {}),
  };
}

/** The file's text, as an admin's app writes it. */
export function connectionFileText(settings: ShopConnectionFile): string {
  return `${JSON.stringify(
    { format: CONNECTION_FILE_FORMAT, version: CONNECTION_FILE_VERSION, ...settings },
    null,
    2,
  )}\n`;
}
