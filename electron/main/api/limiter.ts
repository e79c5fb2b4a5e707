// At most `max` tasks at once; the rest wait in FIFO order. Counters are for benchmarks and tests.

export interface LimiterStats {
  inFlight: number;
  queued: number;
  maxObservedInFlight: number;
}

interface Waiter {
  start: () => void;
  fail: (err: unknown) => void;
}

export class ConcurrencyLimiter {
  readonly max: number;
  #inFlight = 0;
  #maxObserved = 0;
  readonly #queue: Waiter[] = [];
  #head = 0;

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a whole number ≥ 1');
    this.max = max;
  }

  get stats(): LimiterStats {
    return { inFlight: this.#inFlight, queued: this.queued, maxObservedInFlight: this.#maxObserved };
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get queued(): number {
    return this.#queue.length - this.#head;
  }

  get maxObservedInFlight(): number {
    return this.#maxObserved;
  }

  /** Runs `task` once a slot is free; the slot is released when the task settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  /** Fails every waiting task (e.g. on close); running tasks are left alone. */
  rejectQueued(err: unknown): void {
    const waiting = this.#queue.splice(this.#head);
    this.#queue.length = 0;
    this.#head = 0;
    for (const w of waiting) w.fail(err);
  }

  #acquire(): Promise<void> {
    if (this.#inFlight < this.max && this.queued === 0) {
      this.#take();
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ start: resolve, fail: reject });
    });
  }

  #take(): void {
    this.#inFlight++;
    if (this.#inFlight > this.#maxObserved) this.#maxObserved = this.#inFlight;
  }

  #release(): void {
    this.#inFlight--;
    if (this.queued > 0) {
      const next = this.#queue[this.#head++];
      if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
        this.#queue.splice(0, this.#head);
        this.#head = 0;
      }
      if (next) {
        this.#take();
        next.start();
      }
    }
  }
}
