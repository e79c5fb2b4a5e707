// Waits a run can cut short: a cancel or a stop ends them at once, so nothing waits on a run that
// no longer goes on (a rate limit's pause, a wake-up under way, the reads after an accepted command).

/** Waits `ms` unless `signal` aborts first; true when it did (the wait was cut short). */
export function waitUnlessStopped(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(true);
    if (ms <= 0) return resolve(false);
    const done = (stopped: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(stopped);
    };
    const onAbort = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** `work`'s answer, or null as soon as `signal` aborts (the work goes on, unwatched). */
export function unlessStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
