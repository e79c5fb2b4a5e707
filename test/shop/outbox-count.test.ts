// The outbox's waiting count ("N entries waiting for the shop database") against the file's truth:
// an upload that reads an entry still being appended, many records while uploads run, and an id
// the shop already has queued again. The count must reach 0 exactly when nothing waits, and an entry
// handed to the outbox waits from that moment, before its append reaches the disk.
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_ENTRIES, openOutbox, type UploadResult } from '../../electron/main/shop/outbox';
import { startOutboxSync } from '../../electron/main/shop/outbox-sync';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { flashEntries } from './support/outbox-entries';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { matching, waitFor } from '../support/wait-for';

const VIN = '5YJ3E1EA7KF000502';

let db: TestDatabase;
let shop: ShopDb;
const dirs: string[] = [];

const entries = (count: number) => flashEntries(count, VIN);

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vg-outbox-count-'));
  dirs.push(dir);
  return dir;
}

async function storedCount(garageId: string): Promise<number> {
  const result = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM audit_entries WHERE garage_id = $1',
    [garageId],
  );
  return Number(result.rows[0]!.n);
}

beforeAll(async () => {
  db = await createTestDatabase('outbox_count');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  // The owner, whom row-level security does not hold to one garage: each case uploads to a garage
  // of its own, so none sees another's entries (a technician's role works in one garage only).
  shop = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
});

afterAll(async () => {
  await shop?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the outbox waiting count', () => {
  it('does not keep counting an entry an upload sent while its append was still finishing', async () => {
    const [first, second] = entries(2);
    let raced: Promise<UploadResult> | null = null;
    const dir = await tempDir();
    const outbox = await openOutbox(dir, {
      // The second append is on disk but not yet counted: an upload runs to its end right there.
      afterAppend: async (appended) => {
        if (appended[0]?.id !== second!.id) return;
        raced = outbox.upload(shop.pool, 'raced');
        await raced;
      },
    });
    const counts: number[] = [];
    outbox.onPendingChange((n) => counts.push(n));
    await outbox.append(first!);
    expect(await outbox.upload(shop.pool, 'raced')).toEqual({ sent: 1, inserted: 1, pending: 0 });
    await outbox.append(second!);
    expect(raced).not.toBeNull();
    const after = await outbox.upload(shop.pool, 'raced');
    expect(after.pending).toBe(0);
    expect(await outbox.waiting()).toEqual([]);
    expect(outbox.pending()).toBe(0);
    expect(counts.at(-1)).toBe(0);
    expect(await storedCount('raced')).toBe(2);
    // The count agrees with the file after a reopen too.
    expect((await openOutbox(dir)).pending()).toBe(0);
  });

  it('reaches 0, and says so in a status event, after many records while uploads run', async () => {
    const outbox = await openOutbox(await tempDir());
    const sync = startOutboxSync({
      outbox,
      upload: (o) => shop.upload(o, { batchSize: 7 }),
      backoff: { initialMs: 50, maxMs: 200 },
    });
    const rows = entries(300);
    // Records from many commands at once, in waves, each wave kicking uploads already running.
    for (let at = 0; at < rows.length; at += 30)
      await Promise.all(rows.slice(at, at + 30).map((row) => outbox.append(row)));
    const idle = await waitFor(
      matching((status) => status.state === 'idle' && status.pending === 0 && outbox.pending() === 0),
      'the outbox drained',
      { wakeOn: sync.onStatus, timeoutMs: 60_000 },
    ).catch(async (error: unknown) => {
      // Only a wrong count can leave it waiting: say how it differs from the file.
      throw new Error(
        `${String(error)}: pending ${outbox.pending()}, file ${(await outbox.waiting()).length}`,
      );
    });
    await sync.stop();
    expect(idle.pending).toBe(0);
    expect(await outbox.waiting()).toEqual([]);
    expect(await storedCount(shop.garageId)).toBe(rows.length);
  });

  it('counts a torn last line that the next append completes into an entry', async () => {
    const dir = await tempDir();
    const [kept, torn, late] = entries(3);
    const outbox = await openOutbox(dir);
    await outbox.append(kept!);
    // A crash after the entry's text but before its newline: not counted until a newline ends it.
    await appendFile(join(dir, OUTBOX_ENTRIES), JSON.stringify(torn));
    const reopened = await openOutbox(dir);
    expect(reopened.pending()).toBe(1);
    await reopened.append(late!);
    expect(reopened.pending()).toBe((await reopened.waiting()).length);
    expect(await reopened.upload(shop.pool, 'torn')).toEqual({ sent: 3, inserted: 3, pending: 0 });
    expect(reopened.pending()).toBe(0);
  });

  it('counts an id the shop already has, queued again, as delivered', async () => {
    const outbox = await openOutbox(await tempDir());
    const [row] = entries(1);
    await outbox.append(row!);
    expect(await outbox.upload(shop.pool, 'again')).toEqual({ sent: 1, inserted: 1, pending: 0 });
    // Queued again (a re-queue from the local log after a crash), twice, once within one batch.
    await outbox.appendMany([row!, row!]);
    expect(outbox.pending()).toBe(2);
    const counts: number[] = [];
    outbox.onPendingChange((n) => counts.push(n));
    expect(await outbox.upload(shop.pool, 'again')).toEqual({ sent: 2, inserted: 0, pending: 0 });
    expect(outbox.pending()).toBe(0);
    expect(counts.at(-1)).toBe(0);
    expect(await outbox.waiting()).toEqual([]);
    expect(await storedCount('again')).toBe(1);
  });

  it('counts an entry from the moment it is handed over, once, and not one whose append failed', async () => {
    const outbox = await openOutbox(await tempDir());
    const [row, next] = entries(2);
    const counts: number[] = [];
    outbox.onPendingChange((n) => counts.push(n));
    const appending = outbox.append(row!);
    // Not yet on disk: the command that recorded it has answered, and it already waits.
    expect(outbox.pending()).toBe(1);
    expect(counts).toEqual([1]);
    await appending;
    // Once on disk it is the same one waiting: never counted twice.
    expect(outbox.pending()).toBe(1);
    expect(counts).toEqual([1]);
    // An entry the outbox refuses (no id) is counted while handed over, then no longer.
    await expect(outbox.append({ ...next!, id: '' })).rejects.toThrow(/needs its id/);
    expect(outbox.pending()).toBe(1);
    expect(counts.at(-1)).toBe(1);
    expect(await outbox.upload(shop.pool, 'handed')).toEqual({ sent: 1, inserted: 1, pending: 0 });
    expect(outbox.pending()).toBe(0);
    expect(counts.at(-1)).toBe(0);
  });
});
