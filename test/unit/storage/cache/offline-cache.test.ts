import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CorruptReport } from '../../../../electron/main/storage/atomic-file';
import type { IndexFs } from '../../../../electron/main/storage/cache/cache-index';
import { entryFileName, releaseNotesVariant } from '../../../../electron/main/storage/cache/cache-keys';
import { encodeEntry } from '../../../../electron/main/storage/cache/entry-codec';
import {
  createOfflineCache,
  type OfflineCacheOptions,
} from '../../../../electron/main/storage/cache/offline-cache';
import { AppError } from '../../../../electron/shared/result';
import { manualClock, useTempFolder } from '../temp-folder';
import { GIF, JPEG, PNG, releaseNotes, SVG, telemetry, VIN, VIN_2, WEBP } from './fixtures';
import { waitFor } from '../../../support/wait-for';

const FETCHED = new Date('2025-02-01T08:00:00.000Z');
const telemetryKey = (profileId = 'p1', vin = VIN) => ({ kind: 'telemetry', profileId, vin }) as const;
const notesKey = (version = 'current', language = 'en', profileId = 'p1') =>
  ({ kind: 'release-notes', profileId, vin: VIN, variant: releaseNotesVariant(version, language) }) as const;

/** Counts calls per fs function. */
function countingFs(): { fs: IndexFs; calls: Record<string, string[]> } {
  const calls: Record<string, string[]> = {};
  const wrapped = {} as Record<string, unknown>;
  for (const name of ['open', 'rename', 'unlink', 'readFile', 'readdir', 'mkdir', 'stat'] as const) {
    wrapped[name] = (...args: unknown[]) => {
      (calls[name] ??= []).push(String(args[0]));
      return (fs[name] as (...a: unknown[]) => unknown)(...args);
    };
  }
  return { fs: wrapped as unknown as IndexFs, calls };
}

