import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isTempFileName,
  readJsonFile,
  removeStaleTempFiles,
  writeFileAtomic,
  type AtomicFs,
  type CorruptReport,
} from '../../../electron/main/storage/atomic-file';
import { AppError } from '../../../electron/shared/result';
import { manualClock, useTempFolder } from './temp-folder';

const schema = z.object({ count: z.number().int() });

describe('writeFileAtomic', () => {
  const dir = useTempFolder();

  it('writes and replaces content, leaving no temp file behind', async () => {
    const target = join(dir.path, 'a.json');
    await writeFileAtomic(target, '{"count":1}');
    await writeFileAtomic(target, '{"count":2}');
    expect(await fs.readFile(target, 'utf8')).toBe('{"count":2}');
    expect(await fs.readdir(dir.path)).toEqual(['a.json']);
  });

  it('writes bytes and async iterables', async () => {
    const target = join(dir.path, 'b.bin');
    await writeFileAtomic(target, new Uint8Array([1, 2, 3]));
    expect([...(await fs.readFile(target))]).toEqual([1, 2, 3]);
    async function* pieces() {
      yield 'he';
      yield Buffer.from('llo');
    }
    await writeFileAtomic(target, pieces());
    expect(await fs.readFile(target, 'utf8')).toBe('hello');
  });

  it('serializes concurrent writes to the same file: the last one queued wins, none is torn', async () => {
    const target = join(dir.path, 'c.json');
    const writes = Array.from({ length: 40 }, (_, i) =>
      writeFileAtomic(target, JSON.stringify({ count: i, pad: 'x'.repeat(20_000 + i) })),
    );
    await Promise.all(writes);
    const final = JSON.parse(await fs.readFile(target, 'utf8'));
    expect(final.count).toBe(39);
    expect((await fs.readdir(dir.path)).filter(isTempFileName)).toEqual([]);
  });

  it('flushes the temp file before the rename and the folder after it', async () => {
    const target = join(dir.path, 'order.json');
    const steps: string[] = [];
    const label = (p: string) => (p === dir.path ? 'folder' : p === target ? 'target' : 'temp');
    const recordingFs: AtomicFs = {
      ...fs,
      open: (async (path: string, flags: string, mode?: number) => {
        const handle = await fs.open(path, flags, mode);
        const name = label(path);
        steps.push(`open ${name}`);
        return new Proxy(handle, {
          get(h, prop) {
            const value = Reflect.get(h, prop) as unknown;
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              if (prop === 'writeFile' || prop === 'sync' || prop === 'close') steps.push(`${prop} ${name}`);
              return (value as (...a: unknown[]) => unknown).apply(h, args);
            };
          },
        });
      }) as AtomicFs['open'],
      rename: async (from, to) => {
        steps.push(`rename ${label(String(from))} ${label(String(to))}`);
        await fs.rename(from, to);
      },
    };
    await writeFileAtomic(target, '{"count":1}', { fs: recordingFs });
    expect(steps).toEqual([
      'open temp',
      'writeFile temp',
      'sync temp',
      'close temp',
      'rename temp target',
      'open folder',
      'sync folder',
      'close folder',
    ]);
    expect(await fs.readFile(target, 'utf8')).toBe('{"count":1}');
  });

  it('keeps the previous content when the write dies before the rename', async () => {
    const target = join(dir.path, 'd.json');
    await writeFileAtomic(target, '{"count":1}');
    const failingFs: AtomicFs = {
      ...fs,
      rename: async () => {
        throw Object.assign(new Error('disk gone'), { code: 'EIO' });
      },
    };
    const error = await writeFileAtomic(target, '{"count":2}', { fs: failingFs }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('storage');
    expect(await fs.readFile(target, 'utf8')).toBe('{"count":1}');
    expect(await fs.readdir(dir.path)).toEqual(['d.json']);
  });

  it('keeps the previous content when the temp file is only half written', async () => {
    const target = join(dir.path, 'e.json');
    await writeFileAtomic(target, '{"count":1}');
    const failingFs: AtomicFs = {
      ...fs,
      open: (async (path: string, flags: string, mode?: number) => {
        const handle = await fs.open(path, flags, mode);
        if (flags !== 'wx') return handle;
        return new Proxy(handle, {
          get(h, prop) {
            if (prop === 'writeFile') {
              return async (data: string) => {
                await h.writeFile(String(data).slice(0, 3));
                throw Object.assign(new Error('killed'), { code: 'ENOSPC' });
              };
            }
            const value = Reflect.get(h, prop) as unknown;
            return typeof value === 'function' ? value.bind(h) : value;
          },
        });
      }) as AtomicFs['open'],
    };
    await expect(writeFileAtomic(target, '{"count":2}', { fs: failingFs })).rejects.toThrow(AppError);
    expect(await fs.readFile(target, 'utf8')).toBe('{"count":1}');
    expect(await fs.readdir(dir.path)).toEqual(['e.json']);
  });
});

