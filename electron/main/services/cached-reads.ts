// The one path every read of a vehicle takes: one cache key family (storage/cache/cache-keys.ts),
// one freshness table, one offline fallback (read-through.ts), and the status badge told where the
// answer came from. The cache is a convenience: an unreadable one never hides the live answer or
// the real error, and a cache write never delays the answer.
import type { FetchMeta } from '../../shared/types';
import type { VehicleApiClient } from '../api';
import { NO_FACTS, type FactPort } from '../events/domain-events';
import { cachedValueOf } from '../storage/cache/cached-values';
import {
  keyText,
  type CacheKey,
  type CacheValue,
  type ReadKind,
  type ReadValues,
} from '../storage/cache/cache-keys';
import type { CachedValue } from '../storage/cache/entry-codec';
import type { OfflineCache } from '../storage/cache/offline-cache';
import { readThrough } from './read-through';
import type { VehicleStatusBook } from './vehicle-status';

export interface ReadContext {
  profileId: string;
  client: VehicleApiClient;
  /** False once the profile's address changed or it was removed: late answers are not cached. */
  isCurrent?: () => boolean;
}

export interface ReadSettings<Kind extends ReadKind> {
  /** Ask the service even when a fresh copy is cached (or a colleague's, unless `colleagues`). */
  refresh: boolean;
  /**
   * With `refresh`: a colleague's answer as fresh as a cached copy must be still answers. For the
   * refreshes the app starts itself; a technician's Refresh asks the service.
   */
  colleagues?: boolean;
  /** Tells answers of one kind apart (see CacheKey.variant); '' by default. */
  variant?: string;
  /** Whether an answer is worth keeping as the offline copy; every answer by default. */
  keep?: (value: ReadValues[Kind]) => boolean;
}

export type ReadAnswer<T> = { value: T } & FetchMeta;

export interface CachedReads {
  read<Kind extends ReadKind>(
    ctx: ReadContext,
    vin: string,
    kind: Kind,
    live: () => Promise<ReadValues[Kind]>,
    settings: ReadSettings<Kind>,
  ): Promise<ReadAnswer<ReadValues[Kind]>>;
  /** Reads anything else from the cache (the notes' images), turning a failure into null (reported). */
  cachedOrNull<T>(read: () => Promise<T | null>): Promise<T | null>;
  /** Settles when every cache write started so far has finished. */
  drain(): Promise<void>;
  /** The copy kept under `key` (the one a write under way carries, if any); null when none. */
  saved<Kind extends ReadKind>(key: CacheKey<Kind>): Promise<CachedValue<ReadValues[Kind]> | null>;
}

/**
 * The reads whose answers the apps of one shop share: the state, sleep status, battery, firmware
 * alerts and tyres (what the board shows of a car), each only in its one form (variant '').
 */
export const SHARED_READ_KINDS: ReadonlySet<ReadKind> = new Set<ReadKind>([
  'state',
  'status',
  'battery',
  'firmware-alerts',
  'tire-pressure',
]);

/** The shop's shared answers, as the reads see them (the workspace fills it in shop mode). */
export interface SharedAnswersPort {
  /** The newest answer of this read a colleague's app shared, or null (none, no shop, offline). */
  latest(
    profileId: string,
    vin: string,
    kind: ReadKind,
  ): Promise<{ answer: unknown; fetchedAt: string; technician: string; role: string } | null>;
  /** Shares an answer this app had from the service; never throws (a failure is reported). */
  share(profileId: string, vin: string, kind: ReadKind, answer: unknown, fetchedAt: string): void;
}

export interface CachedReadsOptions {
  cache: OfflineCache;
  status: VehicleStatusBook;
  now?: () => Date;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `vehicle.read` with where each answer came from. */
  facts?: FactPort;
  /** Colleagues' answers (shop mode): one read serves the shop. */
  shared?: SharedAnswersPort;
}

