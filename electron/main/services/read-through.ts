// A read answers from a cached copy younger than `freshForMs` (unless refreshing), else asks the
// service; when the service cannot be reached or answers with a fault, a cached copy of any age
// answers instead, marked `source: 'cache'` with `stale` saying why.
import { AppError, type ErrorKind } from '../../shared/result';
import { isFutureDated } from '../../shared/clock-skew';
import type { FetchMeta } from '../../shared/types';

/** Failures of the service or the way to it; others (bad token, unknown VIN) are the technician's to fix. */
export const CACHE_FALLBACK_KINDS: ReadonlySet<ErrorKind> = new Set([
  'network',
  'timeout',
  'server_error',
  'rate_limited',
  'vehicle_offline',
  'bad_response',
]);

export interface ReadThroughOptions<T> {
  /** The cached copy, or null. */
  cached: () => Promise<{ value: T; fetchedAt: string } | null>;
  live: () => Promise<T>;
  /** Keeps the answer; not awaited, so the technician is answered before the disk is done. */
  store: (value: T, fetchedAt: Date) => Promise<void>;
  now: () => Date;
  /** A cached copy younger than this answers without asking the service (unless refreshing). */
  freshForMs: number;
  refresh: boolean;
  onStoreError: (error: unknown) => void;
  /**
   * A colleague's answer of the same read, shared through the shop: answers, said whose, when it is
   * as fresh as a cached copy must be and the cache has none so fresh. `onRefresh`: even when
   * refreshing (the app's own refreshes; a technician's Refresh always asks the service).
   */
  colleague?: { read: () => Promise<ColleagueCopy<T> | null>; onRefresh: boolean };
}

export interface ColleagueCopy<T> {
  value: T;
  fetchedAt: string;
  readBy: NonNullable<FetchMeta['readBy']>;
}

/** Fresh for this read: dated now or earlier (by this clock), and younger than its freshness. */
function isFresh(fetchedAt: string, options: { now: () => Date; freshForMs: number }): boolean {
  // A copy dated after now (the clock was set back) is of unknown age, so it is not fresh.
  const age = options.now().getTime() - Date.parse(fetchedAt);
  return age >= 0 && age < options.freshForMs;
}

export async function readThrough<T>(options: ReadThroughOptions<T>): Promise<{ value: T } & FetchMeta> {
  if (!options.refresh && options.freshForMs > 0) {
    const cached = await options.cached();
    if (cached && isFresh(cached.fetchedAt, options)) {
      return { value: cached.value, source: 'cache', fetchedAt: cached.fetchedAt };
    }
  }
  const colleague = options.colleague;
  if (colleague && (!options.refresh || colleague.onRefresh) && options.freshForMs > 0) {
    const copy = await colleague.read();
    if (copy && isFresh(copy.fetchedAt, options)) {
      return { value: copy.value, source: 'cache', fetchedAt: copy.fetchedAt, readBy: copy.readBy };
    }
  }
  try {
    const value = await options.live();
    const fetchedAt = options.now();
    // Answer first; a full disk must not cost the technician the answer they just got.
    void options.store(value, fetchedAt).catch(options.onStoreError);
    return { value, source: 'live', fetchedAt: fetchedAt.toISOString() };
  } catch (error) {
    if (!(error instanceof AppError) || !CACHE_FALLBACK_KINDS.has(error.kind)) throw error;
    const cached = await options.cached();
    if (!cached) throw error;
    return {
      value: cached.value,
      source: 'cache',
      fetchedAt: cached.fetchedAt,
      stale: { kind: error.kind, message: error.message },
      // Its recorded time is kept as is, and marked: the screen must not invent an age for it.
      ...(isFutureDated(cached.fetchedAt, options.now().getTime()) ? { futureDated: true as const } : {}),
    };
  }
}
