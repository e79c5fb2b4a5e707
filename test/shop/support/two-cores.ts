// Two technicians' apps (two cores, two data folders) on one fresh shop database: one connects
// directly, the other (Ben unless told) through a relay the test can cut. The schema is made once
// by the owner's role.
import { openShop } from '../../../electron/main/shop/shop-db';
import { startCoreHarness, type CoreHarness } from '../../support/core-harness';
import { coreEvents, joinShop } from './join-shop';
import { createTestDatabase, type Login, type TestDatabase } from './pg';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { SHOP_WAIT } from './wait';
import { matching, waitFor } from '../../support/wait-for';

/** Short so that tests see a reconnect soon after the relay is healed. */
export const SHOP_BACKOFF = { initialMs: 100, maxMs: 400 };

export interface TwoCores {
  db: TestDatabase;
  proxy: TcpProxy;
  ana: CoreHarness;
  ben: CoreHarness;
  anaLogin: Login;
  benLogin: Login;
  close(): Promise<void>;
}

export interface PairLayout {
  /** Who reaches the database through the relay. */
  relayed?: 'ana' | 'ben';
  /** Ana's data folder, for a test that stops her app and starts it again on it. */
  anaDataDir?: string;
}

export async function startTwoCores(
  label: string,
  options: Parameters<typeof startCoreHarness>[0] = {},
  { relayed = 'ben', anaDataDir }: PairLayout = {},
): Promise<TwoCores> {
  const db = await createTestDatabase(label);
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const benLogin = await db.addTechnician('ben');
  const relayedLogin = relayed === 'ana' ? anaLogin : benLogin;
  const proxy = await startTcpProxy(relayedLogin.settings.host!, relayedLogin.settings.port!);
  const via = (login: Login) => (login === relayedLogin ? db.via(login, '127.0.0.1', proxy.port) : login);
  const coreOptions = { shopBackoff: SHOP_BACKOFF, ...options };
  const ana = await startCoreHarness({ ...coreOptions, ...(anaDataDir ? { dataDir: anaDataDir } : {}) });
  const ben = await startCoreHarness(coreOptions);
  await joinShop(ana, via(anaLogin), 'Ana', 'bay-1');
  await joinShop(ben, via(benLogin), 'Ben', 'bay-2');
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
  const offline = waitFor(
    matching((e) => e.type === 'shop.changed' && e.status.state === 'offline'),
    'offline',
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );
  await proxy.cut();
  await offline;
}
