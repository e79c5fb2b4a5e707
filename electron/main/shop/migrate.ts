// Brings the shop database to the schema this app knows, once, however many apps start together.
// A database already at our version costs one read and no lock. Otherwise the work runs in one
// transaction holding a transaction-level advisory lock: the second app waits, then finds the
// schema current and applies nothing; a failure rolls everything back. A database whose schema is
// newer than this app is refused: writing to a schema we do not know could lose what it records.
import type { ClientBase, Pool } from 'pg';
import { tm } from '../i18n/main-words';
import { ShopError, toShopError } from './errors';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations/index';

/** Any fixed 64-bit number: the key all Vehicle Garage apps lock on while migrating. */
const MIGRATION_LOCK_KEY = '7361726167650001';

export interface MigrationResult {
  from: number;
  to: number;
  applied: number[];
}

async function currentVersion(client: ClientBase): Promise<number> {
  const exists = await client.query<{ present: boolean }>(
    `SELECT to_regclass('shop_schema_version') IS NOT NULL AS present`,
  );
  if (!exists.rows[0]?.present) return 0;
  const result = await client.query<{ version: number | null }>(
    `SELECT max(version) AS version FROM shop_schema_version`,
  );
  return result.rows[0]?.version ?? 0;
}

function refuseNewer(version: number): ShopError {
  return new ShopError('schema_newer', tm('mainShop.schemaNewer', { version, known: LATEST_SCHEMA_VERSION }));
}

export async function migrate(
  pool: Pool,
  migrations: readonly Migration[] = MIGRATIONS,
  /** The database's address for messages; without it they say "the shop database". */
  target?: string,
): Promise<MigrationResult> {
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  const client = await pool.connect().catch((error: unknown) => {
    throw toShopError(error, target);
  });
  try {
    const before = await currentVersion(client);
    if (before > latest) throw refuseNewer(before);
    if (before === latest) return { from: before, to: before, applied: [] };

    await client.query('BEGIN');
    try {
      await client.query(`SELECT pg_advisory_xact_lock(x'${MIGRATION_LOCK_KEY}'::bigint)`);
      await client.query(`CREATE TABLE IF NOT EXISTS shop_schema_version (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        applied_by text NOT NULL DEFAULT current_user
      )`);
      // Re-read under the lock: another app may have migrated while we waited.
      const locked = await currentVersion(client);
      if (locked > latest) throw refuseNewer(locked);
      const applied: number[] = [];
      for (const migration of migrations) {
        if (migration.version <= locked) continue;
        // The file records its own version (so one applied by hand does too); this is for one that does not.
        await client.query(migration.sql);
        await client.query(
          'INSERT INTO shop_schema_version (version, name) VALUES ($1, $2) ON CONFLICT (version) DO NOTHING',
          [migration.version, migration.name],
        );
        applied.push(migration.version);
      }
      await client.query('COMMIT');
      return { from: locked, to: latest, applied };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const shopError = toShopError(error, target);
      if (shopError.shopKind === 'no_privileges')
        throw new ShopError('schema_missing', tm('mainShop.schemaCannotCreate', { version: latest }));
      throw shopError;
    }
  } catch (error) {
    throw toShopError(error, target);
  } finally {
    client.release();
  }
}
