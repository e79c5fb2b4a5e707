// A clock for the simulator that only moves when a test moves it: a wake, a command attempt, an
// install step or an idle time passes in no wall-clock time at all, and exactly when the test says.
// `advance` fires the timers that fall due in time order, letting the server's I/O and promise
// chains run between them, so a timer set by a timer inside the window fires too.
import type { Clock, ClockTimer } from '../../electron/main/simulator';
import { waitFor } from './wait-for';

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

/** Lets callbacks of finished I/O and promise chains run before time moves on. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export class ManualClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly pending = new Set<Pending>();
  private readonly listeners = new Set<() => void>();

  constructor(start = Date.UTC(2026, 2, 2, 9, 0, 0)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fn: () => void): ClockTimer {
    const timer: Pending = { at: this.time + Math.max(0, ms), seq: this.seq++, fn };
    this.pending.add(timer);
    for (const listener of [...this.listeners]) listener();
    return { cancel: () => void this.pending.delete(timer) };
  }

  /** How many timers wait to fire. */
  get timers(): number {
    return this.pending.size;
  }

  /** Told each time a timer is set (a waitFor's wakeOn: the simulator has started waiting). */
  onTimer = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /**
   * Resolves once the simulator sets a timer after this call (a request reached its wake, attempt or
   * write). Needed before `advance` when the request is still on its way.
   */
  async waiting(): Promise<void> {
    let set = false;
    await waitFor(() => set, 'the simulator to wait on its clock', {
      wakeOn: (wake) => this.onTimer(() => ((set = true), wake())),
    });
  }

  /** Moves time on by `ms`, firing every timer that falls due meanwhile, in order. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      await settle();
      const next = this.nextDue(until);
      if (!next) break;
      this.pending.delete(next);
      this.time = next.at;
      next.fn();
    }
    this.time = until;
    await settle();
  }

  /**
   * Lets `work` (a request to the simulator) finish, moving time on to each timer as soon as the
   * simulator waits for one: a wake of 90 s answers at once, with the clock 90 s later. Only for
   * work that is the one thing waiting: a later timer already set would be reached before the
   * request arrives (sequence such tests with `waiting` and `advance`).
   */
  async run<T>(work: Promise<T>): Promise<T> {
    let done = false;
    const finished = work.then(
      () => void (done = true),
      () => void (done = true),
    );
    for (;;) {
      await settle();
      if (done) return work;
      const next = this.nextDue(Number.POSITIVE_INFINITY);
      if (next) {
        await this.advance(next.at - this.time);
        continue;
      }
      // Nothing to fire yet: the request is on its way, or the answer is.
      let off = () => {};
      await Promise.race([finished, new Promise<void>((resolve) => (off = this.onTimer(resolve)))]);
      off();
    }
  }

  private nextDue(until: number): Pending | null {
    let next: Pending | null = null;
    for (const timer of this.pending) {
      if (timer.at > until) continue;
      if (!next || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq)) next = timer;
    }
    return next;
  }
}
