// Runs one operation over many items with bounded concurrency. Cancelling (the signal, or skipping one
// item) stops new sends; sends already under way finish and report, since IPC cannot recall them.
// When the service says to slow down (an answer `retryAfter` maps to seconds), every worker waits
// that long and the item is sent again: a 429 means the service did not act, so a re-send is safe.

export type BulkItemState<R> =
  | { status: 'queued' }
  | { status: 'running' }
  /** Sent once, refused by the rate limit; sent again after the wait. */
  | { status: 'waiting'; untilMs: number }
  | { status: 'done'; result: R }
  | { status: 'failed'; error: unknown }
  | { status: 'cancelled' };

export interface BulkRunOptions<T, R> {
  items: readonly T[];
  send: (item: T, index: number) => Promise<R>;
  /** How many sends may be under way at once (at least 1). */
  concurrency?: number;
  /** Aborting stops every send that has not started yet, and ends rate-limit waits. */
  signal?: AbortSignal;
  /** Asked just before an item is sent: true cancels that item alone. */
  isSkipped?: (index: number) => boolean;
  onUpdate?: (index: number, state: BulkItemState<R>) => void;
  /** Seconds the service asks to wait before this answer's item is sent again, or null when final. */
  retryAfter?: (result: R) => number | null;
  /** Called with the time (ms) every send waits until, each time the service asks to slow down. */
  onWait?: (untilMs: number) => void;
  /** How many times one item may be re-sent after a rate-limit answer; then that answer stands. */
  maxWaits?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_MAX_WAITS = 20;
/** A service that names no wait still gets a pause before the re-send. */
const FALLBACK_WAIT_SECONDS = 1;

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function runBulk<T, R>(options: BulkRunOptions<T, R>): Promise<BulkItemState<R>[]> {
  const { items, send, signal, isSkipped, onUpdate, retryAfter, onWait } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const maxWaits = options.maxWaits ?? DEFAULT_MAX_WAITS;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const states: BulkItemState<R>[] = items.map(() => ({ status: 'queued' }));
  const set = (index: number, state: BulkItemState<R>) => {
    states[index] = state;
    onUpdate?.(index, state);
  };
  let next = 0;
  /** Shared by every worker: no send starts before this time. */
  let pausedUntil = 0;

  const stopped = (index: number) => signal?.aborted === true || isSkipped?.(index) === true;

  async function waitForPause(): Promise<void> {
    while (pausedUntil > now() && !signal?.aborted) await sleep(pausedUntil - now(), signal);
  }

  async function sendOne(index: number): Promise<void> {
    for (let waits = 0; ; waits++) {
      await waitForPause();
      if (stopped(index)) return set(index, { status: 'cancelled' });
      set(index, { status: 'running' });
      let result: R;
      // window.garage never rejects, but a throwing `send` must not stop the other workers.
      try {
        result = await send(items[index] as T, index);
      } catch (error) {
        return set(index, { status: 'failed', error });
      }
      const after = retryAfter?.(result) ?? null;
      if (after === null || waits >= maxWaits) return set(index, { status: 'done', result });
      const until = now() + Math.max(after, FALLBACK_WAIT_SECONDS) * 1000;
      if (until > pausedUntil) {
        pausedUntil = until;
        onWait?.(until);
      }
      set(index, { status: 'waiting', untilMs: pausedUntil });
    }
  }

  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      if (stopped(index)) {
        set(index, { status: 'cancelled' });
        continue;
      }
      await sendOne(index);
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return states;
}
