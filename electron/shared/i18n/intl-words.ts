// Amounts of time, lists and relative times written by Intl in the locale's own words and digits:
// "3 minutes" / "3 Minuten", "in 3 days" / "in 3 Tagen", "a, b and c" / "a, b und c".

export type TimeUnit = 'second' | 'minute' | 'hour' | 'day';

/** "1 day", "3 minutes", "1,000 days" (or "3 min", "2 hr" short), in the locale's words. */
export function amountOfTime(
  n: number,
  unit: TimeUnit,
  locale: string | undefined,
  display: 'long' | 'short' = 'long',
): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: display }).format(n);
}

/** "in 3 days" / "3 days ago" (always numeric: "in 1 day", never "tomorrow"). */
export function relativeTime(n: number, unit: TimeUnit, locale: string | undefined): string {
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(n, unit);
}

/** "a, b and c" / "a, b und c". */
export function listText(items: readonly string[], locale: string | undefined): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
}

/**
 * "Nov 28, 2026, 10:00 AM" / "28.11.2026, 10:00": a moment on this computer's clock, in the locale's
 * own form; the text as it came when it is not a time.
 */
export function dateTimeText(iso: string, locale: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
