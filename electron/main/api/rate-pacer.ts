// Paces a client's requests by what the service says of its rate limit, so a run of many reads
// stays under the limit instead of finding it with 429s. It learns from every answer's rate-limit
// headers (the current IETF draft's structured `RateLimit: "p";r=…;t=…` and `RateLimit-Policy:
// "p";q=…;w=…`, see rate-limit-fields.ts; the older drafts' RateLimit-Limit/-Remaining/-Reset and
// Policy `q;w=s`, or the combined `RateLimit: limit=…, remaining=…, reset=…`, or `X-RateLimit-*`)
// and models the allowance as a
// token bucket; `Retry-After` on a 429 pauses every request until it has passed, and so does an
// answer that says none is left (remaining 0) until its reset, counted from when it arrived. Until a
// service has said anything, nothing is held back (a run of many sends one first: see
// run-manager.ts). Commands and writes go ahead of queued reads. Every wait taken from a header is
// capped (rate-wait.ts), and a request that would wait longer than its caller may is refused at
// once rather than held.
import type { HeaderMap } from './errors';
import { parsePolicies, structuredLimit } from './rate-limit-fields';
import { capWait, MAX_RATE_WAIT_SECONDS, timerMs } from './rate-wait';

export interface RatePacerOptions {
  /** Clock in ms; injectable for tests. */
  now?: () => number;
  /**
   * The client's sleep, which its retries use through `sleepFor`: a sleep that returns sooner than
   * asked (tests skip waits) counts as the full wait on the pacer's clock, so a Retry-After the
   * retry already waited out does not hold the pacer too. The pacer's own waits are real timers.
   */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Fraction of the announced rate actually used, so the service's clock and ours may differ by
   * a little without a 429. Default 0.97.
   */
  headroom?: number;
}

export type PacePriority = 'read' | 'write';

export interface RatePacerStats {
  /** Requests per second the pacer believes the service allows, or null while unknown. */
  ratePerSecond: number | null;
  capacity: number | null;
  /** Requests held back right now. */
  waiting: number;
  /** 429 answers seen. */
  rateLimited: number;
  /** Whether the service has answered once, and so said whether (and how) it limits this client. */
  heard: boolean;
  /**
   * A wait the last answer's headers asked for that the cap cut short (seconds asked, and which
   * field); null when it asked none the app does not keep.
   */
  askedTooLong: { seconds: number; field: string } | null;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout | null;
}

/**
 * A request the rate limit would hold longer than its caller may wait (a read's deadline, a
 * command's timeout): refused before it is sent.
 */
export class RateWaitTooLong extends Error {
  constructor(readonly waitMs: number) {
    super(`The rate limit holds requests for ${Math.ceil(waitMs / 1000)} s`);
    this.name = 'RateWaitTooLong';
  }
}

interface Announced {
  limit?: number;
  remaining?: number;
  resetSeconds?: number;
  windowSeconds?: number;
}

