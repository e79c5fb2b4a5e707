// How long the app lets the service's rate-limit headers hold it. A header may ask for anything
// (`RateLimit-Reset: 999999999`, a policy window of 99,999,999 s, `Retry-After: 31536000`): taken as
// said, one answer would hold every later request of the profile for years, and a timer that long
// overflows (Node fires it after 1 ms, with a TimeoutOverflowWarning, again and again). So each wait
// learned from a header is capped, the cap is said in words when it cut a wait short, and no timer
// is ever set outside what Node keeps.
import { tm } from '../i18n/main-words';

/** The longest the app waits at a time because a rate-limit header said so; then it asks again. */
export const MAX_RATE_WAIT_SECONDS = 60;

/** The longest delay a Node timer keeps (2^31 - 1 ms); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** A delay a timer can keep: finite, at least 1 ms, at most MAX_TIMER_MS. */
export function timerMs(ms: number): number {
  if (!Number.isFinite(ms)) return ms > 0 ? MAX_TIMER_MS : 1;
  return Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(ms)));
}

/** A wait the service asked for, and whether the cap cut it. */
export interface CappedWait {
  seconds: number;
  askedSeconds: number;
  capped: boolean;
}

export function capWait(askedSeconds: number): CappedWait {
  const asked = Number.isFinite(askedSeconds) ? Math.max(0, askedSeconds) : Number.MAX_VALUE;
  const seconds = Math.min(asked, MAX_RATE_WAIT_SECONDS);
  return { seconds, askedSeconds: asked, capped: asked > MAX_RATE_WAIT_SECONDS };
}

/** "30 s", "5 min", "3 h", "11,574 days": a wait in words a technician reads at a glance. */
export function waitWords(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 120) return tm('api.wait.seconds', { n: s });
  if (s < 2 * 3600) return tm('api.wait.minutes', { n: Math.round(s / 60) });
  if (s < 2 * 86_400) return tm('api.wait.hours', { n: Math.round(s / 3600) });
  const days = s / 86_400;
  return days < 1e9 ? tm('api.wait.days', { n: Math.round(days) }) : tm('api.wait.forever');
}

/** "The service asked to wait 11,574 days (RateLimit-Reset); the app waits at most 60 s at a time." */
export function cappedWaitText(askedSeconds: number, field: string): string {
  return tm('api.rate.capped', { wait: waitWords(askedSeconds), field, max: MAX_RATE_WAIT_SECONDS });
}
