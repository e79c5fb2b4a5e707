// Token bucket: `perSecond` requests a second on average, bursts up to max(1, ceil(perSecond)).
// Headers follow the IETF RateLimit draft (RateLimit-Limit/-Remaining/-Reset) plus Retry-After on 429.

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

export class RateLimiter {
  private perSecond: number | null = null;
  private capacity = 1;
  private tokens = 0;
  private updatedAt = 0;

  constructor(perSecond: number | null) {
    this.set(perSecond);
  }

  set(perSecond: number | null): void {
    if (perSecond !== null && !(Number.isFinite(perSecond) && perSecond > 0)) {
      throw new RangeError('rate limit must be a positive number of requests per second, or null');
    }
    this.perSecond = perSecond;
    this.capacity = perSecond === null ? 1 : Math.max(1, Math.ceil(perSecond));
    this.tokens = this.capacity;
    this.updatedAt = Date.now();
  }

  /** Null when rate limiting is off. */
  take(now: number = Date.now()): RateDecision | null {
    const rate = this.perSecond;
    if (rate === null) return null;
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * rate);
    this.updatedAt = now;
    const allowed = this.tokens >= 1;
    if (allowed) this.tokens -= 1;
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(this.capacity),
      'RateLimit-Remaining': String(Math.floor(this.tokens)),
      'RateLimit-Reset': String(Math.max(1, Math.ceil((this.capacity - this.tokens) / rate))),
      'RateLimit-Policy': `${this.capacity};w=${Math.max(1, Math.round(this.capacity / rate))}`,
    };
    if (!allowed) headers['Retry-After'] = String(Math.max(1, Math.ceil((1 - this.tokens) / rate)));
    return { allowed, headers };
  }
}