describe('removeStaleTempFiles', () => {
  const dir = useTempFolder();

  it('removes temp files a killed write left and keeps everything else', async () => {
    await fs.writeFile(join(dir.path, 'profiles.json'), '{}');
    await fs.writeFile(join(dir.path, '.profiles.json.0123456789abcdef.tmp'), '{"trunc');
    await fs.writeFile(join(dir.path, 'notes.tmp'), 'mine');
    const removed = await removeStaleTempFiles(dir.path);
    expect(removed).toEqual(['.profiles.json.0123456789abcdef.tmp']);
    expect((await fs.readdir(dir.path)).sort()).toEqual(['notes.tmp', 'profiles.json']);
  });

  it('returns nothing for a missing folder', async () => {
    expect(await removeStaleTempFiles(join(dir.path, 'nope'))).toEqual([]);
  });
});

describe('readJsonFile', () => {
  const dir = useTempFolder();
  const clock = manualClock(Date.parse('2025-01-31T12:00:00.123Z'));

  it('returns the validated value', async () => {
    const target = join(dir.path, 'ok.json');
    await fs.writeFile(target, '{"count":3}');
    expect(await readJsonFile(target, schema)).toEqual({ status: 'ok', value: { count: 3 } });
  });

  it('reports a missing file as missing', async () => {
    expect(await readJsonFile(join(dir.path, 'none.json'), schema)).toEqual({ status: 'missing' });
  });

  it.each([
    ['unparsable', '{"count":', 'is not valid JSON'],
    ['empty', '', 'is empty'],
    ['wrong shape', '{"count":"three"}', 'does not match the expected shape (at count)'],
  ])('sets a %s file aside, reports it and does not throw', async (_label, content, reason) => {
    const target = join(dir.path, 'bad.json');
    await fs.writeFile(target, content);
    const reports: CorruptReport[] = [];
    const read = await readJsonFile(target, schema, { now: clock.now, onCorrupt: (r) => reports.push(r) });
    const setAsidePath = join(dir.path, 'bad.json.corrupt-20250131T120000123Z');
    expect(read).toEqual({ status: 'corrupt', report: { path: target, setAsidePath, reason } });
    expect(reports).toEqual([{ path: target, setAsidePath, reason }]);
    expect(await fs.readFile(setAsidePath, 'utf8')).toBe(content);
    await expect(fs.access(target)).rejects.toThrow();
  });

  it('never overwrites earlier evidence with the same timestamp', async () => {
    const target = join(dir.path, 'bad.json');
    await fs.writeFile(target, 'one');
    await readJsonFile(target, schema, { now: clock.now });
    await fs.writeFile(target, 'two');
    const second = await readJsonFile(target, schema, { now: clock.now });
    expect(second.status === 'corrupt' && second.report.setAsidePath).toBe(
      join(dir.path, 'bad.json.corrupt-20250131T120000123Z-1'),
    );
    expect(await fs.readFile(join(dir.path, 'bad.json.corrupt-20250131T120000123Z'), 'utf8')).toBe('one');
  });

  it('does not quote file content in the reason', async () => {
    const target = join(dir.path, 'secret.json');
    await fs.writeFile(target, '{"count":"SECRET-VALUE"}');
    const read = await readJsonFile(target, schema, { now: clock.now });
    expect(read.status).toBe('corrupt');
    expect(JSON.stringify(read)).not.toContain('SECRET-VALUE');
  });
});
