// Dates, durations and numbers as a technician reads them, in the window's locale (i18n.svelte.ts):
// Intl writes the digits, the dates and the units of time; the catalogs the sentences around them.
import { CLOCK_SKEW_MS, isFutureDated } from '../../../electron/shared/clock-skew';
import { agoForAge } from '../../../electron/shared/age-words';
import { amountOfTime, relativeTime, type TimeUnit } from '../../../electron/shared/i18n/intl-words';
import { distanceIn, temperatureIn } from '../../../electron/shared/regional-units';
import { formatLocale, t } from './i18n.svelte';

/** The locale for dates and numbers, read on each call so a change of language shows at once. */
const locale = () => formatLocale();

/** The locale numbers are written in (the OS's, when main told it). */
export function displayLocaleTag(): string | undefined {
  return locale();
}

const DAY_MS = 86_400_000;

export function formatDateTime(iso: string | number | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** With seconds, for events that can be seconds apart (history). */
export function formatDateTimeSeconds(iso: string | number | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'medium' });
}

export function formatDate(date: Date): string {
  return date.toLocaleDateString(locale(), { dateStyle: 'medium' });
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleTimeString(locale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** The clock time now, as `formatTime` words it ("what was seen when"). */
export function formatTimeNow(): string {
  return formatTime(new Date().toISOString());
}

/**
 * Calendar days from `now` to `then` in the local time zone (negative in the past): the 26th is
 * 3 days from any time on the 23rd, as a technician counts them on a wall calendar.
 */
export function daysBetween(now: number, then: number): number {
  const midnight = (t: number) => {
    const d = new Date(t);
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  };
  return Math.round((midnight(then) - midnight(now)) / DAY_MS);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** What is said instead of an age for a time in the future (beyond clock skew): a clock was wrong. */
export function unknownAge(): string {
  return t('age.unknown');
}

/**
 * Milliseconds since `at`, or null when its age is unknown: not a time, or later than now by more
 * than clocks disagree (a copy saved under a wrong clock is not "less than a minute old").
 */
export function ageOf(at: string | number, now: number): number | null {
  const time = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(time) || isFutureDated(time, now)) return null;
  return Math.max(0, now - time);
}

/**
 * A duration in the largest whole unit a technician reads at a glance: "less than a minute", "3
 * minutes", "5 hours", "2 days". Callers check ageOf first; an age that is not one (a time too far
 * in the future) is never shown as a small one.
 */
export function ageText(ms: number): string {
  if (!Number.isFinite(ms) || ms < -CLOCK_SKEW_MS) return t('age.unknownTime');
  return ageIn(ms, 'long');
}

/** ageText in the short units a row has room for: "14 min", "2 hr", "3 days", "under 1 min". */
function shortAgeText(ms: number): string {
  return ageIn(ms, 'short');
}

/** The age `ms` in its largest whole unit, written long or short; under a minute said as such. */
function ageIn(ms: number, display: 'long' | 'short'): string {
  const age = Math.max(0, ms);
  if (age < MINUTE_MS)
    return display === 'long'
      ? t('age.lessThanMinute')
      : t('ageShort.underMinute', { minute: amountOfTime(1, 'minute', locale(), 'short') });
  const [n, unit]: [number, TimeUnit] =
    age < HOUR_MS
      ? [Math.floor(age / MINUTE_MS), 'minute']
      : age < DAY_MS
        ? [Math.floor(age / HOUR_MS), 'hour']
        : [Math.floor(age / DAY_MS), 'day'];
  return amountOfTime(n, unit, locale(), display);
}

/** Saved data older than this is shown muted: it may no longer describe the car. */
export const OLD_DATA_MS = HOUR_MS;

/** A reading (what the car measured) older than this is marked old, however it reached the screen. */
export const OLD_READING_MS = DAY_MS;

export interface DataAge {
  /** The one vocabulary for where shown data comes from. */
  kind: 'live' | 'saved' | 'offline';
  /** "Live", "Saved copy, 3 minutes old", "Offline: saved copy from Nov 20, 2026, 12:57 AM". */
  text: string;
  /**
   * The same source and age in the few words a garage row has room for: "Live", "3 min old",
   * "Saved · 3 min old", "Offline · 2 days old". Made here with `text`, from the same age, so a
   * row and the status strip beside it never say two things of one reading.
   */
  short: string;
  /** True when it is a saved copy old enough to be doubted, or of unknown age. */
  old: boolean;
  /** True when the copy is dated in the future: nobody knows how old it is. */
  unknownAge: boolean;
}

/**
 * How long a reading stays "Live": the service answered it this recently (by the window's clock)
 * and the service still answers. Past it the same answer is said with its age, so a screen left
 * open never claims to be current. The list's ages step from "less than a minute" at the same point.
 */
export const LIVE_MS = MINUTE_MS;

/**
 * "Live" while the service answered under LIVE_MS ago and can still be reached; "Latest from the
 * service, N minutes old" after that; "saved copy, N minutes old" when a recent local copy was served
 * on purpose; "offline: saved copy from <time>" when the copy stands in for a failed read.
 *
 * With `asOf` (the reading's own time: a state's section timestamps, a tyre measurement), the age
 * is the reading's, not the fetch's: a live answer that returns a reading five days old is "5 days
 * old", never "Live", and any reading older than a day is old whichever path brought it. `online`
 * false (main says the service cannot be reached now) makes no reading live, however recent.
 */
/** A colleague's read shared through the shop: the typed name, and the database role beside it. */
type ReadBy = { technician: string; role: string };

/** "Ana", or "Ana (garage_ana)" where the role is not the typed name. */
function readerText(by: ReadBy): string {
  return by.role && by.role !== by.technician
    ? t('board.who', { name: by.technician, role: by.role })
    : by.technician;
}

export function dataAge(
  meta: { source: 'live' | 'cache'; fetchedAt: string; stale?: unknown; futureDated?: true; readBy?: ReadBy },
  now: number = Date.now(),
  asOf: string | null = null,
  online = true,
): DataAge {
  const readAt = asOf !== null && Number.isFinite(new Date(asOf).getTime()) ? asOf : null;
  // A reading dated ahead of this clock has no age anyone knows: never a small one.
  const age = readAt !== null ? ageOf(readAt, now) : meta.futureDated ? null : ageOf(meta.fetchedAt, now);
  const words = readAt !== null ? readingAge(meta, age, online) : fetchAge(meta, age, online);
  return { ...words, short: shortWords(words, age) };
}

/**
 * The short form of `words` for data `age` ms old (null: unknown): "Live" only when the long form
 * is, else the age, after "Saved" or "Offline" when a copy was shown.
 */
function shortWords(words: Omit<DataAge, 'short'>, age: number | null): string {
  // "Live" is the whole of the long form while it is true: the short form is that word too.
  if (words.text === t('data.live')) return words.text;
  const told = age === null ? t('ageShort.unknown') : t('ageShort.old', { age: shortAgeText(age) });
  if (words.kind === 'saved') return t('ageShort.saved', { age: told });
  if (words.kind === 'offline') return t('ageShort.offline', { age: told });
  return told;
}

/** The words of dataAge for data whose own time is unknown, aged from when it was read. */
function fetchAge(
  meta: { source: 'live' | 'cache'; fetchedAt: string; stale?: unknown; readBy?: ReadBy },
  age: number | null,
  online: boolean,
): Omit<DataAge, 'short'> {
  if (meta.source === 'live') return liveAge(age, false, online);
  const unknown = age === null;
  const old = age === null || age > OLD_DATA_MS;
  // A colleague's fresh answer: whose it is and how old, never "Live" (this app did not ask).
  if (meta.readBy && !meta.stale && age !== null)
    return {
      kind: 'saved',
      text: t('data.readBy', { who: readerText(meta.readBy), ago: agoForAge(age, t) }),
      old,
      unknownAge: false,
    };
  if (meta.stale) {
    const time = formatDateTime(meta.fetchedAt);
    const text = unknown
      ? t('data.offlineFromUnknown', { time, unknown: unknownAge() })
      : t('data.offlineFrom', { time });
    return { kind: 'offline', text, old, unknownAge: unknown };
  }
  const text =
    age === null
      ? t('data.savedUnknown', { unknown: unknownAge() })
      : t('data.savedAge', { age: ageText(age) });
  return { kind: 'saved', text, old, unknownAge: unknown };
}

/** The words of a live answer `age` ms old: of the reading's own time, or of when it was read. */
function liveAge(age: number | null, ofReading: boolean, online: boolean): Omit<DataAge, 'short'> {
  if (age !== null && age < LIVE_MS && online)
    return { kind: 'live', text: t('data.live'), old: false, unknownAge: false };
  const told =
    age === null
      ? ofReading
        ? t('data.readingUnknown', { unknown: unknownAge() })
        : unknownAge()
      : ofReading
        ? t('data.readingAge', { age: ageText(age) })
        : t('common.ageOld', { age: ageText(age) });
  const latest = t('data.latestReading', { reading: told });
  if (age === null) return { kind: 'live', text: latest, old: true, unknownAge: true };
  if (!online)
    return { kind: 'live', text: t('status.unreachable', { ago: latest }), old: true, unknownAge: false };
  return {
    kind: 'live',
    text: latest,
    old: age > (ofReading ? OLD_READING_MS : OLD_DATA_MS),
    unknownAge: false,
  };
}

/** The words of dataAge for a reading `age` ms old, null when dated in the future (see there). */
function readingAge(
  meta: { source: 'live' | 'cache'; stale?: unknown; readBy?: ReadBy },
  age: number | null,
  online: boolean,
): Omit<DataAge, 'short'> {
  if (age === null) return unknownReadingAge(meta);
  const old = age > OLD_READING_MS;
  const reading = t('data.readingAge', { age: ageText(age) });
  const unknownAge = false;
  if (meta.source === 'live') return liveAge(age, true, online);
  if (meta.stale)
    return {
      kind: 'offline',
      text: t('data.offlineReading', { reading }),
      old: old || age > OLD_DATA_MS,
      unknownAge,
    };
  if (meta.readBy)
    return {
      kind: 'saved',
      text: t('data.readByReading', { who: readerText(meta.readBy), reading }),
      old: old || age > OLD_DATA_MS,
      unknownAge,
    };
  return {
    kind: 'saved',
    text: t('data.savedReading', { reading }),
    old: old || age > OLD_DATA_MS,
    unknownAge,
  };
}

/** The words of dataAge for a reading dated in the future: its age is unknown, so it counts as old. */
function unknownReadingAge(meta: { source: 'live' | 'cache'; stale?: unknown }): Omit<DataAge, 'short'> {
  const reading = t('data.readingUnknown', { unknown: unknownAge() });
  if (meta.source === 'live')
    return { kind: 'live', text: t('data.latestReading', { reading }), old: true, unknownAge: true };
  if (meta.stale)
    return { kind: 'offline', text: t('data.offlineReading', { reading }), old: true, unknownAge: true };
  return { kind: 'saved', text: t('data.savedReading', { reading }), old: true, unknownAge: true };
}

const INTERVAL_UNITS: [number, TimeUnit][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** A telemetry interval in seconds as words: 86400 → "1 day", 90 → "1 minute 30 seconds". */
export function intervalText(seconds: number): string {
  // Not an interval at all: the raw figure with its unit's symbol, as the service sent it.
  if (!Number.isFinite(seconds) || seconds < 0) return `${seconds} s`;
  if (seconds === 0) return timeAmount(0, 'second');
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [size, unit] of INTERVAL_UNITS) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(timeAmount(n, unit));
    rest -= n * size;
  }
  return parts.slice(0, 2).join(' ');
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
      text:
        ago === 0
          ? t('expiry.expiredToday')
          : t('expiry.expired', { when: relativeTime(-ago, 'day', locale()) }),
    };
  }
  const text =
    days === 0 ? t('expiry.today') : t('expiry.expires', { when: relativeTime(days, 'day', locale()) });
  return { date, days, text, level: days < EXPIRY_WARNING_DAYS ? 'warning' : 'ok' };
}

