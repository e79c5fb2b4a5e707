// A migrated shop database and a plain `pg` client per person, each signed in as their own role of
// one of the shop's groups: what psql with a stolen laptop's keychain gives, for the tests of what
// the database itself lets a role do.
import type pg from 'pg';
import { openShop } from '../../../electron/main/shop/shop-db';
import { connectAs, createTestDatabase, type TestDatabase } from './pg';
import type { ShopGroup } from './pg-admin';

export interface RoleClients<K extends string> {
  db: TestDatabase;
  /** Each person's client, by the label given. */
  client: Record<K, pg.Client>;
  /** Each person's database role (session_user). */
  role: Record<K, string>;
  /** Ends every client. */
  end(): Promise<void>;
}

export async function roleClients<K extends string>(
  label: string,
  people: Record<K, ShopGroup>,
): Promise<RoleClients<K>> {
  const db = await createTestDatabase(label);
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const clients: pg.Client[] = [];
  const client = {} as Record<K, pg.Client>;
  const role = {} as Record<K, string>;
  for (const person of Object.keys(people) as K[]) {
    const login = await db.addMember(person, people[person]);
    role[person] = login.settings.user!;
    client[person] = await connectAs(login, clients);
  }
  return {
    db,
    client,
    role,
    end: async () => {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    },
  };
}
