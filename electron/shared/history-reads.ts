// Which of a car's reads are its history, and the options each is read with, so that a whole-garage
// history refresh in main fills the very cache entries the car's views read later (offline too).
// None of them wakes a car.
import type { ReadOptionsOf } from './vehicle-read-schemas';

const DAY_S = 86_400;

/**
 * The pack's health over the last year, one measurement a day. The window keeps to whole days (to
 * the end of today), so every read of one day asks for, and is cached as, the same window.
 */
export function batteryHealthYear(nowMs: number): { from: number; to: number } {
  const to = (Math.floor(nowMs / 1000 / DAY_S) + 1) * DAY_S;
  return { from: to - 366 * DAY_S, to };
}

/** The history reads a whole-garage refresh asks again for each car, in the order asked. */
export const HISTORY_READS = ['batteryHealth', 'charges', 'idles', 'firmwareAlerts'] as const;
export type HistoryReadName = (typeof HISTORY_READS)[number];

/** The options a history read is asked with (the car's views ask the same, so one entry serves both). */
export function historyReadOptions<Name extends HistoryReadName>(
  name: Name,
  nowMs: number,
): ReadOptionsOf<Name> {
  return (name === 'batteryHealth' ? batteryHealthYear(nowMs) : {}) as ReadOptionsOf<Name>;
}