function first(headers: HeaderMap, name: string): string | undefined {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

function number(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** What the answer's headers announce of the rate limit (all parts optional). */
export function announcedLimit(headers: HeaderMap): Announced {
  // The current draft's structured RateLimit field, when the service sends it, says it all.
  const structured = structuredLimit(headers);
  if (structured?.remaining !== undefined) return structured;
  const combined = first(headers, 'ratelimit');
  const parts: Record<string, string> = {};
  if (combined !== undefined) {
    for (const part of combined.split(/[,;]/)) {
      const [key, value] = part.split('=').map((s) => s.trim().toLowerCase());
      if (key && value !== undefined) parts[key] = value;
    }
  }
  const pick = (name: string) =>
    number(first(headers, `ratelimit-${name}`)) ??
    number(parts[name]) ??
    number(first(headers, `x-ratelimit-${name}`));
  const announced: Announced = {
    limit: pick('limit'),
    remaining: pick('remaining'),
    resetSeconds: pick('reset'),
  };
  // RateLimit-Policy: "20;w=1" (quota 20 per 1 s window), possibly several policies: the first.
  const policy = parsePolicies(first(headers, 'ratelimit-policy'))[0];
  if (policy?.windowSeconds !== undefined) {
    announced.limit ??= policy.quota;
    announced.windowSeconds = policy.windowSeconds;
  }
  // A reset that looks like a Unix time is not a delta; it is no use for the rate.
  if (announced.resetSeconds !== undefined && announced.resetSeconds > 1_000_000_000) {
    delete announced.resetSeconds;
  }
  return announced;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RatePacer {
  readonly #clock: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  /** Time the injected sleep skipped, added to the clock. */
  #skipped = 0;
  #pumping = false;
  readonly #headroom: number;
  #rate: number | null = null;
  #capacity: number | null = null;
  #tokens = 0;
  #updatedAt = 0;
  #pausedUntil = 0;
  /** Until when an answer that said none was left holds every request (its reset). */
  #heldUntil = 0;
  #rateLimited = 0;
  /** Requests let through and not yet answered: the service has not counted them all yet. */
  #unanswered = 0;
  /** Whether the service has answered once (and so said whether it limits this client). */
  #heard = false;
  #askedTooLong: RatePacerStats['askedTooLong'] = null;

  readonly #writes: Waiter[] = [];
  readonly #reads: Waiter[] = [];
  readonly #holdListeners = new Set<(waitMs: number | null) => void>();
  /** Whether listeners were last told of a hold (so its end is told once). */
  #holding = false;

  constructor(options: RatePacerOptions = {}) {
    this.#clock = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
    this.#headroom = options.headroom ?? 0.97;
    if (!(this.#headroom > 0 && this.#headroom <= 1)) throw new RangeError('headroom must be in (0, 1]');
  }

  /** The client's sleep, keeping the pacer's clock in step with waits it skipped. */
  readonly sleepFor = async (ms: number): Promise<void> => {
    const started = this.#clock();
    await this.#sleep(ms);
    this.#skipped += Math.max(0, ms - (this.#clock() - started));
  };

  get stats(): RatePacerStats {
    return {
      ratePerSecond: this.#rate,
      capacity: this.#capacity,
      waiting: this.#writes.length + this.#reads.length,
      rateLimited: this.#rateLimited,
      heard: this.#heard,
      askedTooLong: this.#askedTooLong,
    };
  }

  /**
   * Resolves when a request may go out; writes are let through before waiting reads. One that would
   * wait longer than `maxWaitMs` (as far as the pacer can tell now, or as it turns out) is rejected
   * with RateWaitTooLong and never let through.
   */
  acquire(priority: PacePriority = 'read', maxWaitMs: number = Infinity): Promise<void> {
    if (this.#writes.length + this.#reads.length === 0 && this.#tryTake()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const queue = priority === 'write' ? this.#writes : this.#reads;
      const waiter: Waiter = { resolve, reject, timer: null };
      queue.push(waiter);
      const position = priority === 'write' ? this.#writes.length : this.#writes.length + this.#reads.length;
      const expected = this.#waitAtMs(position, 'pacing-only');
      const leave = (waitMs: number) => {
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        if (waiter.timer) clearTimeout(waiter.timer);
        reject(new RateWaitTooLong(waitMs));
      };
      if (expected > maxWaitMs) return leave(expected);
      if (Number.isFinite(maxWaitMs)) {
        waiter.timer = setTimeout(() => leave(this.#waitAtMs(1)), timerMs(maxWaitMs));
        waiter.timer.unref?.();
      }
      // One more waiting: the hold lasts longer than was told.
      if (this.#pumping && this.#holding) this.#tell(this.#queueWaitMs());
      void this.#pump();
    });
  }

  /** A request that was let through ended without an answer (network failure, timeout). */
  unanswered(): void {
    this.#unanswered = Math.max(0, this.#unanswered - 1);
  }

  /** Learns from an answer's status and headers (call for every answer, errors included). */
  observe(status: number, headers: HeaderMap): void {
    this.#heard = true;
    this.unanswered();
    // What this answer asks is what the window is told of, not what an older one asked.
    this.#askedTooLong = null;
    const now = this.#now();
    const announced = announcedLimit(headers);
    if (status === 429) {
      this.#rateLimited++;
      const retryAfter = number(first(headers, 'retry-after'));
      const wait = this.#capped(
        retryAfter ?? announced.resetSeconds ?? 1,
        retryAfter !== undefined ? 'Retry-After' : 'RateLimit reset',
      );
      this.#pausedUntil = Math.max(this.#pausedUntil, now + wait * 1000);
      this.#refill(now);
      this.#tokens = 0;
      // With nothing to derive the rate from, a 429 means the rate we guessed was too high.
      const derivable = announced.windowSeconds !== undefined || announced.resetSeconds !== undefined;
      if (!derivable && this.#rate !== null) this.#rate *= 0.8;
    } else if (announced.limit === undefined && announced.remaining === undefined) {
      // An answer that announces no limit: the service (no longer) limits this client.
      this.#capacity = null;
      this.#rate = null;
      return;
    } else if (announced.remaining === 0 && announced.resetSeconds !== undefined) {
      // None left until the reset: nothing goes before it, counted from this answer's arrival. A
      // pacing wait (a real timer), not a Retry-After pause taken with the client's sleep.
      const wait = this.#capped(announced.resetSeconds, 'RateLimit reset');
      this.#heldUntil = Math.max(this.#heldUntil, now + wait * 1000);
    }
    this.#learn(announced, now);
  }

  /** A wait a header asked for, in seconds, as the app keeps it: capped, the cap remembered. */
  #capped(askedSeconds: number, field: string): number {
    const wait = capWait(askedSeconds);
    // The longest an answer asked is the one to tell of (a reset and the rate it implies are one ask).
    if (wait.capped && wait.askedSeconds > (this.#askedTooLong?.seconds ?? 0)) {
      this.#askedTooLong = { seconds: wait.askedSeconds, field };
    }
    return wait.seconds;
  }

  /**
   * Tells the listener whenever the pacer holds requests back: how long until the last one waiting
   * now may go (ms), and null once none waits. Whoever's requests wait learns it is waiting for the
   * rate limit, whether the limit was learned just now or long before. Returns the unsubscribe.
   */
  onHold(listener: (waitMs: number | null) => void): () => void {
    this.#holdListeners.add(listener);
    return () => this.#holdListeners.delete(listener);
  }

  /** Fails every waiting request (the client is closing). */
  rejectWaiting(error: unknown): void {
    for (const waiter of [...this.#writes.splice(0), ...this.#reads.splice(0)]) {
      if (waiter.timer) clearTimeout(waiter.timer);
      waiter.reject(error);
    }
  }

  #now(): number {
    return this.#clock() + this.#skipped;
  }

  #learn(announced: Announced, now: number): void {
    const { limit, remaining, resetSeconds, windowSeconds } = announced;
    if (limit === undefined || limit < 1) return;
    let rate: number | null = null;
    if (windowSeconds !== undefined && windowSeconds > 0) rate = limit / windowSeconds;
    else if (resetSeconds !== undefined && resetSeconds > 0 && remaining !== undefined && remaining < limit) {
      // Without a policy: the bucket refills what is missing in `reset` seconds.
      rate = (limit - remaining) / resetSeconds;
    }
    // One request at least every MAX_RATE_WAIT_SECONDS (headroom included), whatever window or
    // reset was announced.
    const slowest = 1 / (MAX_RATE_WAIT_SECONDS * this.#headroom);
    if (rate !== null && rate < slowest) {
      if (windowSeconds !== undefined) this.#capped(windowSeconds, 'RateLimit-Policy window');
      else this.#capped(resetSeconds ?? 1 / rate, 'RateLimit reset');
      rate = slowest;
    }
    const firstTime = this.#capacity === null;
    this.#refill(now);
    this.#capacity = limit;
    if (rate !== null)
      this.#rate = this.#rate === null || windowSeconds !== undefined ? rate : Math.min(this.#rate, rate);
    else this.#rate ??= limit; // a guess of one window per second, corrected by the next 429
    // Requests sent before anything was known may not have reached the service yet: count them.
    if (firstTime) this.#tokens = (remaining ?? limit) - this.#unanswered;
    // The service's count is the truth when it says less than we thought (other clients share it).
    else if (remaining !== undefined) this.#tokens = Math.min(this.#tokens, remaining);
    this.#tokens = Math.min(this.#tokens, this.#capacity);
  }

  #refill(now: number): void {
    if (this.#rate !== null && this.#capacity !== null) {
      const elapsed = Math.max(0, now - this.#updatedAt) / 1000;
      this.#tokens = Math.min(this.#capacity, this.#tokens + elapsed * this.#rate * this.#headroom);
    }
    this.#updatedAt = now;
  }

  #tryTake(): boolean {
    const now = this.#now();
    if (now < this.#pausedUntil || now < this.#heldUntil) return false;
    if (this.#capacity === null) {
      this.#unanswered++;
      return true;
    }
    this.#refill(now);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    this.#unanswered++;
    return true;
  }

  /** How long until the next request may go, in ms. */
  #waitMs(pause: 'with-pause' | 'pacing-only' = 'with-pause'): number {
    const now = this.#now();
    const pausedMs = Math.max(0, this.#pausedUntil - now);
    const heldMs = Math.max(0, this.#heldUntil - now);
    let tokenMs = 0;
    if (this.#capacity !== null && this.#rate !== null) {
      this.#refill(now);
      const missing = Math.max(0, 1 - this.#tokens);
      tokenMs = Math.ceil((missing / (this.#rate * this.#headroom)) * 1000);
    }
    // The allowance refills during a pause: what is left of its wait after the pause is pacing.
    return pause === 'with-pause'
      ? Math.max(pausedMs, heldMs, tokenMs)
      : Math.max(heldMs, tokenMs - pausedMs);
  }

  /** How long until every request waiting now may have gone, in ms. */
  #queueWaitMs(): number {
    return this.#waitAtMs(this.#writes.length + this.#reads.length);
  }

  /**
   * How long until the request at `position` (1: the next to go) may go, in ms. 'pacing-only'
   * leaves a Retry-After pause out: that one is the client's sleep, whose length is its own (tests
   * skip it), so only the real timers' part can be weighed against a deadline in advance.
   */
  #waitAtMs(position: number, pause: 'with-pause' | 'pacing-only' = 'with-pause'): number {
    const first = this.#waitMs(pause);
    if (this.#rate === null || position <= 1) return first;
    return first + Math.ceil(((position - 1) / (this.#rate * this.#headroom)) * 1000);
  }

  #tell(waitMs: number | null): void {
    if (waitMs === null && !this.#holding) return;
    this.#holding = waitMs !== null;
    for (const listener of this.#holdListeners) {
      try {
        listener(waitMs);
      } catch {
        // A listener's failure is its own; the requests still go.
      }
    }
  }

  /** One loop lets waiting requests go as the allowance refills; it ends when none wait. */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#writes.length + this.#reads.length > 0) {
        if (this.#tryTake()) {
          const waiter = (this.#writes.shift() ?? this.#reads.shift())!;
          if (waiter.timer) clearTimeout(waiter.timer);
          waiter.resolve();
          continue;
        }
        this.#tell(this.#queueWaitMs());
        // A Retry-After pause is a wait like the retries' (the client's sleep); pacing waits are real.
        // Both are capped where learned; the timers are kept in what Node can hold all the same.
        const paused = this.#pausedUntil - this.#now();
        if (paused > 0) await this.sleepFor(timerMs(paused));
        else await realSleep(timerMs(this.#waitMs()));
      }
    } finally {
      this.#pumping = false;
      this.#tell(null);
    }
  }
}
