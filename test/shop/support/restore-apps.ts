// What the restore tests share: throwaway folders, a migrated database, and waiting on a session's
// status (online, uploaded, told it sent again or was refused).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openShop } from '../../../electron/main/shop/shop-db';
import type { ShopSession, ShopSessionStatus } from '../../../electron/main/shop/shop-session';
import { matching, waitFor } from '../../support/wait-for';
import { createTestDatabase, type TestDatabase } from './pg';
import { SHOP_WAIT } from './wait';

/** Folders and sessions a test file made, to close and remove after it. */
export function restoreLeftovers(prefix: string) {
  const dirs: string[] = [];
  const sessions: ShopSession[] = [];
  return {
    sessions,
    async tempDir(): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    async clear(): Promise<void> {
      for (const session of sessions) await session.close().catch(() => undefined);
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
}

export function statusWhere(
  session: ShopSession,
  predicate: (s: ShopSessionStatus) => boolean,
  what: string,
): Promise<ShopSessionStatus> {
  if (predicate(session.status())) return Promise.resolve(session.status());
  return waitFor(matching(predicate), what, {
    ...SHOP_WAIT,
    wakeOn: (l: (s: ShopSessionStatus) => void) => session.onStatus(l),
  });
}

export const uploaded = (session: ShopSession, what: string) =>
  statusWhere(session, (s) => s.state === 'online' && s.pending === 0, what);

/** A test database the app's owner role has brought to the current schema. */
export async function migrated(label: string): Promise<TestDatabase> {
  const db = await createTestDatabase(label);
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  return db;
}
