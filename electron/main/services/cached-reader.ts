// The offline-cache side of every read: a cached entry (waiting for that entry's own pending write,
// so a read right after a refresh sees what the refresh fetched), a write queued after the answer
// and dropped when the profile moved on, and a drain for quitting. The cache is a convenience:
// an unreadable one never hides the live answer or the real error.
import type { VehicleApiClient } from '../api';
import { keyText, type CacheKey, type CacheValue } from '../storage/cache/cache-keys';
import type { CachedValue } from '../storage/cache/entry-codec';
import type { OfflineCache } from '../storage/cache/offline-cache';

export interface ReadContext {
  profileId: string;
  client: VehicleApiClient;
  /** False once the profile's address changed or it was removed: late answers are not cached. */
  isCurrent?: () => boolean;
}

export interface CachedReader {
  cachedEntry<K extends CacheKey>(key: K): Promise<CachedValue<CacheValue<K>> | null>;
  /** Reads anything from the cache, turning a failure into null (reported). */
  cachedOrNull<T>(read: () => Promise<T | null>): Promise<T | null>;
  storeIfCurrent(ctx: ReadContext, key: CacheKey, store: () => Promise<void>): Promise<void>;
  onStoreError(error: unknown): void;
  /** Settles when every cache write started so far has finished. */
  drain(): Promise<void>;
}

export function createCachedReader(options: {
  cache: OfflineCache;
  onProblem: (message: string, error: unknown) => void;
}): CachedReader {
  const { cache, onProblem } = options;
  const pendingWrites = new Map<string, Promise<void>>();

  async function cachedOrNull<T>(read: () => Promise<T | null>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      onProblem('Could not read the offline cache', error);
      return null;
    }
  }

  return {
    cachedOrNull,
    async cachedEntry(key) {
      await pendingWrites.get(keyText(key));
      return cachedOrNull(() => cache.get(key));
    },
    storeIfCurrent(ctx, key, store) {
      // An answer that arrives after the profile moved to another address belongs to the old one.
      if (ctx.isCurrent && !ctx.isCurrent()) return Promise.resolve();
      const id = keyText(key);
      const previous = pendingWrites.get(id) ?? Promise.resolve();
      const write = previous.then(store, store);
      const settled = write
        .catch(() => {})
        .finally(() => {
          if (pendingWrites.get(id) === settled) pendingWrites.delete(id);
        });
      pendingWrites.set(id, settled);
      return write;
    },
    onStoreError: (error) => onProblem('Could not write to the offline cache', error),
    async drain() {
      await Promise.all([...pendingWrites.values()]);
    },
  };
}
