// Runs one operation over many items with bounded concurrency. Cancelling (the signal, or skipping one
// item) stops new sends; sends already under way finish and report, since IPC cannot recall them.

export type BulkItemState<R> =
  | { status: 'queued' }
  | { status: 'running' }
  | { status: 'done'; result: R }
  | { status: 'failed'; error: unknown }
  | { status: 'cancelled' };

export interface BulkRunOptions<T, R> {
  items: readonly T[];
  send: (item: T, index: number) => Promise<R>;
  /** How many sends may be under way at once (at least 1). */
  concurrency?: number;
  /** Aborting stops every send that has not started yet. */
  signal?: AbortSignal;
  /** Asked just before an item is sent: true cancels that item alone. */
  isSkipped?: (index: number) => boolean;
  onUpdate?: (index: number, state: BulkItemState<R>) => void;
}

export const DEFAULT_CONCURRENCY = 4;

export async function runBulk<T, R>(options: BulkRunOptions<T, R>): Promise<BulkItemState<R>[]> {
  const { items, send, signal, isSkipped, onUpdate } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const states: BulkItemState<R>[] = items.map(() => ({ status: 'queued' }));
  const set = (index: number, state: BulkItemState<R>) => {
    states[index] = state;
    onUpdate?.(index, state);
  };
  let next = 0;

  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      if (signal?.aborted || isSkipped?.(index)) {
        set(index, { status: 'cancelled' });
        continue;
      }
      set(index, { status: 'running' });
      // window.garage never rejects, but a throwing `send` must not stop the other workers.
      try {
        set(index, { status: 'done', result: await send(items[index] as T, index) });
      } catch (error) {
        set(index, { status: 'failed', error });
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return states;
}
