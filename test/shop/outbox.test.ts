// The outbox: entries durable on disk first, uploaded in order, each exactly once in the shop's
// audit log whatever fails: the database lost mid-run (a TCP proxy cut, the shared server keeps
// running), the uploading app killed with SIGKILL, a torn append, a compaction cut short.
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_ACK, OUTBOX_ENTRIES, openOutbox } from '../../electron/main/shop/outbox';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { flashEntries } from './support/outbox-entries';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { startTcpProxy } from './support/tcp-proxy';
import { TSX_NODE_ARGS } from '../support/tsx-node';

const VIN = '5YJ3E1EA7KF000501';

let db: TestDatabase;
let tech: Login;
let checker: ShopDb;
const dirs: string[] = [];

const entries = (count: number, vin = VIN) => flashEntries(count, vin);

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vg-outbox-'));
  dirs.push(dir);
  return dir;
}

async function storedIds(garageId: string): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    'SELECT id::text FROM audit_entries WHERE garage_id = $1 ORDER BY change_seq',
    [garageId],
  );
  return result.rows.map((row) => row.id);
}

beforeAll(async () => {
  db = await createTestDatabase('outbox');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  // The owner, whom row-level security does not hold to one garage: each case uploads to a garage
  // of its own, so none sees another's entries (a technician's role works in one garage only).
  tech = db.owner;
  checker = await openShop({ settings: tech.settings, getPassword: tech.getPassword });
});

