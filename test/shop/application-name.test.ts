// What a DBA sees in pg_stat_activity: each connection of a desk's app names the technician and the
// machine, from the profile's shop settings as the app turns them into connection settings.
import { afterAll, describe, expect, it } from 'vitest';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { connectionOf } from '../../electron/main/workspace/shop/connection-settings';
import { createTestDatabase } from './support/pg';

let shop: ShopDb | null = null;
afterAll(() => shop?.close());

describe('application_name', () => {
  it('names the technician and the machine on the server, within 63 bytes', async () => {
    const db = await createTestDatabase('appname');
    const { host, port, database, user, sslmode } = db.owner.settings;
    const connection = connectionOf({
      mode: 'shop',
      connection: { host: host!, port: port!, database: database!, user: user!, sslmode: sslmode! },
      technician: 'Jürgen Groß-Wendelstein von der Heide',
      machine: 'Werkbank-3 (Halle Süd, links neben dem Reifenlager)',
    });
    shop = await openShop({ settings: connection, getPassword: db.owner.getPassword });
    const own = await shop.pool.query<{ name: string }>(
      'SELECT application_name AS name FROM pg_stat_activity WHERE pid = pg_backend_pid()',
    );
    const name = own.rows[0]!.name;
    expect(name).toMatch(/^Vehicle Garage: Jurgen Gross-Wendelste @ Werkbank-3 \(Halle Sud/);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
    // As the server keeps it: nothing replaced by question marks, nothing cut by the server.
    expect(name).toBe(connection.applicationName);
  });
});
