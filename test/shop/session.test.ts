// A profile in shop mode from the app's side: started while the database is unreachable it still
// records (durably, in the outbox), connects when the database appears, uploads what waited and
// goes live; a refusal a retry cannot fix stops the retries and says why.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShopAuditInput } from '../../electron/main/shop/audit-store';
import type { ShopChange } from '../../electron/main/shop/live';
import { LATEST_SCHEMA_VERSION } from '../../electron/main/shop/migrations/index';
import { openShop } from '../../electron/main/shop/shop-db';
import {
  startShopSession,
  type ShopSession,
  type ShopSessionStatus,
} from '../../electron/main/shop/shop-session';
import { createTestDatabase } from './support/pg';
import { startTcpProxy } from './support/tcp-proxy';
import { SHOP_WAIT } from './support/wait';
import { matching, waitFor } from '../support/wait-for';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vg-session-'));
  dirs.push(dir);
  return dir;
}

/** The session's status once `predicate` holds: now, or at a later change. */
function statusWhere(session: ShopSession, predicate: (s: ShopSessionStatus) => boolean, what: string) {
  if (predicate(session.status())) return Promise.resolve(session.status());
  return waitFor(matching(predicate), what, {
    ...SHOP_WAIT,
    wakeOn: (l: (s: ShopSessionStatus) => void) => session.onStatus(l),
  });
}

function entry(i: number): ShopAuditInput {
  return {
    id: randomUUID(),
    time: new Date(Date.UTC(2026, 0, 2, 9, 0, i)).toISOString(),
    vin: '5YJ3E1EA7KF001101',
    operation: 'command:honk_horn',
    params: {},
    outcome: 'success',
    technician: 'Ana',
    machine: 'bay-2',
  };
}

describe('a shop session', () => {
  it('records while the database is unreachable, then connects, uploads and goes live', async () => {
    const db = await createTestDatabase('session');
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    const tech = await db.addTechnician('ana');
    const proxy = await startTcpProxy(String(tech.settings.host), Number(tech.settings.port));
    await proxy.cut();
    const via = db.via(tech, '127.0.0.1', proxy.port);
    const session = await startShopSession({
      settings: via.settings,
      getPassword: via.getPassword,
      dir: await tempDir(),
      backoff: { initialMs: 20, maxMs: 100 },
    });
    try {
      await statusWhere(session, (s) => s.state === 'offline', 'offline');
      expect(session.status().error).toMatchObject({ kind: 'unreachable' });
      expect(session.db()).toBeNull();
      const waiting = [entry(0), entry(1), entry(2)];
      for (const e of waiting) await session.record(e);
      expect(session.status().pending).toBe(3);

      const online = statusWhere(session, (s) => s.state === 'online', 'online');
      const drained = statusWhere(session, (s) => s.state === 'online' && s.pending === 0, 'drained');
      await proxy.restore();
      await online;
      await drained;
      const stored = await db.query<{ id: string }>('SELECT id::text FROM audit_entries ORDER BY change_seq');
      expect(stored.rows.map((r) => r.id)).toEqual(waiting.map((e) => e.id));

      // Live: a colleague's change reaches this session.
      const seen = waitFor(
        matching((c) => c.vin === '5YJ3E1EA7KF001102'),
        "a colleague's vehicle",
        { ...SHOP_WAIT, wakeOn: (l: (c: ShopChange) => void) => session.onChange(l) },
      );
      await owner.vehicles.add('5YJ3E1EA7KF001102', 'Ben');
      expect(await seen).toMatchObject({ kind: 'vehicle' });
      expect(await session.db()!.vehicles.list()).toEqual([
        expect.objectContaining({ vin: '5YJ3E1EA7KF001102' }),
      ]);
    } finally {
      await session.close();
      await owner.close();
      await proxy.close();
    }
  });

  it('stops retrying when the database refuses for good, and keeps what was recorded', async () => {
    const db = await createTestDatabase('session_refused');
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await owner.close();
    await db.query(`INSERT INTO shop_schema_version (version, name) VALUES ($1, 'newer')`, [
      LATEST_SCHEMA_VERSION + 1,
    ]);
    const dir = await tempDir();
    const session = await startShopSession({
      settings: db.owner.settings,
      getPassword: db.owner.getPassword,
      dir,
      backoff: { initialMs: 20, maxMs: 100 },
    });
    try {
      const refused = await statusWhere(session, (s) => s.state === 'refused', 'refused');
      expect(refused.error).toMatchObject({ kind: 'schema_newer' });
      await session.record(entry(9));
      expect(session.status()).toMatchObject({ state: 'refused', pending: 1 });
    } finally {
      await session.close();
    }
    // The entry is on disk for the next start.
    const again = await startShopSession({ settings: db.owner.settings, getPassword: () => 'wrong', dir });
    try {
      const refused = await statusWhere(again, (s) => s.state === 'refused', 'refused again');
      expect(refused).toMatchObject({ pending: 1, error: { kind: 'auth_failed' } });
    } finally {
      await again.close();
    }
  });
});
