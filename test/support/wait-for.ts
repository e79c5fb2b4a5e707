// The tests' one way to wait for something that happens later. A test names what it waits for, so
// a time-out says what never came; it waits on an event when the thing it watches has one (the
// probe is asked again on each event, and not in between), and otherwise asks again every few
// milliseconds. Never a fixed sleep: the wait ends as soon as the probe holds.

/** Stops listening. */
type Unsubscribe = () => void;

export interface WaitOptions<E> {
  /** How long to wait before failing; the test's own time-out still applies. */
  timeoutMs?: number;
  /** How often to ask again when no event wakes the wait. */
  intervalMs?: number;
  /**
   * Subscribes to the events after which the probe may hold (core.events.subscribe, a page's
   * console, an emitter): the probe is asked once at once, then after each event, with it.
   */
  wakeOn?: (wake: (event?: E) => void) => Unsubscribe;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_INTERVAL_MS = 20;

/** A probe's "not yet": false, null or undefined (or a throw, kept for the time-out's message). */
type Held<T> = Exclude<T, false | null | undefined>;

/**
 * Resolves with the probe's first answer that is not false, null or undefined. A probe that throws
 * (an `expect` that does not hold yet) is asked again; if the time runs out, the error names `what`
 * and carries the probe's last error. Subscribes before it returns, so an event fired by the next
 * line of the test is seen.
 */
export function waitFor<T, E = never>(
  probe: (event?: E) => T | Promise<T>,
  what: string,
  options: WaitOptions<E> = {},
): Promise<Held<T>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  return new Promise<Held<T>>((resolve, reject) => {
    let done = false;
    let asking = false;
    let lastError: unknown;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Events that came while a probe ran: each is shown to the probe, in order.
    const pending: (E | undefined)[] = [];
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      unsubscribe?.();
      settle();
    };
    const ask = async (): Promise<void> => {
      asking = true;
      while (pending.length > 0 && !done) {
        try {
          const answer = await probe(pending.shift());
          if (answer !== false && answer !== null && answer !== undefined) {
            finish(() => resolve(answer as Held<T>));
          }
        } catch (error) {
          lastError = error;
        }
      }
      asking = false;
      if (!done && !options.wakeOn) {
        timer = setTimeout(() => {
          pending.push(undefined);
          void ask();
        }, intervalMs);
      }
    };
    const deadline = setTimeout(() => {
      const last = lastError instanceof Error ? `; last: ${lastError.message}` : '';
      finish(() =>
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last}`, { cause: lastError })),
      );
    }, timeoutMs);
    pending.push(undefined);
    const unsubscribe: Unsubscribe | undefined = options.wakeOn?.((event) => {
      pending.push(event);
      if (!asking) void ask();
    });
    if (!asking) void ask();
  });
}

/** Turns an assertion into a probe for waitFor: it holds once the assertion passes. */
export function passes(assertion: () => unknown): () => Promise<true> {
  return async () => {
    await assertion();
    return true;
  };
}

interface Emitter {
  on(name: string, listener: (...args: unknown[]) => void): unknown;
  off(name: string, listener: (...args: unknown[]) => void): unknown;
}

/** Wakes a wait on each `name` event of a Node-style emitter (its first argument is the event). */
export function onEmitted<E>(emitter: Emitter, name: string): (wake: (event?: E) => void) => Unsubscribe {
  return (wake) => {
    const listener = (...args: unknown[]) => wake(args[0] as E);
    emitter.on(name, listener);
    return () => void emitter.off(name, listener);
  };
}

/** A probe for waitFor's events: it holds on the first event `predicate` accepts, and gives it. */
export function matching<E, M extends E>(predicate: (event: E) => event is M): (event?: E) => M | null;
export function matching<E>(predicate: (event: E) => boolean): (event?: E) => E | null;
export function matching<E>(predicate: (event: E) => boolean): (event?: E) => E | null {
  return (event) => (event !== undefined && predicate(event) ? event : null);
}
