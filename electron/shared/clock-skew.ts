// How far ahead of this machine's clock a saved time may be and still count as "just now". Two
// clocks (or one clock before and after it was corrected) never agree to the second; a time further
// ahead than this was written by a wrong clock, so nothing dated by it has a known age.

export const CLOCK_SKEW_MS = 2 * 60_000;

/** Whether `at` (ISO text or epoch ms) lies further in the future than clocks disagree. */
export function isFutureDated(at: string | number, now: number): boolean {
  const time = typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(time) && time - now > CLOCK_SKEW_MS;
}
