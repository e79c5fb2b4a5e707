// Two technicians on one test database: Ana's app reaches it through a relay a test can cut (and
// can be stopped and started again on her data folder), Ben's directly; both joined and online.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startCoreHarness, type CoreHarness } from '../../support/core-harness';
import type { Login, TestDatabase } from './pg';
import type { TcpProxy } from './tcp-proxy';
import { SHOP_BACKOFF, startTwoCores } from './two-cores';

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
  const anaDir = await mkdtemp(path.join(os.tmpdir(), `garage-${name}-`));
  const { db, proxy, anaLogin, ben, ...pair } = await startTwoCores(
    name,
    {},
    {
      relayed: 'ana',
      anaDataDir: anaDir,
    },
  );
  let ana: CoreHarness | null = pair.ana;
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
      ana = await startCoreHarness({ shopBackoff: SHOP_BACKOFF, dataDir: anaDir });
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
