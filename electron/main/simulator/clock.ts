// The simulator's one source of time: what time it is and when a timer fires. Every delay (wake,
// command attempt, latency, install, sync) and every "now" the simulator reads comes from here, so
// a test can hand it a clock it moves itself and never wait on the wall clock. The CLI, the demo
// garage and the benchmarks use the system's.

export interface Clock {
  /** Unix ms. */
  now(): number;
  /** Calls `fn` once `ms` have passed on this clock; the handle cancels it. */
  setTimer(ms: number, fn: () => void): ClockTimer;
}

export interface ClockTimer {
  cancel(): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const timer = setTimeout(fn, ms);
    return { cancel: () => clearTimeout(timer) };
  },
};
