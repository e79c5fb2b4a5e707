// Retry policy of reads (telemetry config, release notes). Commands and writes never come here:
// the service itself retries them up to max_attempts, and a re-send could act twice.
import { AppError } from '../../shared/result';

export interface RetryPolicy {
  /** Retries after the first attempt (2 → at most 3 requests). */
  maxRetries: number;
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is returned at once. */
  maxRetryAfterSeconds: number;
  /** 0 ≤ random() < 1, for jitter; injectable for tests. */
  random?: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 250,
  maxRetryAfterSeconds: 30,
};

const RETRYABLE = new Set(['network', 'server_error', 'rate_limited']);

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/** Exponential backoff with jitter: base × 2^retry × [0.75, 1.25). */
export function backoffMs(retry: number, policy: RetryPolicy): number {
  const r = (policy.random ?? Math.random)();
  return Math.round(policy.baseDelayMs * 2 ** retry * (0.75 + 0.5 * r));
}

/** `retry` is how many retries were already made (0 after the first failure). */
export function retryDecision(error: unknown, retry: number, policy: RetryPolicy): RetryDecision {
  if (!(error instanceof AppError) || !RETRYABLE.has(error.kind)) return { retry: false };
  if (retry >= policy.maxRetries) return { retry: false };
  const after = error.info.retryAfterSeconds;
  if (error.kind === 'rate_limited' && after !== undefined) {
    if (after > policy.maxRetryAfterSeconds) return { retry: false };
    if (after > 0) return { retry: true, delayMs: after * 1000 };
  }
  return { retry: true, delayMs: backoffMs(retry, policy) };
}

/** How long a read may take in all, attempts and waits included. */
export interface RetryBudget {
  /** Milliseconds left before the read's deadline. */
  remainingMs: () => number;
}

/**
 * Runs `attempt` and retries it per the policy, sleeping with `sleep` in between. With a budget, a
 * wait that would end past the deadline is not made: the last error is returned at once (a 429
 * asking for 30 s fails a read with 15 s left now, rather than in 30 s, or 60 s after two).
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  sleep: (ms: number) => Promise<void>,
  budget?: RetryBudget,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const decision = retryDecision(error, retry, policy);
      if (!decision.retry) throw error;
      if (budget && decision.delayMs >= budget.remainingMs()) throw error;
      await sleep(decision.delayMs);
      // A wait that overran the deadline (a busy machine) still reports what went wrong, not a timeout.
      if (budget && budget.remainingMs() <= 0) throw error;
    }
  }
}

export function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
