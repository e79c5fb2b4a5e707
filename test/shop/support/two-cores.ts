// Two technicians' apps (two cores, two data folders) on one fresh shop database: Ana connects
// directly, Ben through a relay the test can cut. The schema is made once by the owner's role.
import { openShop } from '../../../electron/main/shop/shop-db';
import { startCoreHarness, type CoreHarness } from '../../support/core-harness';
import { coreEvents, joinShop } from './join-shop';
import { createTestDatabase, type Login, type TestDatabase } from './pg';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { nextMatching } from './wait';

export interface TwoCores {
  db: TestDatabase;
  proxy: TcpProxy;
  ana: CoreHarness;
  ben: CoreHarness;
  anaLogin: Login;
  benLogin: Login;
  close(): Promise<void>;
}

export async function startTwoCores(
  label: string,
  options: Parameters<typeof startCoreHarness>[0] = {},
): Promise<TwoCores> {
  const db = await createTestDatabase(label);
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const benLogin = await db.addTechnician('ben');
  const proxy = await startTcpProxy(benLogin.settings.host!, benLogin.settings.port!);
  const coreOptions = { shopBackoff: { initialMs: 100, maxMs: 400 }, ...options };
  const ana = await startCoreHarness(coreOptions);
  const ben = await startCoreHarness(coreOptions);
  await joinShop(ana, anaLogin, 'Ana', 'bay-1');
  await joinShop(ben, db.via(benLogin, '127.0.0.1', proxy.port), 'Ben', 'bay-2');
  return {
    db,
    proxy,
    ana,
    ben,
    anaLogin,
    benLogin,
    async close() {
      await ana.close();
      await ben.close();
      await proxy.close();
    },
  };
}

/** Cuts the relay to the database and waits until the app says it is offline. */
export async function cutOff(h: CoreHarness, proxy: TcpProxy): Promise<void> {
  const offline = nextMatching(
    coreEvents(h),
    (e) => e.type === 'shop.changed' && e.status.state === 'offline',
    'offline',
  );
  await proxy.cut();
  await offline;
}
