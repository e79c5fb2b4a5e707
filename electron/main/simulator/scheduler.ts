// Every timer the simulator starts goes through here, so stop() can cancel them all and never leave
// the process held open by a pending wake, delayed command or latency wait. Time is the clock's
// (clock.ts): the system's, or one a test moves by hand.
import { systemClock, type Clock, type ClockTimer } from './clock';

export class Scheduler {
  private readonly timers = new Set<ClockTimer>();
  private stopped = false;

  constructor(private readonly clock: Clock = systemClock) {}

  /** Unix ms on this simulator's clock. */
  now(): number {
    return this.clock.now();
  }

  /** Resolves after `ms`; never resolves once stop() has run (its waiter is simply dropped). */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }

  later(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const timer = this.clock.setTimer(ms, () => {
      this.timers.delete(timer);
      fn();
    });
    this.timers.add(timer);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) t.cancel();
    this.timers.clear();
  }
}