export function createCachedReads(options: CachedReadsOptions): CachedReads {
  const { cache, status } = options;
  const now = options.now ?? (() => new Date());
  const onProblem = options.onProblem ?? (() => {});
  const facts = options.facts ?? NO_FACTS;
  const shared = options.shared;
  // Per key text: the write under way, so a read right after a refresh sees what it fetched.
  const pendingWrites = new Map<string, Promise<void>>();
  // Per key text: the newest value a write under way carries. The state saved before a command is
  // this copy: waiting for the file to land would hold the command behind a write it does not need.
  const pendingValues = new Map<string, CachedValue<unknown>>();
  // Per key text: the answer this app last shared with the shop, and when it was read.
  const lastShared = new Map<string, { at: number; text: string }>();

  /**
   * Whether a live answer is worth sharing. The same answer shared less than half its freshness ago
   * is not shared again: a colleague's app still finds that copy fresh (with its true, older time)
   * for at least as long again, and a wake check before each of a technician's commands would
   * otherwise write the same "online" to the shop every few seconds.
   */
  function worthSharing(id: string, value: unknown, fetchedAt: string, freshForMs: number): boolean {
    const at = Date.parse(fetchedAt);
    const text = JSON.stringify(value) ?? '';
    const last = lastShared.get(id);
    if (last && last.text === text && at >= last.at && at - last.at < freshForMs / 2) return false;
    lastShared.set(id, { at, text });
    return true;
  }

  async function cachedOrNull<T>(read: () => Promise<T | null>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      onProblem('Could not read the offline cache', error);
      return null;
    }
  }

  function storeIfCurrent(
    ctx: ReadContext,
    id: string,
    written: CachedValue<unknown>,
    store: () => Promise<void>,
  ): Promise<void> {
    // An answer that arrives after the profile moved to another address belongs to the old one.
    if (ctx.isCurrent && !ctx.isCurrent()) return Promise.resolve();
    const previous = pendingWrites.get(id) ?? Promise.resolve();
    const write = previous.then(store, store);
    const settled = write
      .catch(() => {})
      .finally(() => {
        if (pendingWrites.get(id) !== settled) return;
        pendingWrites.delete(id);
        pendingValues.delete(id);
      });
    pendingWrites.set(id, settled);
    pendingValues.set(id, written);
    return write;
  }

  async function read<Kind extends ReadKind>(
    ctx: ReadContext,
    vin: string,
    kind: Kind,
    live: () => Promise<ReadValues[Kind]>,
    settings: ReadSettings<Kind>,
  ): Promise<ReadAnswer<ReadValues[Kind]>> {
    const key: CacheKey<Kind> = { kind, profileId: ctx.profileId, vin, variant: settings.variant ?? '' };
    const id = keyText(key);
    const sharing = shared && key.variant === '' && SHARED_READ_KINDS.has(kind) ? shared : null;
    const spec = cachedValueOf(kind);
    const result = await readThrough<ReadValues[Kind]>({
      cached: async () => {
        await pendingWrites.get(id);
        // The key's kind fixes the value's type; TypeScript cannot follow that through the generic.
        return (await cachedOrNull(() => cache.get(key))) as CachedValue<ReadValues[Kind]> | null;
      },
      live,
      store: (value, fetchedAt) =>
        settings.keep && !settings.keep(value)
          ? Promise.resolve()
          : storeIfCurrent(ctx, id, { value, fetchedAt: fetchedAt.toISOString() }, () =>
              cache.put(key, value as CacheValue<typeof key>, fetchedAt),
            ),
      now,
      freshForMs: spec.freshForMs,
      refresh: settings.refresh,
      onStoreError: (error) => onProblem('Could not write to the offline cache', error),
      ...(sharing
        ? {
            colleague: {
              onRefresh: settings.colleagues === true,
              read: async () => {
                const copy = await sharing.latest(ctx.profileId, vin, kind);
                if (!copy) return null;
                // A colleague's app, or a role at psql, may have shared anything: checked as the
                // cache's own copies are.
                const checked = spec.schema.safeParse(copy.answer);
                if (!checked.success) {
                  onProblem('A shared answer is not what its read answers', checked.error);
                  return null;
                }
                return {
                  value: checked.data,
                  fetchedAt: copy.fetchedAt,
                  readBy: { technician: copy.technician, role: copy.role },
                };
              },
            },
          }
        : {}),
    });
    if (
      sharing &&
      result.source === 'live' &&
      (!settings.keep || settings.keep(result.value)) &&
      worthSharing(id, result.value, result.fetchedAt, spec.freshForMs)
    )
      sharing.share(ctx.profileId, vin, kind, result.value, result.fetchedAt);
    status.noteRead(ctx.profileId, vin, result.source, result.fetchedAt, result.stale);
    facts.publish('vehicle.read', {
      profileId: ctx.profileId,
      vin,
      source: result.source,
      fetchedAt: result.fetchedAt,
      ...(result.stale ? { stale: result.stale } : {}),
    });
    return result;
  }

  return {
    cachedOrNull,

    read,

    async drain() {
      await Promise.all([...pendingWrites.values()]);
    },

    async saved(key) {
      const pending = pendingValues.get(keyText(key));
      // A copy of its own: the caller may keep or change what it is given.
      if (pending) return structuredClone(pending) as never;
      return (await cachedOrNull(() => cache.get(key))) as never;
    },
  };
}