afterAll(async () => {
  await checker?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the shop outbox on disk', () => {
  it('counts what waits, keeps it across a reopen, and skips a line torn by a crash', async () => {
    const dir = await tempDir();
    const outbox = await openOutbox(dir);
    const counts: number[] = [];
    outbox.onPendingChange((n) => counts.push(n));
    const rows = entries(3);
    await outbox.append(rows[0]!);
    await outbox.appendMany(rows.slice(1));
    expect(outbox.pending()).toBe(3);
    expect(counts).toEqual([1, 3]);
    // A crash in the middle of an append leaves half a line: never acknowledged, so dropped.
    await appendFile(join(dir, OUTBOX_ENTRIES), '{"id":"torn-by-a-cra');
    const reopened = await openOutbox(dir);
    expect(reopened.pending()).toBe(3);
    const late = entries(1)[0]!;
    await reopened.append(late);
    expect((await reopened.waiting()).map((e) => e.id)).toEqual([...rows, late].map((e) => e.id));
    const result = await reopened.upload(checker.pool, 'torn');
    expect(result).toEqual({ sent: 4, inserted: 4, pending: 0 });
    expect(await storedIds('torn')).toEqual([...rows, late].map((e) => e.id));
  });

  it('uploads in order, in batches, and a repeated upload adds nothing', async () => {
    const dir = await tempDir();
    const outbox = await openOutbox(dir);
    const rows = entries(25);
    await outbox.appendMany(rows);
    expect(await outbox.upload(checker.pool, 'order', { batchSize: 7 })).toEqual({
      sent: 25,
      inserted: 25,
      pending: 0,
    });
    expect(await storedIds('order')).toEqual(rows.map((e) => e.id));
    expect(await outbox.upload(checker.pool, 'order')).toEqual({ sent: 0, inserted: 0, pending: 0 });
    // The mark lost (or pointing elsewhere): everything is sent again, and nothing is doubled.
    await writeFile(join(dir, OUTBOX_ACK), JSON.stringify({ offset: 5, id: 'not-this-line' }));
    const again = await openOutbox(dir);
    expect(again.pending()).toBe(25);
    expect(await again.upload(checker.pool, 'order')).toEqual({ sent: 25, inserted: 0, pending: 0 });
    expect(await storedIds('order')).toHaveLength(25);
  });

  it('takes appends while an upload is held up, and counts them as waiting', async () => {
    const dir = await tempDir();
    const outbox = await openOutbox(dir, { compactAfterBytes: 1 });
    const rows = entries(6);
    await outbox.appendMany(rows.slice(0, 4));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let committed!: () => void;
    const firstCommit = new Promise<void>((resolve) => (committed = resolve));
    const upload = outbox.upload(checker.pool, 'held', {
      batchSize: 2,
      afterCommit: async () => {
        committed();
        await held;
      },
    });
    await firstCommit;
    // The upload is stuck after its first commit; an append (a command's audit) must not wait for it.
    await outbox.appendMany(rows.slice(4));
    expect(outbox.pending()).toBe(6);
    release();
    expect(await upload).toEqual({ sent: 4, inserted: 4, pending: 2 });
    // The file was not emptied under the late entries: they are sent next.
    expect(await outbox.upload(checker.pool, 'held')).toEqual({ sent: 2, inserted: 2, pending: 0 });
    expect(await storedIds('held')).toEqual(rows.map((e) => e.id));
  });

  it('empties a fully uploaded file, and a compaction cut short only re-sends', async () => {
    const dir = await tempDir();
    const outbox = await openOutbox(dir, { compactAfterBytes: 1 });
    const rows = entries(5);
    await outbox.appendMany(rows);
    await outbox.upload(checker.pool, 'compact');
    expect(await readFile(join(dir, OUTBOX_ENTRIES), 'utf8')).toBe('');
    // The mark is reset; the newest entry the shop took is kept, to find a restore that lost it.
    expect(JSON.parse(await readFile(join(dir, OUTBOX_ACK), 'utf8'))).toEqual({
      offset: 0,
      id: null,
      last: rows[4]!.id,
      lost: null,
    });
    // Killed between resetting the mark and truncating: the old lines come back as waiting.
    await writeFile(join(dir, OUTBOX_ENTRIES), rows.map((e) => JSON.stringify(e) + '\n').join(''));
    const reopened = await openOutbox(dir);
    expect(reopened.pending()).toBe(5);
    expect(await reopened.upload(checker.pool, 'compact')).toMatchObject({ sent: 5, inserted: 0 });
    expect(await storedIds('compact')).toEqual(rows.map((e) => e.id));
  });

  it('keeps what the shop took when it empties the file, the newest within its bound, once each', async () => {
    const dir = await tempDir();
    const outbox = await openOutbox(dir, { compactAfterBytes: 1, keepSentBytes: 1 });
    const [first, second, third] = [entries(3), entries(2), entries(2)];
    for (const batch of [first, second, third]) {
      await outbox.appendMany(batch);
      await outbox.upload(checker.pool, 'kept');
      expect(await readFile(join(dir, OUTBOX_ENTRIES), 'utf8')).toBe('');
    }
    // Past the bound the older copy makes way: the last two emptied files are kept, oldest first.
    expect((await outbox.sent()).map((e) => e.id)).toEqual([...second, ...third].map((e) => e.id));
    // Not yet emptied (under the size), acknowledged lines count too; waiting ones do not.
    const big = await openOutbox(dir, { compactAfterBytes: 1024 * 1024, keepSentBytes: 1 });
    const fourth = entries(2);
    await big.appendMany(fourth);
    await big.upload(checker.pool, 'kept');
    await big.appendMany(entries(1));
    expect((await big.sent()).map((e) => e.id)).toEqual([...second, ...third, ...fourth].map((e) => e.id));
  });
});

