// The audit's month file kept open between appends: one open for a run of appends but an fsync for
// each, and every way the open file can stop being the right one to write to (deleted or written
// behind the appender, a failed write or fsync, another month, idle) sends the next append back
// to the file by name, checked as on first use.
import * as fs from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSegmentAppender, type SegmentAppender } from '../../../electron/main/audit/segment-appender';
import type { AtomicFs } from '../../../electron/main/storage/atomic-file';
import { passes, waitFor } from '../../support/wait-for';

let folder = '';
let appender: SegmentAppender | null = null;

beforeEach(async () => {
  folder = join(await mkdtemp(join(tmpdir(), 'vg-appender-')), 'segments');
});
afterEach(async () => {
  await appender?.close();
  appender = null;
  await rm(join(folder, '..'), { recursive: true, force: true });
});

const file = (month = '2025-03') => join(folder, `${month}.jsonl`);
const read = (month = '2025-03') => fs.readFile(file(month), 'utf8');

/** Counts opens, closes and fsyncs per path; `failNext` makes the next write or fsync fail. */
function spyFs() {
  const calls = { open: [] as string[], close: [] as string[], sync: [] as string[] };
  const failNext = { write: false, sync: false };
  const spied: AtomicFs = {
    ...fs,
    open: (async (...args: Parameters<typeof fs.open>) => {
      const path = String(args[0]);
      calls.open.push(path);
      const handle = await fs.open(...args);
      const { appendFile, sync, close } = handle;
      handle.appendFile = async (data, options) => {
        if (failNext.write) {
          failNext.write = false;
          // Half the line reached the file before the disk failed.
          await appendFile.call(handle, (data as Buffer).subarray(0, 10), options);
          throw Object.assign(new Error('no space left'), { code: 'ENOSPC' });
        }
        return appendFile.call(handle, data, options);
      };
      handle.sync = async () => {
        calls.sync.push(path);
        if (failNext.sync) {
          failNext.sync = false;
          throw Object.assign(new Error('I/O error'), { code: 'EIO' });
        }
        return sync.call(handle);
      };
      handle.close = async () => {
        calls.close.push(path);
        return close.call(handle);
      };
      return handle;
    }) as AtomicFs['open'],
  };
  return { fs: spied, calls, failNext };
}

function start(options: { fs?: AtomicFs; idleCloseMs?: number } = {}): SegmentAppender {
  appender = createSegmentAppender({ folder, fs: options.fs ?? fs, idleCloseMs: options.idleCloseMs });
  return appender;
}

describe('segment appender', () => {
  it('opens the month file once for a run of appends and fsyncs every line before it returns', async () => {
    const spy = spyFs();
    const log = start({ fs: spy.fs });
    const sizes = [];
    for (let i = 0; i < 5; i++) {
      sizes.push(await log.append('2025-03', `{"n":${i}}`));
      // Acknowledged means on disk: counted before the next append starts.
      expect(spy.calls.sync.filter((p) => p === file())).toHaveLength(i + 1);
    }
    expect(spy.calls.open.filter((p) => p === file())).toHaveLength(1);
    expect(await read()).toBe('{"n":0}\n{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n');
    expect(sizes).toEqual([0, 8, 16, 24, 32].map((before) => ({ before, after: before + 8 })));
  });

  it('writes a new file when the open one was deleted behind it, so no entry goes nowhere', async () => {
    const log = start();
    await log.append('2025-03', '{"n":1}');
    await rm(folder, { recursive: true });
    expect(await log.append('2025-03', '{"n":2}')).toEqual({ before: 0, after: 8 });
    expect(await read()).toBe('{"n":2}\n');
  });

  it('starts on a line of its own after a torn line written behind it', async () => {
    const log = start();
    await log.append('2025-03', '{"n":1}');
    await fs.appendFile(file(), '{"n":"to');
    expect(await log.append('2025-03', '{"n":2}')).toEqual({ before: 16, after: 25 });
    expect((await read()).split('\n')).toEqual(['{"n":1}', '{"n":"to', '{"n":2}', '']);
  });

  it('fails the append whose write failed, and the next one reopens and starts on a fresh line', async () => {
    const spy = spyFs();
    const log = start({ fs: spy.fs });
    await log.append('2025-03', '{"n":1}');
    spy.failNext.write = true;
    await expect(log.append('2025-03', '{"n":2,"pad":"xxxxxxxx"}')).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(spy.calls.close.filter((p) => p === file())).toHaveLength(1);
    await log.append('2025-03', '{"n":3}');
    expect(spy.calls.open.filter((p) => p === file())).toHaveLength(2);
    expect((await read()).split('\n')).toEqual(['{"n":1}', '{"n":2,"pa', '{"n":3}', '']);
  });

  it('fails the append whose fsync failed (never acknowledged unsynced), then reopens', async () => {
    const spy = spyFs();
    const log = start({ fs: spy.fs });
    await log.append('2025-03', '{"n":1}');
    spy.failNext.sync = true;
    await expect(log.append('2025-03', '{"n":2}')).rejects.toMatchObject({ code: 'EIO' });
    await log.append('2025-03', '{"n":3}');
    expect(spy.calls.open.filter((p) => p === file())).toHaveLength(2);
    expect(spy.calls.sync.filter((p) => p === file())).toHaveLength(3);
  });

  it('closes the previous month when the next begins', async () => {
    const spy = spyFs();
    const log = start({ fs: spy.fs });
    await log.append('2025-03', '{"n":1}');
    await log.append('2025-04', '{"n":2}');
    expect(spy.calls.close.filter((p) => p.endsWith('.jsonl'))).toEqual([file('2025-03')]);
    expect(await read('2025-04')).toBe('{"n":2}\n');
  });

  it('closes the file once appends stop, and on close(); a later append opens it again', async () => {
    const spy = spyFs();
    const log = start({ fs: spy.fs, idleCloseMs: 30 });
    await log.append('2025-03', '{"n":1}');
    await log.append('2025-03', '{"n":2}');
    const closes = () => spy.calls.close.filter((p) => p === file()).length;
    expect(closes()).toBe(0);
    await waitFor(
      passes(() => expect(closes()).toBe(1)),
      'the idle segment to close',
      { timeoutMs: 2_000, intervalMs: 10 },
    );
    await log.append('2025-03', '{"n":3}');
    expect(spy.calls.open.filter((p) => p === file())).toHaveLength(2);
    await log.close();
    expect(closes()).toBe(2);
    expect(await read()).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
  });

  it('keeps concurrent appends whole and in call order', async () => {
    const log = start();
    const lines = Array.from({ length: 40 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(i * 50) }));
    const sizes = await Promise.all(lines.map((line) => log.append('2025-03', line)));
    expect(await read()).toBe(lines.map((line) => `${line}\n`).join(''));
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]!.before).toBe(sizes[i - 1]!.after);
  });
});
