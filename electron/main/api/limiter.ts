// At most `max` tasks at once; the rest wait, first come first served. Two classes of task share
// the slots: reads, which may take any free slot, and the rest (commands, writes), which may never
// take the last `reservedForReads` slots. So a read asked while commands wait on sleeping cars
// starts at once instead of queueing behind them. Counters are for benchmarks and tests.

export interface LimiterStats {
  inFlight: number;
  queued: number;
  maxObservedInFlight: number;
}

export type TaskClass = 'read' | 'other';

export interface RunOptions {
  /** Default 'other'. */
  taskClass?: TaskClass;
  /** Aborting while the task still waits for a slot fails it with the signal's reason. */
  signal?: AbortSignal;
}

interface Waiter {
  taskClass: TaskClass;
  start: () => void;
  fail: (err: unknown) => void;
}

export class ConcurrencyLimiter {
  readonly max: number;
  readonly reservedForReads: number;
  #inFlight = 0;
  #otherInFlight = 0;
  #maxObserved = 0;
  /** Waiting tasks in arrival order. Short in practice: a bulk run queues at most its vehicles. */
  #queue: Waiter[] = [];
  readonly #queuedOf: Record<TaskClass, number> = { read: 0, other: 0 };

  constructor(max: number, reservedForReads = 0) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a whole number ≥ 1');
    if (!Number.isInteger(reservedForReads) || reservedForReads < 0 || reservedForReads >= max) {
      throw new RangeError('reservedForReads must be a whole number below max');
    }
    this.max = max;
    this.reservedForReads = reservedForReads;
  }

  get stats(): LimiterStats {
    return { inFlight: this.#inFlight, queued: this.queued, maxObservedInFlight: this.#maxObserved };
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get queued(): number {
    return this.#queue.length;
  }

  get maxObservedInFlight(): number {
    return this.#maxObserved;
  }

  /** Runs `task` once a slot of its class is free; the slot is released when the task settles. */
  async run<T>(task: () => Promise<T>, options: RunOptions = {}): Promise<T> {
    const taskClass = options.taskClass ?? 'other';
    await this.#acquire(taskClass, options.signal);
    try {
      return await task();
    } finally {
      this.#release(taskClass);
    }
  }

  /** Fails every waiting task (e.g. on close); running tasks are left alone. */
  rejectQueued(err: unknown): void {
    const waiting = this.#queue;
    this.#queue = [];
    this.#queuedOf.read = 0;
    this.#queuedOf.other = 0;
    for (const w of waiting) w.fail(err);
  }

  #canStart(taskClass: TaskClass): boolean {
    if (this.#inFlight >= this.max) return false;
    return taskClass === 'read' || this.#otherInFlight < this.max - this.reservedForReads;
  }

  #acquire(taskClass: TaskClass, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    // Nobody of the same class may be overtaken.
    if (this.#canStart(taskClass) && this.#queuedOf[taskClass] === 0) {
      this.#take(taskClass);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.#queue.indexOf(waiter);
        if (at >= 0) {
          this.#queue.splice(at, 1);
          this.#queuedOf[taskClass]--;
        }
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        taskClass,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
      this.#queuedOf[taskClass]++;
    });
  }

  #take(taskClass: TaskClass): void {
    this.#inFlight++;
    if (taskClass === 'other') this.#otherInFlight++;
    if (this.#inFlight > this.#maxObserved) this.#maxObserved = this.#inFlight;
  }

  #release(taskClass: TaskClass): void {
    this.#inFlight--;
    if (taskClass === 'other') this.#otherInFlight--;
    // The earliest waiter that may start now; a command held back by the reserve lets reads pass.
    for (let i = 0; i < this.#queue.length && this.#inFlight < this.max;) {
      const next = this.#queue[i]!;
      if (!this.#canStart(next.taskClass)) {
        i++;
        continue;
      }
      this.#queue.splice(i, 1);
      this.#queuedOf[next.taskClass]--;
      this.#take(next.taskClass);
      next.start();
    }
  }
}
