// The pool every shop query runs on, and "Test connection". The pool is small (a desk needs few
// connections; a shop has many desks), every connection carries a statement timeout, and an idle
// connection that dies (the server restarted, the network dropped) is reported, never thrown into
// the event loop.
import pg from 'pg';
import {
  clientConfig,
  describeTarget,
  mayAnswerCleartext,
  poolConfig,
  resolveSettings,
  type PasswordSource,
  type ResolvedSettings,
  type ShopConnectionSettings,
} from './config';
import { tm } from '../i18n/main-words';
import { registerShopPassword, ShopError, toShopError, type ShopErrorKind } from './errors';
import { storable } from '../../shared/storable-text';
import { LATEST_SCHEMA_VERSION } from './migrations/index';

/** Wraps the password source so every password read is registered for redaction first. */
export function redactingPassword(getPassword: PasswordSource): PasswordSource {
  return async () => {
    const password = await getPassword();
    registerShopPassword(password);
    return password;
  };
}

/**
 * The node-postgres client every shop connection uses. Every query's values are made storable
 * first (shared/storable-text.ts): one U+0000 from the service in a name would otherwise fail its
 * statement for ever. And it answers a server's request for the password in clear only when
 * `allowCleartext`: the connection notes which kind of password the server asked for before the
 * password is fetched (node-postgres fetches it a tick later), and the fetch is refused then, so
 * the password is never read from the keychain, let alone written to the socket. MD5 and SCRAM
 * never send the password itself.
 */
/** query(text, values) or query({ text, values }) with storable values; any other form as it is. */
function storableArgs(args: unknown[]): unknown[] {
  const [first, second, ...rest] = args;
  if (Array.isArray(second)) return [first, storable(second), ...rest];
  if (first !== null && typeof first === 'object' && Array.isArray((first as { values?: unknown }).values)) {
    const config = first as { values: unknown[] };
    // The config object may be a pg Query or Cursor: its values are replaced, the object kept.
    config.values = storable(config.values);
  }
  return args;
}

function guardedClient(allowCleartext: boolean, target: string): typeof pg.Client {
  return class GuardedClient extends pg.Client {
    constructor(config: pg.ClientConfig) {
      let askedInClear = false;
      const source = config.password;
      super({
        ...config,
        password: async () => {
          if (askedInClear && !allowCleartext)
            throw new ShopError('tls', tm('mainShop.cleartextRefused', { target }));
          return typeof source === 'function' ? source() : (source ?? '');
        },
      });
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) => query(...storableArgs(args))) as typeof this.query;
      // Not in node-postgres's types: the protocol connection every client has from construction.
      (this as unknown as { connection: import('node:events').EventEmitter }).connection.on(
        'authenticationCleartextPassword',
        () => {
          askedInClear = true;
        },
      );
    }
  };
}

export async function createShopPool(
  settings: ResolvedSettings,
  getPassword: PasswordSource,
  onIdleError: (error: ShopError) => void = () => undefined,
): Promise<pg.Pool> {
  const pool = new pg.Pool({
    ...(await poolConfig(settings, redactingPassword(getPassword))),
    Client: guardedClient(mayAnswerCleartext(settings), describeTarget(settings)),
  });
  pool.on('error', (error) => onIdleError(toShopError(error, describeTarget(settings))));
  // The pool listens for errors only on idle clients. A checked-out client whose connection dies
  // between two queries (a transaction's, the outbox's upload) emits 'error' with nobody listening,
  // which would be an uncaught exception in main; its next query fails and says so anyway.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

export async function createShopClient(
  settings: ResolvedSettings,
  getPassword: PasswordSource,
): Promise<pg.Client> {
  const Client = guardedClient(mayAnswerCleartext(settings), describeTarget(settings));
  return new Client(await clientConfig(settings, redactingPassword(getPassword)));
}

export interface ConnectionReport {
  serverVersion: string;
  /** The role the server signed us in as (`current_user`). */
  role: string;
  /** 0 when the shop schema is not installed yet. */
  schemaVersion: number;
  appSchemaVersion: number;
  /** Whether this role may append to and read the audit log (false before the schema exists). */
  canWriteAudit: boolean;
  /** The role's comment (COMMENT ON ROLE), the person's name as the shop's IT gave it; null when none. */
  displayName: string | null;
}

export type ConnectionTest =
  { ok: true; value: ConnectionReport } | { ok: false; error: { kind: ShopErrorKind; message: string } };

/** Signs in once with a throwaway client and reports what the app would find; never throws. */
export async function testConnection(
  input: ShopConnectionSettings,
  getPassword: PasswordSource,
): Promise<ConnectionTest> {
  let settings: ResolvedSettings;
  try {
    settings = resolveSettings(input);
  } catch (error) {
    const shopError = toShopError(error);
    return { ok: false, error: { kind: shopError.shopKind, message: shopError.message } };
  }
  let client: pg.Client | null = null;
  try {
    client = await createShopClient(settings, getPassword);
    client.on('error', () => undefined);
    await client.connect();
    // The role's comment is the name the shop's IT gave the person (COMMENT ON ROLE): a shared
    // desk's header shows it. pg_roles and the comments are readable by every role.
    const info = await client.query<{
      version: string;
      role: string;
      present: boolean;
      display_name: string | null;
    }>(
      `SELECT current_setting('server_version') AS version, current_user AS role,
              to_regclass('shop_schema_version') IS NOT NULL AS present,
              (SELECT shobj_description(r.oid, 'pg_authid') FROM pg_roles r
                WHERE r.rolname = session_user) AS display_name`,
    );
    const row = info.rows[0]!;
    let schemaVersion = 0;
    let canWriteAudit = false;
    if (row.present) {
      const rights = await client.query<{ version: boolean; insert: boolean; select: boolean }>(
        `SELECT has_table_privilege('shop_schema_version', 'SELECT') AS version,
                has_table_privilege('audit_entries', 'INSERT') AS insert,
                has_table_privilege('audit_entries', 'SELECT') AS select`,
      );
      const can = rights.rows[0]!;
      if (!can.version || !can.select)
        return {
          ok: false,
          error: {
            kind: 'no_privileges',
            message: tm('mainShop.noTableAccess', { role: row.role, database: settings.database }),
          },
        };
      const version = await client.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM shop_schema_version',
      );
      schemaVersion = version.rows[0]?.version ?? 0;
      canWriteAudit = can.insert;
    }
    return {
      ok: true,
      value: {
        serverVersion: row.version,
        role: row.role,
        schemaVersion,
        appSchemaVersion: LATEST_SCHEMA_VERSION,
        canWriteAudit,
        displayName: row.display_name?.trim() || null,
      },
    };
  } catch (error) {
    const shopError = toShopError(error, describeTarget(settings));
    return { ok: false, error: { kind: shopError.shopKind, message: shopError.message } };
  } finally {
    await client?.end().catch(() => undefined);
  }
}
