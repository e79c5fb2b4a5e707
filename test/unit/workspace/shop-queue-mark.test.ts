// The mark of how far the local audit log is queued for the shop: on start only the entries since
// (a little before) the mark are read back, so a long log costs nothing; what the outbox already
// holds is not queued twice; a first start queues nothing (the old history is the import's).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for';
import { createAuditLog, type AuditLog } from '../../../electron/main/audit/audit-log';
import { smallTextFile } from '../../../electron/main/storage/shop-files';
import { createQueueMark, QUEUE_MARK_MARGIN_MS } from '../../../electron/main/workspace/shop/queue-mark';

const T0 = Date.parse('2026-11-25T08:00:00.000Z');
let dir: string;
let log: AuditLog;

const entry = (at: number, profileId = 'demo') => ({
  time: new Date(at),
  profileId,
  profileName: 'Demo',
  vin: '5YJ3E1EA7KF000501',
  operation: 'command:close_windows',
  params: {},
  outcome: 'success' as const,
  durationMs: 1,
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vg-queue-mark-'));
  log = createAuditLog({ dataDir: dir });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the shop queue mark', () => {
  it('queues nothing on the first start, then only what came after the mark and is not queued', async () => {
    const file = path.join(dir, 'mark.json');
    let now = T0;
    const mark = createQueueMark(smallTextFile(file), () => new Date(now));
    // History from before shop mode: never queued from the log.
    for (let i = 0; i < 50; i++) await log.append(entry(T0 - 3_600_000 + i * 1000));
    expect(await mark.unqueued(log, 'demo', new Set())).toEqual([]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      since: new Date(T0).toISOString(),
      time: new Date(T0).toISOString(),
    });

    const queued = await log.append(entry(T0 + 300_000));
    mark.note(queued.time);
    await mark.settle();
    // Then a crash between the two writes: logged, never queued. Another profile's is not ours.
    const lost = await log.append(entry(T0 + 310_000));
    await log.append(entry(T0 + 311_000, 'other'));

    now = T0 + 60 * 60_000;
    const again = createQueueMark(smallTextFile(file), () => new Date(now));
    const listed: unknown[] = [];
    const counting = {
      list: (query?: Parameters<AuditLog['list']>[0]) => {
        listed.push(query);
        return log.list(query);
      },
    };
    const missing = await again.unqueued(counting, 'demo', new Set([queued.id]));
    expect(missing.map((e) => e.id)).toEqual([lost.id]);
    // Read from just before the mark, not the whole log.
    expect(listed[0]).toMatchObject({ from: new Date(T0 + 300_000 - QUEUE_MARK_MARGIN_MS).toISOString() });
  });

  it('writes the notes of a busy moment as one write, later or when settled', async () => {
    const written: string[] = [];
    const memory = {
      read: async () => written.at(-1) ?? null,
      write: async (text: string) => void written.push(text),
    };
    const mark = createQueueMark(memory, () => new Date(T0), 200);
    await mark.unqueued(log, 'demo', new Set());
    expect(written).toHaveLength(1); // the first mark, at once
    // One note per turn of the event loop, as commands' entries come: none written yet.
    for (let n = 1; n <= 20; n++) {
      mark.note(new Date(T0 + n * 100).toISOString());
      await new Promise((turn) => setImmediate(turn));
    }
    expect(written).toHaveLength(1);
    await waitFor(() => written.length === 2, 'the coalesced write');
    expect(JSON.parse(written[1]!).time).toBe(new Date(T0 + 2000).toISOString());
    // Settled with nothing moved: no write; moved: written at once, not after the delay.
    await mark.settle();
    expect(written).toHaveLength(2);
    mark.note(new Date(T0 + 3000).toISOString());
    await mark.settle();
    expect(written).toHaveLength(3);
    expect(JSON.parse(written[2]!).time).toBe(new Date(T0 + 3000).toISOString());
  });

  it('never moves back, and a damaged mark starts over from now', async () => {
    const file = path.join(dir, 'mark.json');
    const mark = createQueueMark(smallTextFile(file), () => new Date(T0));
    await mark.unqueued(log, 'demo', new Set());
    mark.note(new Date(T0 + 5000).toISOString());
    mark.note(new Date(T0 + 1000).toISOString());
    await mark.settle();
    expect(JSON.parse(await readFile(file, 'utf8')).time).toBe(new Date(T0 + 5000).toISOString());

    await writeFile(file, '{"since": 3');
    await log.append(entry(T0 + 6000));
    const fresh = createQueueMark(smallTextFile(file), () => new Date(T0 + 7000));
    expect(await fresh.unqueued(log, 'demo', new Set())).toEqual([]);
    expect(JSON.parse(await readFile(file, 'utf8')).since).toBe(new Date(T0 + 7000).toISOString());
  });

  it('never reaches before shop mode began, however close the mark is to it', async () => {
    const file = path.join(dir, 'mark.json');
    await createQueueMark(smallTextFile(file), () => new Date(T0)).unqueued(log, 'demo', new Set());
    const solo = await log.append(entry(T0 - 1000));
    const shop = await log.append(entry(T0 + 1000));
    const missing = await createQueueMark(smallTextFile(file), () => new Date(T0 + 5000)).unqueued(
      log,
      'demo',
      new Set(),
    );
    expect(missing.map((e) => e.id)).toEqual([shop.id]);
    expect(missing.map((e) => e.id)).not.toContain(solo.id);
  });
});
