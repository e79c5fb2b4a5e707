// The rules of a fleet telemetry configuration write, shared by the app (before anything is sent) and
// the simulator (which refuses the same things): known field names only, with the closest known name
// suggested for a typo; whole intervals of at least one second; warnings for what a configuration
// loses without `Gear` or `Location`; and how near the signed configuration's expiry (`exp`) is.
import { closestName } from './closest-name';
import { english, type Say } from './i18n/english';
import { TELEMETRY_FIELD_NAMES, isTelemetryFieldName } from './telemetry-fields';

/** Custom configurations are limited to one signal per second per field. */
export const MIN_INTERVAL_SECONDS = 1;
/** Not published: our bound (a day), so an absurd number is refused with a clear message. */
export const MAX_INTERVAL_SECONDS = 86_400;

export type TelemetryFields = Record<string, { interval_seconds: number }>;

/**
 * Why an interval is refused, or null when it is fine. In English unless `say` is given: the
 * simulator answers as the service does, the window in the technician's language.
 */
export function intervalProblem(value: unknown, say: Say = english): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return say('telemetry.intervalNotNumber');
  if (!Number.isInteger(value)) return say('telemetry.intervalNotWhole');
  if (value < MIN_INTERVAL_SECONDS) return say('telemetry.intervalMin', { min: MIN_INTERVAL_SECONDS });
  // The bound as the service writes it, without a thousands separator.
  if (value > MAX_INTERVAL_SECONDS)
    return say('telemetry.intervalMax', { max: String(MAX_INTERVAL_SECONDS) });
  return null;
}

/** The known field closest to a typed name, or null. */
export function suggestFieldName(typed: string): string | null {
  return closestName(typed, TELEMETRY_FIELD_NAMES);
}

export type FieldProblem =
  | { kind: 'unknown_field'; field: string; suggestion: string | null; message: string }
  | { kind: 'bad_interval'; field: string; message: string };

/** Every problem of a `fields` map, one per field at most, in the map's order. */
export function fieldProblems(fields: Readonly<Record<string, unknown>>, say: Say = english): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (!isTelemetryFieldName(field)) {
      const suggestion = suggestFieldName(field);
      const shown = field.length > 60 ? `${field.slice(0, 60)}…` : field;
      problems.push({
        kind: 'unknown_field',
        field,
        suggestion,
        message: suggestion
          ? say('telemetry.unknownFieldSuggest', { field: shown, suggestion })
          : say('telemetry.unknownField', { field: shown }),
      });
      continue;
    }
    const interval =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)['interval_seconds']
        : undefined;
    if (interval === undefined) {
      problems.push({ kind: 'bad_interval', field, message: say('telemetry.intervalRequired', { field }) });
      continue;
    }
    const problem = intervalProblem(interval, say);
    if (problem)
      problems.push({
        kind: 'bad_interval',
        field,
        message: say('telemetry.fieldProblem', { field, problem }),
      });
  }
  return problems;
}

export type FieldWarning = 'gear_missing' | 'location_missing';

/** What a configuration loses without the field, in words. */
export function fieldWarningText(warning: FieldWarning, say: Say = english): string {
  return say(`telemetry.${warning}`);
}

/** What a configuration with these fields would lose (empty when it keeps Gear and Location). */
export function fieldWarnings(fields: Readonly<Record<string, unknown>>): FieldWarning[] {
  const warnings: FieldWarning[] = [];
  if (!Object.hasOwn(fields, 'Gear')) warnings.push('gear_missing');
  if (!Object.hasOwn(fields, 'Location')) warnings.push('location_missing');
  return warnings;
}

/** Warn this many days ahead of the configuration's expiry. */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryStatus = 'past' | 'soon' | 'ok';

export interface Expiry {
  status: ExpiryStatus;
  /** When it expires (or expired), Unix ms, for showing as a date. */
  expiresAt: number;
  /** Whole days left, rounded down; negative once past. */
  daysLeft: number;
}

const DAY_MS = 86_400_000;

/**
 * `exp` (Unix seconds) against `now` (Unix ms): past when at or before now, soon within 30 days,
 * else ok. Null when `exp` is not a usable number (the app says it does not know then).
 */
export function classifyExpiry(exp: unknown, now: number): Expiry | null {
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp < 0) return null;
  const expiresAt = exp * 1000;
  const left = expiresAt - now;
  const status: ExpiryStatus = left <= 0 ? 'past' : left <= EXPIRY_WARNING_DAYS * DAY_MS ? 'soon' : 'ok';
  return { status, expiresAt, daysLeft: Math.floor(left / DAY_MS) };
}
