// The cache's bookkeeping: size and last use of every file, in one small index file, so neither
// start-up nor eviction has to open the entries. It is loaded lazily (first write or first flush,
// never on the start-up path), reconciled with a directory listing (files written just before a
// crash, files deleted by hand), and rebuilt from the listing if missing or corrupt. Reads only
// note the time of use in memory; the index is written debounced and atomically.
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { tm } from '../../i18n/main-words';
import {
  isTempFileName,
  readJsonFile,
  removeStaleTempFiles,
  writeFileAtomic,
  type AtomicFs,
  type OnCorrupt,
} from '../atomic-file';

export type IndexFs = AtomicFs & Pick<typeof nodeFs, 'stat'>;

export interface CacheIndexOptions {
  /** The folder of entry files. */
  folder: string;
  indexPath: string;
  now: () => Date;
  onCorrupt?: OnCorrupt;
  fs?: IndexFs;
  /** How long after the last change the index is written; default 2 s. */
  flushDelayMs?: number;
}

export interface CacheIndex {
  /** Notes a read (cheap, in memory). */
  touch(name: string): void;
  /** Notes a written file and its size. */
  record(name: string, size: number): Promise<void>;
  forget(name: string): Promise<void>;
  /** Forgets a file only if the index is loaded; otherwise the next load's listing notices. */
  forgetIfLoaded(name: string): void;
  totalBytes(): Promise<number>;
  /** Files with their sizes, least recently used first. */
  leastRecentlyUsed(): Promise<{ name: string; size: number }[]>;
  names(): Promise<string[]>;
  /** Writes pending changes now. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

// name → [size in bytes, last use in ms since epoch]; arrays keep the file small. Checked by hand:
// with thousands of entries a zod record-of-tuples costs more than everything else at load.
type IndexFile = { v: 1; entries: Record<string, [number, number]> };

function isIndexFile(data: unknown): data is IndexFile {
  if (typeof data !== 'object' || data === null) return false;
  const { v, entries } = data as { v?: unknown; entries?: unknown };
  if (v !== 1 || typeof entries !== 'object' || entries === null || Array.isArray(entries)) return false;
  for (const value of Object.values(entries)) {
    if (!Array.isArray(value) || value.length !== 2) return false;
    const [size, lastUsed] = value as unknown[];
    if (!Number.isSafeInteger(size) || (size as number) < 0 || !Number.isFinite(lastUsed)) return false;
  }
  return true;
}

const indexSchema = z.custom<IndexFile>(isIndexFile, { error: () => tm('cache.notAnIndex') });

type Entry = { size: number; lastUsed: number };

export function createCacheIndex(options: CacheIndexOptions): CacheIndex {
  const { folder, indexPath, now, onCorrupt } = options;
  const fs = options.fs ?? nodeFs;
  const flushDelayMs = options.flushDelayMs ?? 2000;
  const pendingTouches = new Map<string, number>();
  let entries: Map<string, Entry> | null = null;
  let loading: Promise<Map<string, Entry>> | null = null;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  function load(): Promise<Map<string, Entry>> {
    if (entries) return Promise.resolve(entries);
    loading ??= (async () => {
      const read = await readJsonFile(indexPath, indexSchema, { now, onCorrupt, fs });
      const map = new Map<string, Entry>();
      if (read.status === 'ok') {
        for (const [name, [size, lastUsed]] of Object.entries(read.value.entries))
          map.set(name, { size, lastUsed });
      }
      dirty = (await reconcile(map)) || read.status !== 'ok';
      for (const [name, lastUsed] of pendingTouches) {
        const entry = map.get(name);
        if (!entry) continue;
        entry.lastUsed = Math.max(entry.lastUsed, lastUsed);
        dirty = true;
      }
      pendingTouches.clear();
      entries = map;
      return map;
    })();
    return loading;
  }

  // Brings the map in line with the folder. Returns whether anything changed.
  async function reconcile(map: Map<string, Entry>): Promise<boolean> {
    let names: string[];
    try {
      names = await fs.readdir(folder);
    } catch {
      names = [];
    }
    await removeStaleTempFiles(folder, { fs, names });
    const onDisk = new Set(names.filter((name) => !isTempFileName(name)));
    let changed = false;
    for (const name of map.keys()) {
      if (!onDisk.has(name)) {
        map.delete(name);
        changed = true;
      }
    }
    for (const name of onDisk) {
      if (map.has(name)) continue;
      try {
        const stat = await fs.stat(join(folder, name));
        if (!stat.isFile()) continue;
        map.set(name, { size: stat.size, lastUsed: stat.mtimeMs });
        changed = true;
      } catch {
        // Deleted meanwhile.
      }
    }
    return changed;
  }

  function schedule(): void {
    dirty = true;
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush().catch(() => undefined);
    }, flushDelayMs);
    timer.unref?.();
  }

  async function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!entries && pendingTouches.size === 0) return;
    const map = await load();
    if (!dirty) return;
    dirty = false;
    const out: Record<string, [number, number]> = {};
    for (const [name, entry] of map) out[name] = [entry.size, Math.round(entry.lastUsed)];
    try {
      await writeFileAtomic(indexPath, JSON.stringify({ v: 1, entries: out }), { fs });
    } catch (error) {
      dirty = true;
      throw error;
    }
  }

  return {
    touch(name) {
      const time = now().getTime();
      const entry = entries?.get(name);
      if (entry) entry.lastUsed = time;
      else if (!entries) pendingTouches.set(name, time);
      schedule();
    },
    async record(name, size) {
      const map = await load();
      map.set(name, { size, lastUsed: now().getTime() });
      schedule();
    },
    async forget(name) {
      const map = await load();
      if (map.delete(name)) schedule();
    },
    forgetIfLoaded(name) {
      if (entries?.delete(name)) schedule();
    },
    async totalBytes() {
      let total = 0;
      for (const entry of (await load()).values()) total += entry.size;
      return total;
    },
    async leastRecentlyUsed() {
      const map = await load();
      return [...map.entries()]
        .sort((a, b) => a[1].lastUsed - b[1].lastUsed)
        .map(([name, entry]) => ({ name, size: entry.size }));
    },
    async names() {
      return [...(await load()).keys()];
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
