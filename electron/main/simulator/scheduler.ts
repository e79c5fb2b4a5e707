// Every timer the simulator starts goes through here, so stop() can cancel them all and never leave
// the process held open by a pending wake, delayed command or latency wait.

export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  /** Resolves after `ms`; never resolves once stop() has run (its waiter is simply dropped). */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }

  later(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