describe('the shop database lost mid-run', () => {
  it('keeps entries while it is unreachable and uploads them once when it is back', async () => {
    const proxy = await startTcpProxy(String(tech.settings.host), Number(tech.settings.port));
    const viaProxy = db.via(tech, '127.0.0.1', proxy.port);
    const shop = await openShop({ settings: viaProxy.settings, getPassword: viaProxy.getPassword });
    try {
      const dir = await tempDir();
      const outbox = await openOutbox(dir);
      const before = entries(30);
      await outbox.appendMany(before);
      // The first batch goes through; then the database disappears.
      let batches = 0;
      const failed = await shop
        .upload(outbox, {
          batchSize: 10,
          afterCommit: async () => {
            batches += 1;
            if (batches === 1) await proxy.cut();
          },
        })
        .catch((e: unknown) => e);
      expect(failed).toMatchObject({ shopKind: 'unreachable' });
      expect(outbox.pending()).toBe(20);
      const during = entries(5);
      await outbox.appendMany(during);
      expect(outbox.pending()).toBe(25);
      await expect(shop.upload(outbox)).rejects.toMatchObject({ shopKind: 'unreachable' });

      await proxy.restore();
      expect(await shop.upload(outbox)).toEqual({ sent: 25, inserted: 25, pending: 0 });
      expect(await storedIds(shop.garageId)).toEqual([...before, ...during].map((e) => e.id));
    } finally {
      await shop.close();
      await proxy.close();
    }
  });
});

describe('the app killed mid-upload', () => {
  function runChild(dir: string, garageId: string, env: Record<string, string>, killAfterLines: number) {
    const child = spawn(process.execPath, [...TSX_NODE_ARGS, 'test/shop/support/upload-child.ts'], {
      env: {
        ...process.env,
        VG_SHOP_SETTINGS: JSON.stringify({
          host: tech.settings.host,
          port: tech.settings.port,
          database: tech.settings.database,
          user: tech.settings.user,
        }),
        VG_SHOP_PASSWORD: tech.password,
        VG_OUTBOX_DIR: dir,
        VG_GARAGE_ID: garageId,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise<{ killed: boolean; lines: string[] }>((resolve, reject) => {
      const lines: string[] = [];
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          lines.push(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
          if (lines.length === killAfterLines) child.kill('SIGKILL');
        }
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        if (signal === 'SIGKILL') resolve({ killed: true, lines });
        else if (code === 0) resolve({ killed: false, lines });
        else reject(new Error(`upload child exited ${code}: ${stderr}`));
      });
    });
  }

  it('after a SIGKILL between the commit and the mark, the next upload re-sends that batch and inserts nothing twice', async () => {
    const dir = await tempDir();
    const rows = entries(40);
    const outbox = await openOutbox(dir);
    await outbox.appendMany(rows);
    const run = await runChild(
      dir,
      'killed-at-commit',
      { VG_PAUSE_AFTER_COMMIT: '1', VG_BATCH_SIZE: '10' },
      1,
    );
    expect(run).toEqual({ killed: true, lines: ['committed 10'] });
    expect(await storedIds('killed-at-commit')).toEqual(rows.slice(0, 10).map((e) => e.id));

    const restarted = await openOutbox(dir);
    expect(restarted.pending()).toBe(40);
    expect(await restarted.upload(checker.pool, 'killed-at-commit', { batchSize: 10 })).toEqual({
      sent: 40,
      inserted: 30,
      pending: 0,
    });
    expect(await storedIds('killed-at-commit')).toEqual(rows.map((e) => e.id));
  });

  it('after a SIGKILL at any point of a running upload, every entry is in the shop exactly once', async () => {
    const dir = await tempDir();
    const rows = entries(300);
    const outbox = await openOutbox(dir);
    await outbox.appendMany(rows);
    const run = await runChild(dir, 'killed-mid-run', { VG_BATCH_SIZE: '5' }, 7);
    expect(run.killed).toBe(true);
    const partial = await storedIds('killed-mid-run');
    expect(partial.length).toBeGreaterThanOrEqual(35);
    expect(partial.length).toBeLessThan(300);

    const restarted = await openOutbox(dir);
    // Whatever the mark says, the shop already holds at least what it acknowledged.
    expect(restarted.pending()).toBeGreaterThanOrEqual(300 - partial.length);
    const result = await restarted.upload(checker.pool, 'killed-mid-run', { batchSize: 50 });
    expect(result.pending).toBe(0);
    expect(result.inserted).toBe(300 - partial.length);
    expect(await storedIds('killed-mid-run')).toEqual(rows.map((e) => e.id));
  });
});
