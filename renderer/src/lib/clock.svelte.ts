// The window's one clock. Every age on screen ("Live", "3 minutes old", "expires in 2 days") is
// computed against it, so two things showing the same reading never disagree about its age and
// none of them stops aging while it stays on screen. It ticks only while something on screen reads
// it. Tests set the time they want instead of waiting for it to pass.
import { createSubscriber } from 'svelte/reactivity';

/** How often what reads the clock is recomputed: an age in seconds ("12 s") needs no finer. */
export const CLOCK_TICK_MS = 1000;

class Clock {
  #fixed = $state<number | null>(null);
  #subscribe = createSubscriber((update) => {
    const timer = setInterval(update, CLOCK_TICK_MS);
    return () => clearInterval(timer);
  });

  /** Epoch ms now; read inside a component or $derived, it makes them follow the clock. */
  get now(): number {
    this.#subscribe();
    return this.#fixed ?? Date.now();
  }

  /** Tests: the clock reads `at` until set again (or `reset`), and what reads it follows at once. */
  set(at: number): void {
    this.#fixed = at;
  }

  /** Back to the system clock. */
  reset(): void {
    this.#fixed = null;
  }
}

export type ClockStore = Clock;

export function createClock(): ClockStore {
  return new Clock();
}
