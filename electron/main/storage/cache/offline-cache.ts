// The offline cache: the last answer of every read (see cache-keys.ts) per profile and VIN, and
// the images of the release notes, so a technician can still read them without a connection.
// Layout: <data>/cache/index.json (see cache-index.ts) and <data>/cache/entries/<file>, one file
// per entry. Creating the cache does no I/O; a read is one file read (one stat, for an entry written
// lately: see below); the total size is bounded with least-recently-used eviction. The entries
// written most recently are also kept in memory (recent-entries.ts): a command reads the car's last
// state just before it sends, and that read should not read and check the whole file again.
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../shared/result';
import {
  ensureFolder,
  errorCode,
  removeFile,
  setAside,
  writeFileAtomic,
  type CorruptReport,
  type OnCorrupt,
} from '../atomic-file';
import { withFileLock } from '../file-lock';
import { createCacheIndex, type IndexFs } from './cache-index';
import {
  entryFileName,
  imageFileName,
  keyTexts,
  profilePrefix,
  type CacheKey,
  type CacheValue,
} from './cache-keys';
import {
  decodeEntry,
  decodeImage,
  encodeEntry,
  encodeImage,
  type CachedImage,
  type CachedValue,
} from './entry-codec';
import { imageProblem, imageUrlAllowed, normalizeImageType } from './image-rules';
import { createRecentEntries, sameFile } from './recent-entries';
import { tm } from '../../i18n/main-words';

export const CACHE_FOLDER = 'cache';
export const DEFAULT_CACHE_MAX_BYTES = 200 * 1024 * 1024;

export interface OfflineCacheOptions {
  dataDir: string;
  now?: () => Date;
  /** Upper bound of the cache's size on disk; default 200 MiB. */
  maxBytes?: number;
  onCorrupt?: OnCorrupt;
  fs?: IndexFs;
  /** Delay before the index is written after a change; default 2 s. */
  indexFlushDelayMs?: number;
}

