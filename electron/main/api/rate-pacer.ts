// Paces a client's requests by what the service says of its rate limit, so a run of many reads
// stays under the limit instead of finding it with 429s. It learns from every answer's rate-limit
// headers (the current IETF draft's structured `RateLimit: "p";r=…;t=…` and `RateLimit-Policy:
// "p";q=…;w=…`, see rate-limit-fields.ts; the older drafts' RateLimit-Limit/-Remaining/-Reset and
// Policy `q;w=s`, or the combined `RateLimit: limit=…, remaining=…, reset=…`, or `X-RateLimit-*`)
// and models the allowance as a
// token bucket; `Retry-After` on a 429 pauses every request until it has passed. Until a service
// has said anything, nothing is held back (a run of many sends one first: see run-manager.ts).
// Commands and writes go ahead of queued reads.
import type { HeaderMap } from './errors';
import { parsePolicies, structuredLimit } from './rate-limit-fields';

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
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
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
  #rateLimited = 0;
  /** Requests let through and not yet answered: the service has not counted them all yet. */
  #unanswered = 0;
  /** Whether the service has answered once (and so said whether it limits this client). */
  #heard = false;

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
    };
  }

  /** Resolves when a request may go out; writes are let through before waiting reads. */
  acquire(priority: PacePriority = 'read'): Promise<void> {
    if (this.#writes.length + this.#reads.length === 0 && this.#tryTake()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      (priority === 'write' ? this.#writes : this.#reads).push({ resolve, reject });
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
    const now = this.#now();
    const announced = announcedLimit(headers);
    if (status === 429) {
      this.#rateLimited++;
      const retryAfter = number(first(headers, 'retry-after')) ?? announced.resetSeconds ?? 1;
      this.#pausedUntil = Math.max(this.#pausedUntil, now + retryAfter * 1000);
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
    }
    this.#learn(announced, now);
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
    for (const waiter of [...this.#writes.splice(0), ...this.#reads.splice(0)]) waiter.reject(error);
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
    if (now < this.#pausedUntil) return false;
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
  #waitMs(): number {
    const now = this.#now();
    const paused = Math.max(0, this.#pausedUntil - now);
    if (this.#capacity === null || this.#rate === null) return paused;
    this.#refill(now);
    const missing = Math.max(0, 1 - this.#tokens);
    return Math.max(paused, Math.ceil((missing / (this.#rate * this.#headroom)) * 1000));
  }

  /** How long until every request waiting now may have gone, in ms. */
  #queueWaitMs(): number {
    const waiting = this.#writes.length + this.#reads.length;
    const first = this.#waitMs();
    if (this.#rate === null || waiting <= 1) return first;
    return first + Math.ceil(((waiting - 1) / (this.#rate * this.#headroom)) * 1000);
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
          (this.#writes.shift() ?? this.#reads.shift())!.resolve();
          continue;
        }
        this.#tell(this.#queueWaitMs());
        // A Retry-After pause is a wait like the retries' (the client's sleep); pacing waits are real.
        const paused = this.#pausedUntil - this.#now();
        if (paused > 0) await this.sleepFor(paused);
        else await realSleep(Math.max(1, this.#waitMs()));
      }
    } finally {
      this.#pumping = false;
      this.#tell(null);
    }
  }
}
