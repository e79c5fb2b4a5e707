// Keeps the outbox draining without being on any command's path: an append kicks an upload, one
// upload runs at a time, a failure waits with backoff (a lost database is not hammered at every
// command), and "the database is back" (the listener live again) retries at once. Its status is
// what the window shows: "N entries waiting for the shop database", and why.
//
// Uploads start at most once per gap (a quarter of a second by default). An entry after a quiet
// spell goes at once; entries that come while one upload runs or just ran go together in the next.
// Each upload costs the same whatever it carries (a transaction of several statements, the mark's
// durable replace) and wakes every other desk's live listener for one read: a technician sending
// commands back to back would otherwise pay that once per command, and so would every colleague.
import type { ShopError } from './errors';
import { toShopError } from './errors';
import type { Outbox, UploadResult } from './outbox';

export interface OutboxSyncStatus {
  pending: number;
  state: 'idle' | 'uploading' | 'waiting';
  /** Why the last upload failed (null after a success). */
  lastError: ShopError | null;
  /** When waiting: the next attempt in this many ms. */
  retryInMs: number | null;
}

export interface OutboxSync {
  /** Upload soon: now if none started within the gap, else once it has passed (after a backoff wait, if one runs). */
  kick(): void;
  /** Upload now, cutting a backoff wait short (the database is reachable again). */
  retryNow(): void;
  status(): OutboxSyncStatus;
  onStatus(listener: (status: OutboxSyncStatus) => void): () => void;
  /** Stops after the upload in flight, if any. */
  stop(): Promise<void>;
}

export interface OutboxSyncOptions {
  outbox: Outbox;
  /** One upload of the outbox (ShopDb.upload bound to it). */
  upload: (outbox: Outbox) => Promise<UploadResult>;
  backoff?: { initialMs?: number; maxMs?: number };
  /** The least time between the starts of two uploads, in ms (default 250; 0 uploads at each kick). */
  gapMs?: number;
}

export const OUTBOX_UPLOAD_GAP_MS = 250;

export function startOutboxSync(options: OutboxSyncOptions): OutboxSync {
  const initialMs = options.backoff?.initialMs ?? 1_000;
  const maxMs = options.backoff?.maxMs ?? 60_000;
  const gapMs = Math.max(0, options.gapMs ?? OUTBOX_UPLOAD_GAP_MS);
  const listeners = new Set<(status: OutboxSyncStatus) => void>();
  let current: OutboxSyncStatus = {
    pending: options.outbox.pending(),
    state: 'idle',
    lastError: null,
    retryInMs: null,
  };
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  /** The next upload, held back until the gap since the last one has passed. */
  let gapTimer: NodeJS.Timeout | null = null;
  let lastStart = -Infinity;
  let stopped = false;

  const publish = (next: Partial<OutboxSyncStatus>) => {
    current = { ...current, ...next };
    for (const listener of [...listeners]) {
      try {
        listener(current);
      } catch {
        // A listener's failure is its own.
      }
    }
  };

  const unsubscribePending = options.outbox.onPendingChange((pending) => {
    publish({ pending });
    if (pending > 0) sync.kick();
  });
  // Entries counted at hand-over can be uploaded only once on disk: kicked again then.
  const unsubscribeAppended = options.outbox.onAppended(() => sync.kick());
  const unsubscribe = () => {
    unsubscribePending();
    unsubscribeAppended();
  };

  async function runOnce(): Promise<void> {
    again = false;
    lastStart = performance.now();
    publish({ state: 'uploading', retryInMs: null });
    try {
      await options.upload(options.outbox);
      failures = 0;
      publish({ state: 'idle', lastError: null, pending: options.outbox.pending() });
    } catch (error) {
      failures += 1;
      const wait = Math.min(maxMs, initialMs * 2 ** Math.min(failures - 1, 16));
      publish({ state: 'waiting', lastError: toShopError(error), retryInMs: wait });
      if (!stopped) {
        clearGap();
        timer = setTimeout(() => {
          timer = null;
          start();
        }, wait);
        timer.unref?.();
      }
    }
  }

  function clearGap(): void {
    if (gapTimer) clearTimeout(gapTimer);
    gapTimer = null;
  }

  function start(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearGap();
    running = runOnce().finally(() => {
      running = null;
      // What came during the upload goes after the gap, together with what comes meanwhile.
      if (again && !timer && options.outbox.pending() > 0) soon();
    });
  }

  /** Starts an upload once the gap since the last one has passed. */
  function soon(): void {
    if (stopped || timer || gapTimer) return;
    if (running) {
      again = true;
      return;
    }
    const wait = lastStart + gapMs - performance.now();
    if (wait <= 0) {
      start();
      return;
    }
    gapTimer = setTimeout(() => {
      gapTimer = null;
      start();
    }, wait);
    gapTimer.unref?.();
  }

  const sync: OutboxSync = {
    kick() {
      soon();
    },
    retryNow() {
      if (timer) clearTimeout(timer);
      timer = null;
      start();
    },
    status: () => current,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = null;
      clearGap();
      await running;
    },
  };
  if (current.pending > 0) start();
  return sync;
}
