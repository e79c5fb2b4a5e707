// A real PgBouncer between the app and the database: in transaction mode the app refuses to connect
// and says what to change (LISTEN would listen on a session it no longer has); in session mode it
// connects and hears a colleague's change live through the pooler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopChange } from '../../electron/main/shop/live';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { ShopError } from '../../electron/main/shop/errors';
import { startPgBouncer, type Bouncer } from './support/pgbouncer';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';
import { matching, waitFor } from '../support/wait-for';

let db: TestDatabase;
const bouncers: Bouncer[] = [];
const opened: ShopDb[] = [];

beforeAll(async () => {
  db = await createTestDatabase('pooler');
  opened.push(await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword }));
});

afterAll(async () => {
  for (const shop of opened) await shop.close().catch(() => undefined);
  for (const bouncer of bouncers) await bouncer.stop();
});

describe('a connection pooler in front of the shop database', () => {
  it('in transaction mode: refuses to connect, saying to use the server or a session pool', async () => {
    const bouncer = await startPgBouncer(db.owner, 'transaction');
    bouncers.push(bouncer);
    const through = db.via(db.owner, '127.0.0.1', bouncer.port);
    const refused = await openShop({ settings: through.settings, getPassword: through.getPassword }).then(
      (shop) => {
        opened.push(shop);
        return null;
      },
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ShopError);
    expect((refused as ShopError).shopKind).toBe('invalid_settings');
    expect((refused as ShopError).message).toMatch(/connection pooler that shares server sessions/);
    expect((refused as ShopError).message).toMatch(/pool_mode = session/);
    expect((refused as ShopError).message).toContain(`:${bouncer.port}/`);
  });

  it('in session mode: connects, and a change made directly is heard live through it', async () => {
    const bouncer = await startPgBouncer(db.owner, 'session');
    bouncers.push(bouncer);
    const through = db.via(db.owner, '127.0.0.1', bouncer.port);
    const viaPool = await openShop({ settings: through.settings, getPassword: through.getPassword });
    opened.push(viaPool);
    const listener = viaPool.listener();
    const onChange = (l: (c: ShopChange) => void) => listener.onChange(l);
    await listener.start();
    try {
      const vin = '5YJ3E1EA7KF000951';
      const heard = waitFor(
        matching((c: ShopChange) => c.vin === vin),
        'a change heard through the session pool',
        { ...SHOP_WAIT, wakeOn: onChange },
      );
      await opened[0]!.vehicles.add(vin, 'Ana');
      expect(await heard).toMatchObject({ kind: 'vehicle' });
    } finally {
      await listener.stop();
    }
  });
});