/** A count in the system locale's digits and grouping ("1,000", "1.000", "1 000"). */
export function formatCount(n: number): string {
  return n.toLocaleString(locale());
}

/** "1 day", "3 minutes", "1.000 Tage": an amount of time in the locale's words. */
export function timeAmount(n: number, unit: TimeUnit): string {
  return amountOfTime(n, unit, locale());
}

/** A number with a fixed count of decimals in the locale's digits ("2.9", "2,9"): never toFixed. */
export function formatDecimal(n: number, digits: number): string {
  return n.toLocaleString(locale(), { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** A share as the locale writes it ("80 %", "80 %", "80%"). */
export function formatPercent(fraction: number, digits = 0): string {
  return fraction.toLocaleString(locale(), { style: 'percent', maximumFractionDigits: digits });
}

/** "set_charge_limit" → "Set charge limit"; used for audit operations that are not commands. */
export function humanize(operation: string): string {
  const words = operation
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The conversions themselves are shared: main converts a command's value typed in these units.
export { KM_PER_MILE, distanceIn, temperatureIn, celsiusFrom } from '../../../electron/shared/regional-units';

/** "1,234 km" / "767 mi" from miles; "Unknown" when the service gave no number. */
export function formatDistance(miles: number | null | undefined, unit: 'km' | 'mi', digits = 0): string {
  if (typeof miles !== 'number' || !Number.isFinite(miles)) return t('value.unknown');
  const value = distanceIn(miles, unit);
  return `${value.toLocaleString(locale(), { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit}`;
}

/** A speed the service gives in mph, as "65 mph" or "105 km/h". */
export function formatSpeed(mph: number | null | undefined, unit: 'km' | 'mi', digits = 0): string {
  if (typeof mph !== 'number' || !Number.isFinite(mph)) return t('value.unknown');
  const value = distanceIn(mph, unit);
  return `${value.toLocaleString(locale(), { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit === 'km' ? 'km/h' : 'mph'}`;
}

/** "21.5 °C" / "70.7 °F" from °C; "Unknown" when the service gave no number. */
export function formatTemperature(celsius: number | null | undefined, unit: 'c' | 'f', digits = 1): string {
  if (typeof celsius !== 'number' || !Number.isFinite(celsius)) return t('value.unknown');
  const value = temperatureIn(celsius, unit);
  return `${value.toLocaleString(locale(), { maximumFractionDigits: digits, minimumFractionDigits: 0 })} °${unit.toUpperCase()}`;
}
