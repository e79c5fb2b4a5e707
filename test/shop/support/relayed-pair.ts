// Two technicians on one test database: Ana's app reaches it through a relay a test can cut (and
// can be stopped and started again on her data folder), Ben's directly; both joined and online.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openShop } from '../../../electron/main/shop/shop-db';
import { startCoreHarness, type CoreHarness } from '../../support/core-harness';
import { joinShop } from './join-shop';
import { createTestDatabase, type Login, type TestDatabase } from './pg';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export interface RelayedPair {
  db: TestDatabase;
  proxy: TcpProxy;
  anaLogin: Login;
  ben: CoreHarness;
  /** Ana's running app (throws while it is stopped). */
  ana(): CoreHarness;
  stopAna(): Promise<void>;
  /** Ana's app again, on the same data folder (already joined: it reconnects by itself). */
  startAna(): Promise<CoreHarness>;
  close(): Promise<void>;
}

export async function startRelayedPair(name: string): Promise<RelayedPair> {
  const options = { shopBackoff: { initialMs: 100, maxMs: 400 } };
  const db = await createTestDatabase(name);
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const benLogin = await db.addTechnician('ben');
  const proxy = await startTcpProxy(anaLogin.settings.host!, anaLogin.settings.port!);
  const anaDir = await mkdtemp(path.join(os.tmpdir(), `garage-${name}-`));
  let ana: CoreHarness | null = await startCoreHarness({ ...options, dataDir: anaDir });
  const ben = await startCoreHarness(options);
  await joinShop(ana, db.via(anaLogin, '127.0.0.1', proxy.port), 'Ana', 'bay-1');
  await joinShop(ben, benLogin, 'Ben', 'bay-2');
  const stopAna = async () => {
    const running = ana;
    ana = null;
    await running?.close();
  };
  return {
    db,
    proxy,
    anaLogin,
    ben,
    ana: () => {
      if (!ana) throw new Error('Ana’s app is stopped');
      return ana;
    },
    stopAna,
    async startAna() {
      ana = await startCoreHarness({ ...options, dataDir: anaDir });
      return ana;
    },
    async close() {
      await stopAna();
      await ben.close();
      await proxy.close();
      await rm(anaDir, { recursive: true, force: true });
    },
  };
}