describe('offline cache', () => {
  const dir = useTempFolder();
  const clock = manualClock();
  const entries = () => join(dir.path, 'cache', 'entries');
  const open = (extra: Partial<OfflineCacheOptions> = {}) =>
    createOfflineCache({ dataDir: dir.path, now: clock.now, indexFlushDelayMs: 60_000, ...extra });

  it('round-trips telemetry and release notes per key', async () => {
    const cache = open();
    expect(await cache.get(telemetryKey())).toBeNull();
    await cache.put(telemetryKey(), telemetry(443), FETCHED);
    await cache.put(telemetryKey('p2'), telemetry(8443), FETCHED);
    await cache.put(notesKey('current', 'en'), releaseNotes('EN'), FETCHED);
    await cache.put(notesKey('current', 'de'), releaseNotes('DE'), FETCHED);
    await cache.put(notesKey('staged', 'en'), releaseNotes('STAGED'), FETCHED);
    await cache.put(notesKey('2025.14.3', 'en'), releaseNotes('VERSION'), FETCHED);
    await cache.close();

    const reopened = open();
    expect(await reopened.get(telemetryKey())).toEqual({
      value: telemetry(443),
      fetchedAt: FETCHED.toISOString(),
    });
    expect((await reopened.get(telemetryKey('p2')))?.value.config.port).toBe(8443);
    expect(await reopened.get(telemetryKey('p1', VIN_2))).toBeNull();
    expect((await reopened.get(notesKey('current', 'de')))?.value.release_notes[0]?.title).toBe('DE');
    expect((await reopened.get(notesKey('staged', 'en')))?.value.release_notes[0]?.title).toBe('STAGED');
    expect((await reopened.get(notesKey('2025.14.3', 'en')))?.value.release_notes[0]?.title).toBe('VERSION');
  });

  it('overwrites an entry with a newer fetch', async () => {
    const cache = open();
    await cache.put(telemetryKey(), telemetry(1), FETCHED);
    const later = new Date('2025-02-02T08:00:00.000Z');
    await cache.put(telemetryKey(), telemetry(2), later);
    expect(await cache.get(telemetryKey())).toEqual({ value: telemetry(2), fetchedAt: later.toISOString() });
  });

  it('keeps the readable key inside each sha256-named file', async () => {
    const cache = open();
    await cache.put(notesKey(), releaseNotes(), FETCHED);
    const name = entryFileName(notesKey());
    expect(name).toMatch(/^[0-9a-f]{16}-[0-9a-f]{64}\.json$/);
    const stored = JSON.parse(await fs.readFile(join(entries(), name), 'utf8'));
    expect(stored.key).toBe(`release-notes|p1|${VIN}|current|en`);
  });

  // Keys are not checked again here (their VIN, version and language were checked where they
  // entered main): the file name is a hash of the key, so no key text can name a path elsewhere.
  it('names every entry by a hash, whatever its key holds', async () => {
    const cache = open();
    const odd = { kind: 'release-notes', profileId: '../p', vin: '../../x', variant: '../..|/' } as const;
    await cache.put(odd, releaseNotes(), FETCHED);
    expect(entryFileName(odd)).toMatch(/^[0-9a-f]{16}-[0-9a-f]{64}\.json$/);
    expect(await fs.readdir(entries())).toEqual([entryFileName(odd)]);
    expect((await cache.get(odd))?.value).toEqual(releaseNotes());
  });

  it('keeps one key family: every kind is kind|profile|vin|variant', async () => {
    const cache = open();
    const drives = { kind: 'drives', profileId: 'p1', vin: VIN, variant: '[null,null]' } as const;
    await cache.put(drives, { results: [] }, FETCHED);
    const stored = JSON.parse(await fs.readFile(join(entries(), entryFileName(drives)), 'utf8'));
    expect(stored.key).toBe(`drives|p1|${VIN}|[null,null]`);
    await cache.put(telemetryKey(), telemetry(443), FETCHED);
    const config = JSON.parse(await fs.readFile(join(entries(), entryFileName(telemetryKey())), 'utf8'));
    expect(config.key).toBe(`telemetry|p1|${VIN}|`);
  });

  it('still reads a telemetry entry saved under the key text it had before (no variant part)', async () => {
    const oldText = `telemetry|p1|${VIN}`;
    const oldName = entryFileName(telemetryKey(), oldText);
    expect(oldName).not.toBe(entryFileName(telemetryKey()));
    const text = encodeEntry(telemetryKey(), telemetry(8443), FETCHED).replace(`${oldText}|`, oldText);
    await fs.mkdir(entries(), { recursive: true });
    await fs.writeFile(join(entries(), oldName), text);
    const cache = open();
    expect(await cache.get(telemetryKey())).toEqual({
      value: telemetry(8443),
      fetchedAt: FETCHED.toISOString(),
    });
    // A newer answer is written under the current text and answers from then on.
    await cache.put(telemetryKey(), telemetry(9443), FETCHED);
    expect((await cache.get(telemetryKey()))?.value.config.port).toBe(9443);
  });

  it('refuses to store a value that does not match its schema', async () => {
    const cache = open();
    await cache.put(telemetryKey(), { nope: true } as never, FETCHED);
    const reports: CorruptReport[] = [];
    expect(await open({ onCorrupt: (r) => reports.push(r) }).get(telemetryKey())).toBeNull();
    expect(reports).toHaveLength(1);
  });

  describe('corruption', () => {
    it.each([
      ['truncated', (text: string) => text.slice(0, text.length - 10)],
      ['tampered value', (text: string) => text.replace('"port":443', '"port":"443"')],
      ['different key', (text: string) => text.replace('"telemetry|p1|', '"telemetry|p9|')],
      ['not JSON', () => '\u0000\u0001garbage'],
      // Entries are not synced: after a power cut one may come back with no content.
      ['emptied', () => ''],
    ])('sets a %s entry aside, reports it and returns null', async (_label, damage) => {
      const cache = open();
      await cache.put(telemetryKey(), telemetry(443), FETCHED);
      const file = join(entries(), entryFileName(telemetryKey()));
      await fs.writeFile(file, damage(await fs.readFile(file, 'utf8')));
      const reports: CorruptReport[] = [];
      const reader = open({ onCorrupt: (r) => reports.push(r) });
      expect(await reader.get(telemetryKey())).toBeNull();
      expect(reports).toHaveLength(1);
      expect(reports[0]?.setAsidePath).toContain('.corrupt-');
      await expect(fs.access(file)).rejects.toThrow();
      // The slot is usable again.
      await reader.put(telemetryKey(), telemetry(444), FETCHED);
      expect((await reader.get(telemetryKey()))?.value.config.port).toBe(444);
    });
  });

  it('replaces an entry without syncing it: a command waits on no cache write reaching the disk', async () => {
    const syncs: string[] = [];
    const counting = {
      ...fs,
      open: async (...args: Parameters<typeof fs.open>) => {
        const handle = await fs.open(...args);
        const sync = handle.sync.bind(handle);
        handle.sync = () => (syncs.push(String(args[0])), sync());
        return handle;
      },
    } as unknown as IndexFs;
    const cache = open({ fs: counting });
    await cache.put(telemetryKey(), telemetry(443), FETCHED);
    await cache.put(telemetryKey(), telemetry(444), FETCHED);
    expect((await cache.get(telemetryKey()))?.value.config.port).toBe(444);
    expect(syncs.filter((path) => path.startsWith(entries()))).toEqual([]);
  });

  it('makes its folder once, not on every write, and again when it went behind its back', async () => {
    const { fs: counting, calls } = countingFs();
    const cache = open({ fs: counting });
    await cache.put(telemetryKey(), telemetry(443), FETCHED);
    await cache.put(telemetryKey('p2'), telemetry(444), FETCHED);
    await cache.put(telemetryKey('p3'), telemetry(445), FETCHED);
    expect((calls.mkdir ?? []).filter((path) => path === entries())).toHaveLength(1);
    await fs.rm(entries(), { recursive: true });
    await cache.put(telemetryKey(), telemetry(446), FETCHED);
    expect((calls.mkdir ?? []).filter((path) => path === entries())).toHaveLength(2);
    expect((await cache.get(telemetryKey()))?.value.config.port).toBe(446);
  });

  describe('start-up and reads', () => {
    afterEach(() => vi.useRealTimers());

    it('creating the cache touches no file, and a read is a single file read', async () => {
      const writer = open();
      for (let i = 0; i < 50; i++) {
        await writer.put(telemetryKey(`p${i}`), telemetry(i), FETCHED);
      }
      await writer.close();

      // Fake timers show what a read leaves behind: only the deferred index write, not yet due.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { fs: spy, calls } = countingFs();
      const cache = open({ fs: spy });
      expect(calls).toEqual({});
      expect((await cache.get(telemetryKey('p7')))?.value.config.port).toBe(7);
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000 - 1);
      expect(calls).toEqual({ readFile: [join(entries(), entryFileName(telemetryKey('p7')))] });
    });

    it('a missing entry costs only failed reads of its file names, and no index load', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { fs: spy, calls } = countingFs();
      expect(await open({ fs: spy }).get(telemetryKey())).toBeNull();
      // Nothing is left to run in the background either.
      expect(vi.getTimerCount()).toBe(0);
      expect(Object.keys(calls)).toEqual(['readFile']);
    });
  });

  describe('size bound and LRU eviction', () => {
    async function entrySize(): Promise<number> {
      const probe = createOfflineCache({ dataDir: join(dir.path, 'probe'), now: clock.now });
      await probe.put(telemetryKey('p0'), telemetry(0), FETCHED);
      return probe.totalBytes();
    }

    it('evicts the least recently used entries first', async () => {
      const size = await entrySize();
      const cache = open({ maxBytes: size * 3 + 10 });
      for (const id of ['a', 'b', 'c']) {
        await cache.put(telemetryKey(id), telemetry(), FETCHED);
        clock.advance(1000);
      }
      expect(await cache.get(telemetryKey('a'))).not.toBeNull(); // a is now the most recent
      clock.advance(1000);
      await cache.put(telemetryKey('d'), telemetry(), FETCHED);
      expect(await cache.get(telemetryKey('b'))).toBeNull();
      for (const id of ['a', 'c', 'd']) expect(await cache.get(telemetryKey(id))).not.toBeNull();
      expect(await cache.totalBytes()).toBeLessThanOrEqual(size * 3 + 10);
      expect(await fs.readdir(entries())).toHaveLength(3);
    });

    it('remembers use across restarts through the index', async () => {
      const size = await entrySize();
      const first = open({ maxBytes: size * 2 + 10 });
      await first.put(telemetryKey('a'), telemetry(), FETCHED);
      clock.advance(1000);
      await first.put(telemetryKey('b'), telemetry(), FETCHED);
      clock.advance(1000);
      await first.get(telemetryKey('a'));
      await first.close();

      clock.advance(1000);
      const second = open({ maxBytes: size * 2 + 10 });
      await second.put(telemetryKey('c'), telemetry(), FETCHED);
      expect(await second.get(telemetryKey('a'))).not.toBeNull();
      expect(await second.get(telemetryKey('b'))).toBeNull();
    });

    it('does not store an entry larger than the whole bound', async () => {
      const cache = open({ maxBytes: 100 });
      await cache.put(telemetryKey(), telemetry(), FETCHED);
      expect(await cache.get(telemetryKey())).toBeNull();
      expect(await cache.totalBytes()).toBe(0);
    });

    it('stays bounded under many writes', async () => {
      const size = await entrySize();
      const cache = open({ maxBytes: size * 10 });
      for (let i = 0; i < 60; i++) {
        await cache.put(telemetryKey(`p${i}`), telemetry(), FETCHED);
        clock.advance(10);
      }
      const files = await fs.readdir(entries());
      const onDisk = (await Promise.all(files.map((f) => fs.stat(join(entries(), f))))).reduce(
        (n, s) => n + s.size,
        0,
      );
      expect(onDisk).toBeLessThanOrEqual(size * 10);
      expect(await cache.get(telemetryKey('p59'))).not.toBeNull();
      expect(await cache.get(telemetryKey('p0'))).toBeNull();
    });
  });

  describe('index', () => {
    it('is rebuilt from the folder when missing or corrupt', async () => {
      const cache = open();
      await cache.put(telemetryKey('a'), telemetry(), FETCHED);
      await cache.put(telemetryKey('b'), telemetry(), FETCHED);
      await cache.close();
      const expected = await cache.totalBytes();
      const indexPath = join(dir.path, 'cache', 'index.json');

      await fs.rm(indexPath);
      expect(await open().totalBytes()).toBe(expected);

      await fs.writeFile(indexPath, '{"v":1,"entries":{"x":[');
      const reports: CorruptReport[] = [];
      expect(await open({ onCorrupt: (r) => reports.push(r) }).totalBytes()).toBe(expected);
      expect(reports.map((r) => r.path)).toEqual([indexPath]);
    });

    it('picks up entries written just before a crash and drops entries deleted by hand', async () => {
      const cache = open();
      await cache.put(telemetryKey('a'), telemetry(), FETCHED);
      await cache.close();
      // Written after the index was saved (the index write never happened).
      const later = open();
      await later.put(telemetryKey('b'), telemetry(), FETCHED);
      await fs.rm(join(entries(), entryFileName(telemetryKey('a'))));
      const reopened = open();
      const size = (await fs.stat(join(entries(), entryFileName(telemetryKey('b'))))).size;
      expect(await reopened.totalBytes()).toBe(size);
    });

    it('cleans temp files of killed writes and keeps saved entries', async () => {
      const cache = open();
      await cache.put(telemetryKey('a'), telemetry(), FETCHED);
      await cache.close();
      const name = entryFileName(telemetryKey('a'));
      await fs.writeFile(join(entries(), `.${name}.0123456789abcdef.tmp`), '{"v":1,"ke');
      const reopened = open();
      await reopened.put(telemetryKey('b'), telemetry(), FETCHED);
      expect((await fs.readdir(entries())).some((n) => n.endsWith('.tmp'))).toBe(false);
      expect(await reopened.get(telemetryKey('a'))).not.toBeNull();
    });

    it('writes the index debounced, not on every read', async () => {
      const cache = open({ indexFlushDelayMs: 20 });
      await cache.put(telemetryKey('a'), telemetry(), FETCHED);
      const indexPath = join(dir.path, 'cache', 'index.json');
      await expect(fs.access(indexPath)).rejects.toThrow();
      // Written once the delay has passed, without any further call.
      const index = await waitFor(
        async () => JSON.parse(await fs.readFile(indexPath, 'utf8')),
        'the index written',
        { timeoutMs: 10_000, intervalMs: 20 },
      );
      expect(Object.keys(index.entries)).toEqual([entryFileName(telemetryKey('a'))]);
    });
  });

  describe('images', () => {
    const url = 'https://cdn.example.com/notes/charging.png';

    it.each([
      ['image/png', PNG],
      ['image/jpeg', JPEG],
      ['image/gif', GIF],
      ['image/webp', WEBP],
      ['image/svg+xml', SVG],
    ] as const)('round-trips %s', async (type, bytes) => {
      const cache = open();
      await cache.putImage(url, `${type}; charset=binary`, bytes, FETCHED);
      const image = await open().getImage(url);
      expect(image?.contentType).toBe(type);
      expect(Buffer.compare(image!.bytes, bytes)).toBe(0);
      expect(image?.fetchedAt).toBe(FETCHED.toISOString());
    });

    it('refuses other types, oversized images, mismatched bytes and disallowed URLs', async () => {
      const cache = open();
      await expect(cache.putImage(url, 'text/html', Buffer.from('<html>'))).rejects.toThrow(/Only PNG/);
      await expect(cache.putImage(url, 'image/png', JPEG)).rejects.toThrow(/not image\/png/);
      const big = Buffer.alloc(5 * 1024 * 1024 + 1);
      PNG.copy(big);
      await expect(cache.putImage(url, 'image/png', big)).rejects.toThrow(/5 MiB/);
      await expect(cache.putImage('http://cdn.example.com/a.png', 'image/png', PNG)).rejects.toThrow(
        AppError,
      );
      expect(await cache.getImage(url)).toBeNull();
      expect(await cache.totalBytes()).toBe(0);
    });

    it('sets a truncated or tampered image aside', async () => {
      const cache = open();
      await cache.putImage(url, 'image/png', PNG, FETCHED);
      const [name] = await fs.readdir(entries());
      const file = join(entries(), name!);
      const data = await fs.readFile(file);
      await fs.writeFile(file, data.subarray(0, data.length - 5));
      const reports: CorruptReport[] = [];
      expect(await open({ onCorrupt: (r) => reports.push(r) }).getImage(url)).toBeNull();
      expect(reports[0]?.reason).toBe('is truncated');
    });

    it('does not serve an image stored for another URL', async () => {
      const cache = open();
      await cache.putImage(url, 'image/png', PNG, FETCHED);
      expect(await cache.getImage('https://cdn.example.com/other.png')).toBeNull();
    });
  });

  describe('recent entries in memory', () => {
    it('answers a read of what it just wrote without a file read, as the file would', async () => {
      const { fs: spy, calls } = countingFs();
      const cache = open({ fs: spy });
      await cache.put(telemetryKey(), telemetry(443), FETCHED);
      delete calls.readFile;
      const first = await cache.get(telemetryKey());
      expect(calls.readFile).toBeUndefined();
      // The same value a fresh start reads from the file.
      expect(first).toEqual(await open().get(telemetryKey()));
      // Each caller gets its own copy: changing one changes nothing the next read sees.
      first!.value.config.port = 1;
      expect((await cache.get(telemetryKey()))?.value.config.port).toBe(443);
    });

    it('reads a file changed behind its back from disk, with every check a read makes', async () => {
      const reports: CorruptReport[] = [];
      const cache = open({ onCorrupt: (r) => reports.push(r) });
      await cache.put(telemetryKey(), telemetry(443), FETCHED);
      const file = join(entries(), entryFileName(telemetryKey()));
      // Replaced by another good entry: the file's answer, not the one in memory.
      await fs.writeFile(file, encodeEntry(telemetryKey(), telemetry(445), FETCHED));
      expect((await cache.get(telemetryKey()))?.value.config.port).toBe(445);
      // Damaged: set aside and reported, as on a fresh start.
      await cache.put(telemetryKey(), telemetry(446), FETCHED);
      await fs.writeFile(file, (await fs.readFile(file, 'utf8')).slice(0, 20));
      expect(await cache.get(telemetryKey())).toBeNull();
      expect(reports).toHaveLength(1);
    });

    it('forgets what eviction removed', async () => {
      const size = Buffer.byteLength(encodeEntry(telemetryKey('p0'), telemetry(0), FETCHED));
      const cache = open({ maxBytes: size * 2 + 10 });
      for (let i = 0; i < 3; i++) await cache.put(telemetryKey(`p${i}`), telemetry(i), FETCHED);
      expect(await cache.get(telemetryKey('p0'))).toBeNull();
      expect((await cache.get(telemetryKey('p2')))?.value.config.port).toBe(2);
    });
  });

  it('clears one profile and keeps the others', async () => {
    const cache = open();
    await cache.put(telemetryKey('p1'), telemetry(), FETCHED);
    await cache.put(notesKey('current', 'en', 'p1'), releaseNotes(), FETCHED);
    await cache.put(telemetryKey('p2'), telemetry(), FETCHED);
    await cache.clearProfile('p1');
    expect(await cache.get(telemetryKey('p1'))).toBeNull();
    expect(await cache.get(notesKey('current', 'en', 'p1'))).toBeNull();
    expect(await cache.get(telemetryKey('p2'))).not.toBeNull();
    expect(await fs.readdir(entries())).toHaveLength(1);
  });
});
