// Dates and durations as a technician reads them.
const DAY_MS = 86_400_000;

export function formatDateTime(iso: string | number | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(date: Date): string {
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Whole days from `now` to `then` (negative in the past), rounded toward zero. */
export function daysBetween(now: number, then: number): number {
  return Math.trunc((then - now) / DAY_MS);
}

/** "today", "1 day ago", "12 days ago". */
export function daysAgo(iso: string, now: number = Date.now()): string {
  const days = Math.max(0, Math.floor((now - new Date(iso).getTime()) / DAY_MS));
  if (days === 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

export interface Expiry {
  date: Date;
  days: number;
  text: string;
  level: 'ok' | 'warning' | 'expired';
}

export const EXPIRY_WARNING_DAYS = 30;

/** A certificate expiry given in Unix seconds. */
export function describeExpiry(expSeconds: number, now: number = Date.now()): Expiry {
  const date = new Date(expSeconds * 1000);
  const days = daysBetween(now, date.getTime());
  if (date.getTime() <= now) {
    const ago = -days;
    return {
      date,
      days,
      level: 'expired',
      text: ago === 0 ? 'expired today' : `expired ${plural(ago, 'day')} ago`,
    };
  }
  const text = days === 0 ? 'expires today' : `expires in ${plural(days, 'day')}`;
  return { date, days, text, level: days < EXPIRY_WARNING_DAYS ? 'warning' : 'ok' };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "set_charge_limit" → "Set charge limit"; used for audit operations that are not commands. */
export function humanize(operation: string): string {
  const words = operation
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
