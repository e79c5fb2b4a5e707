// The outbox drained in the background: appends kick an upload, a lost database is retried with
// backoff, and when it is back every entry arrives once, in order.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShopAuditInput } from '../../electron/main/shop/audit-store';
import { openOutbox } from '../../electron/main/shop/outbox';
import { startOutboxSync, type OutboxSyncStatus } from '../../electron/main/shop/outbox-sync';
import { openShop } from '../../electron/main/shop/shop-db';
import { createTestDatabase } from './support/pg';
import { startTcpProxy } from './support/tcp-proxy';
import { SHOP_WAIT } from './support/wait';
import { matching, waitFor } from '../support/wait-for';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function entry(i: number): ShopAuditInput {
  return {
    id: randomUUID(),
    time: new Date(Date.UTC(2026, 0, 1, 8, 0, i)).toISOString(),
    vin: '5YJ3E1EA7KF001001',
    operation: 'command:door_lock',
    params: {},
    outcome: 'success',
    technician: 'Ana',
    machine: 'bay-1',
  };
}

describe('the outbox drained in the background', () => {
  it('uploads what is appended, waits while the database is lost, and catches up once it is back', async () => {
    const db = await createTestDatabase('sync');
    const proxy = await startTcpProxy(String(db.owner.settings.host), Number(db.owner.settings.port));
    const via = db.via(db.owner, '127.0.0.1', proxy.port);
    const shop = await openShop({ settings: via.settings, getPassword: via.getPassword });
    const dir = await mkdtemp(join(tmpdir(), 'vg-sync-'));
    dirs.push(dir);
    const outbox = await openOutbox(dir);
    const sync = startOutboxSync({
      outbox,
      upload: (o) => shop.upload(o),
      backoff: { initialMs: 20, maxMs: 100 },
    });
    const onStatus = (l: (s: OutboxSyncStatus) => void) => sync.onStatus(l);
    try {
      const first = [entry(0), entry(1)];
      const drained = waitFor(
        matching((s) => s.state === 'idle' && s.pending === 0),
        'the first upload',
        { ...SHOP_WAIT, wakeOn: onStatus },
      );
      await outbox.appendMany(first);
      await drained;

      await proxy.cut();
      const waiting = waitFor(
        matching((s) => s.state === 'waiting' && s.pending === 3),
        'waiting with 3',
        { ...SHOP_WAIT, wakeOn: onStatus },
      );
      const during = [entry(2), entry(3), entry(4)];
      for (const e of during) await outbox.append(e);
      const status = await waiting;
      expect(status.lastError).toMatchObject({ shopKind: 'unreachable' });
      expect(sync.status().pending).toBe(3);

      const back = waitFor(
        matching((s) => s.state === 'idle' && s.pending === 0),
        'the upload after the cut',
        { ...SHOP_WAIT, wakeOn: onStatus },
      );
      await proxy.restore();
      sync.retryNow();
      expect(await back).toMatchObject({ lastError: null });
      const stored = await db.query<{ id: string }>('SELECT id::text FROM audit_entries ORDER BY change_seq');
      expect(stored.rows.map((r) => r.id)).toEqual([...first, ...during].map((e) => e.id));
    } finally {
      await sync.stop();
      await shop.close();
      await proxy.close();
    }
  });

  it('gathers entries that come in quick succession into few uploads, a gap apart', async () => {
    const db = await createTestDatabase('sync_gap');
    const shop = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    const dir = await mkdtemp(join(tmpdir(), 'vg-sync-gap-'));
    dirs.push(dir);
    const outbox = await openOutbox(dir);
    const starts: number[] = [];
    const gapMs = 200;
    const sync = startOutboxSync({
      outbox,
      upload: (o) => {
        starts.push(performance.now());
        return shop.upload(o);
      },
      gapMs,
    });
    try {
      const entries = Array.from({ length: 30 }, (_, i) => entry(i));
      const drained = waitFor(
        matching((s: OutboxSyncStatus) => s.state === 'idle' && s.pending === 0 && starts.length > 0),
        'the uploads of 30 entries',
        { ...SHOP_WAIT, wakeOn: (l) => sync.onStatus(l) },
      );
      // One at a time, each durable before the next, as a technician's commands come.
      for (const e of entries) await outbox.append(e);
      await drained;
      const stored = await db.query<{ id: string }>('SELECT id::text FROM audit_entries ORDER BY change_seq');
      expect(stored.rows.map((r) => r.id)).toEqual(entries.map((e) => e.id));
      // Each append kicks; without the gap every one finding no upload running would start one.
      expect(starts.length).toBeLessThan(entries.length / 3);
      for (let i = 1; i < starts.length; i += 1)
        expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(gapMs - 2);
    } finally {
      await sync.stop();
      await shop.close();
    }
  });
});
