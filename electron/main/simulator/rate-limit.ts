// Token bucket: `perSecond` requests a second on average, bursts up to max(1, ceil(perSecond)).
// Headers follow the IETF RateLimit draft plus Retry-After on 429: by default the older drafts'
// RateLimit-Limit/-Remaining/-Reset and `RateLimit-Policy: 20;w=1`; with the 'structured' form the
// current draft's structured fields, `RateLimit: "default";r=7;t=1` and
// `RateLimit-Policy: "default";q=20;w=1`.

/** Which draft's rate-limit headers the simulator sends. */
export type RateLimitHeaderForm = 'draft' | 'structured';
export const RATE_LIMIT_HEADER_FORMS: readonly RateLimitHeaderForm[] = ['draft', 'structured'];

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

export class RateLimiter {
  private perSecond: number | null = null;
  private capacity = 1;
  private tokens = 0;
  private updatedAt = 0;

  constructor(
    perSecond: number | null,
    private readonly form: RateLimitHeaderForm = 'draft',
    /** The simulator's clock (Unix ms): the bucket refills by the time that passed on it. */
    private readonly now: () => number = Date.now,
  ) {
    this.set(perSecond);
  }

  set(perSecond: number | null): void {
    if (perSecond !== null && !(Number.isFinite(perSecond) && perSecond > 0)) {
      throw new RangeError('rate limit must be a positive number of requests per second, or null');
    }
    this.perSecond = perSecond;
    this.capacity = perSecond === null ? 1 : Math.max(1, Math.ceil(perSecond));
    this.tokens = this.capacity;
    this.updatedAt = this.now();
  }

  /** Null when rate limiting is off. */
  take(now: number = this.now()): RateDecision | null {
    const rate = this.perSecond;
    if (rate === null) return null;
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * rate);
    this.updatedAt = now;
    const allowed = this.tokens >= 1;
    if (allowed) this.tokens -= 1;
    const remaining = Math.floor(this.tokens);
    const reset = Math.max(1, Math.ceil((this.capacity - this.tokens) / rate));
    const window = Math.max(1, Math.round(this.capacity / rate));
    const headers: Record<string, string> =
      this.form === 'structured'
        ? {
            RateLimit: `"default";r=${remaining};t=${reset}`,
            'RateLimit-Policy': `"default";q=${this.capacity};w=${window}`,
          }
        : {
            'RateLimit-Limit': String(this.capacity),
            'RateLimit-Remaining': String(remaining),
            'RateLimit-Reset': String(reset),
            'RateLimit-Policy': `${this.capacity};w=${window}`,
          };
    if (!allowed) headers['Retry-After'] = String(Math.max(1, Math.ceil((1 - this.tokens) / rate)));
    return { allowed, headers };
  }
}