export interface OfflineCache {
  /** The cached value, or null when absent or corrupt (a corrupt entry is set aside and reported). */
  get<K extends CacheKey>(key: K): Promise<CachedValue<CacheValue<K>> | null>;
  put<K extends CacheKey>(key: K, value: CacheValue<K>, fetchedAt: Date): Promise<void>;
  getImage(url: string): Promise<CachedImage | null>;
  /** Refuses (AppError 'invalid_input') disallowed URLs, types, sizes and bytes that are not the type. */
  putImage(url: string, contentType: string, bytes: Uint8Array, fetchedAt?: Date): Promise<void>;
  /** Drops every entry of a profile (images are shared and age out). */
  clearProfile(profileId: string): Promise<void>;
  /** Current size on disk as the index knows it. */
  totalBytes(): Promise<number>;
  /** Writes the index now; call on quit. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createOfflineCache(options: OfflineCacheOptions): OfflineCache {
  const { onCorrupt } = options;
  const fs = options.fs ?? nodeFs;
  const now = options.now ?? (() => new Date());
  const maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
  const root = join(options.dataDir, CACHE_FOLDER);
  const folder = join(root, 'entries');
  const index = createCacheIndex({
    folder,
    indexPath: join(root, 'index.json'),
    now,
    onCorrupt,
    fs,
    flushDelayMs: options.indexFlushDelayMs,
  });
  // Writes and evictions take turns, so the size bookkeeping never races with itself.
  const writeLock = join(root, '#writes');
  const recent = createRecentEntries();

  /** Reads a file, or null when it does not exist. Other failures are reported as 'storage'. */
  async function readEntryFile(name: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(join(folder, name));
    } catch (error) {
      if (errorCode(error) === 'ENOENT') {
        // A miss must stay a single failed read: no index load on the start-up path.
        index.forgetIfLoaded(name);
        return null;
      }
      throw new AppError(
        'storage',
        tm('errors.offlineCacheUnreadable', { code: errorCode(error) ?? tm('errors.readFailed') }),
      );
    }
  }

  async function setAsideEntry(name: string, problem: string, size: number): Promise<void> {
    const path = join(folder, name);
    recent.forget(name);
    const report: CorruptReport = await withFileLock(path, () => setAside(path, problem, now, fs));
    await index.forget(name);
    // The evidence stays under the size bound: it is tracked like any entry and ages out.
    if (report.setAsidePath) await index.record(report.setAsidePath.slice(folder.length + 1), size);
    onCorrupt?.(report);
  }

  /**
   * Whether the entries' folder is known to exist: made once, not asked again on every write (a
   * command to a car writes two entries, and each such call waits in the same queue as its syncs).
   */
  let folderMade = false;

  async function store(name: string, data: string | Buffer): Promise<void> {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    // An entry larger than the whole cache would only evict everything and then itself.
    if (size > maxBytes) return;
    await withFileLock(writeLock, async () => {
      recent.forget(name);
      const write = () => writeFileAtomic(join(folder, name), data, { fs, durable: false });
      if (folderMade) {
        // The folder may have gone behind the app's back: made again, the write is tried once more.
        await write().catch(async () => {
          await ensureFolder(folder, { fs });
          await write();
        });
      } else {
        await ensureFolder(folder, { fs });
        folderMade = true;
        await write();
      }
      const written = typeof data === 'string' ? await fs.stat(join(folder, name)).catch(() => null) : null;
      if (written) recent.remember(name, data as string, written);
      await index.record(name, size);
      await evict(name);
    });
  }

  /** The entry kept in memory, if its file is still the one written; else null (read the file). */
  async function keptEntry<K extends CacheKey>(key: K, name: string, text: string) {
    const written = recent.fileOf(name);
    if (!written) return null;
    const current = await fs.stat(join(folder, name)).catch(() => null);
    if (!current || !sameFile(written, current)) {
      recent.forget(name);
      return null;
    }
    return recent.get(name, (kept) => decodeEntry(key, kept, text));
  }

  async function evict(keep: string): Promise<void> {
    let total = await index.totalBytes();
    if (total <= maxBytes) return;
    for (const { name, size } of await index.leastRecentlyUsed()) {
      if (total <= maxBytes) break;
      if (name === keep) continue;
      total -= size;
      recent.forget(name);
      await index.forget(name);
      await removeFile(join(folder, name), { fs }).catch(() => undefined);
    }
  }

  return {
    async get(key) {
      // The current key text first; an entry written under an earlier spelling still answers.
      for (const text of keyTexts(key)) {
        const name = entryFileName(key, text);
        const kept = await keptEntry(key, name, text);
        if (kept) {
          index.touch(name);
          return kept;
        }
        const data = await readEntryFile(name);
        if (data === null) continue;
        const decoded = decodeEntry(key, data.toString('utf8'), text);
        if (!decoded.ok) {
          await setAsideEntry(name, decoded.problem, data.byteLength);
          return null;
        }
        index.touch(name);
        return decoded.value;
      }
      return null;
    },

    async put(key, value, fetchedAt) {
      await store(entryFileName(key), encodeEntry(key, value, fetchedAt));
    },

    async getImage(url) {
      if (!imageUrlAllowed(url)) return null;
      const name = imageFileName(url);
      const data = await readEntryFile(name);
      if (data === null) return null;
      const decoded = decodeImage(url, data);
      if (!decoded.ok) {
        await setAsideEntry(name, decoded.problem, data.byteLength);
        return null;
      }
      index.touch(name);
      return decoded.value;
    },

    async putImage(url, contentType, bytes, fetchedAt = now()) {
      if (!imageUrlAllowed(url)) {
        throw new AppError('invalid_input', tm('errors.imageHttpsOnly'));
      }
      const problem = imageProblem(contentType, bytes);
      const type = normalizeImageType(contentType);
      if (problem !== null || type === null)
        throw new AppError('invalid_input', problem ?? tm('errors.notAnImage'));
      await store(imageFileName(url), encodeImage(url, type, bytes, fetchedAt));
    },

    async clearProfile(profileId) {
      const prefix = profilePrefix(profileId);
      await withFileLock(writeLock, async () => {
        recent.forgetWhere((name) => name.startsWith(prefix));
        for (const name of await index.names()) {
          if (!name.startsWith(prefix)) continue;
          await index.forget(name);
          await removeFile(join(folder, name), { fs });
        }
      });
    },

    totalBytes: () => index.totalBytes(),
    flush: () => index.flush(),
    close: () => index.close(),
  };
}
