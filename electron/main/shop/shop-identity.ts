// Which shop a database is: the UUID in shop_identity (sql/014-restore-writes.sql), made once by
// the migration and carried by every dump of it. The same shop restored into a new database or onto
// a new server answers the same identity; another shop's database answers its own. An outbox's
// acknowledgements are that identity's, and nothing of one shop is sent to a database of another.
import type { ClientBase } from 'pg';
import { tm } from '../i18n/main-words';
import { ShopError } from './errors';

/** The database's shop identity. */
export async function shopIdentityOf(client: Pick<ClientBase, 'query'>): Promise<string> {
  return (await shopIdentityHolding(client, null)).shop;
}

/**
 * The database's shop identity, and whether its audit log holds the entry `id` (true when no id is
 * asked about): one question where an upload would otherwise ask two before each batch.
 */
export async function shopIdentityHolding(
  client: Pick<ClientBase, 'query'>,
  id: string | null,
): Promise<{ shop: string; holds: boolean }> {
  const result = await client.query<{ id: string | null; holds: boolean }>(
    `SELECT (SELECT id::text FROM shop_identity) AS id,
            $1::uuid IS NULL OR EXISTS (SELECT 1 FROM audit_entries a WHERE a.id = $1::uuid) AS holds`,
    [id],
  );
  const row = result.rows[0];
  if (!row?.id) throw new ShopError('schema_missing', tm('mainRestore.noIdentity'));
  return { shop: row.id, holds: row.holds };
}

const OTHER_SHOP = Symbol('other shop');

/** The refusal of a database that is another shop's: final (settings), said in words. */
export function otherShopError(database: string, shop: string, found: string): ShopError {
  return Object.assign(
    new ShopError('invalid_settings', tm('mainRestore.otherShop', { database, shop, found })),
    { [OTHER_SHOP]: true },
  );
}

export function isOtherShop(error: unknown): boolean {
  return error instanceof ShopError && OTHER_SHOP in error;
}
