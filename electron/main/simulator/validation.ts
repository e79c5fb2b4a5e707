// Request validation with messages that name the offending parameter, as a careful real service would.
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_WAIT_FOR_COMPLETION,
  MAX_ATTEMPTS_MAX,
  MAX_ATTEMPTS_MIN,
  checkCommandParam,
  type CommandParamSpec,
} from '../../shared/commands';

export type Check<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Check<T> => ({ ok: true, value });
const fail = <T>(error: string): Check<T> => ({ ok: false, error });

export const MAX_TAG_LENGTH = 64;
export const MAX_DRIVES_PER_CALL = 1000;
export const PLATE_RE = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,8}[A-Za-z0-9])?$/;

const NUMBER_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const INTEGER_RE = /^\d+$/;

/** Booleans in the query string are exactly `true` or `false`. */
export function boolParam(query: Record<string, string>, name: string, fallback: boolean): Check<boolean> {
  const raw = query[name];
  if (raw === undefined) return ok(fallback);
  if (raw === 'true') return ok(true);
  if (raw === 'false') return ok(false);
  return fail(`${name} must be true or false`);
}

export interface CommonCommandParams {
  waitForCompletion: boolean;
  maxAttempts: number;
  /**
   * Set when `retry_duration` came without `max_attempts` (older clients): attempts go on while this
   * time lasts. With `max_attempts`, that bounds the attempts and `retry_duration` is only checked.
   */
  retryDurationMs: number | null;
}

/** `retry_duration`: seconds the service keeps trying a command (public default 40). */
export const RETRY_DURATION_MAX_S = 90;

/** A non-negative decimal number, as the query string spells one. */
export function numberParam(
  query: Record<string, string>,
  name: string,
  problem: string,
): Check<number | null> {
  const raw = query[name];
  if (raw === undefined) return ok(null);
  return NUMBER_RE.test(raw) && !raw.startsWith('-') ? ok(Number(raw)) : fail(problem);
}

/** Year 2100 in Unix seconds: a larger `from` or `to` is almost surely milliseconds. */
const LATEST_SECONDS = 4_102_444_800;

/** A read's window, `from` and `to` in Unix seconds (either or both may be absent). */
export interface TimeWindow {
  from: number | null;
  to: number | null;
}

function timeParam(query: Record<string, string>, name: 'from' | 'to'): Check<number | null> {
  const checked = numberParam(query, name, `${name} must be a Unix time in seconds`);
  if (checked.ok && checked.value !== null && checked.value > LATEST_SECONDS) {
    return fail(`${name} must be a Unix time in seconds (this looks like milliseconds)`);
  }
  return checked;
}

/** The history reads' `from` and `to`: Unix seconds, `from` not after `to`. */
export function windowParams(query: Record<string, string>): Check<TimeWindow> {
  const from = timeParam(query, 'from');
  if (!from.ok) return from;
  const to = timeParam(query, 'to');
  if (!to.ok) return to;
  if (from.value !== null && to.value !== null && from.value > to.value)
    return fail('from must not be after to');
  return ok({ from: from.value, to: to.value });
}

export type DistanceUnit = 'mi' | 'km';

/** `distance_format`: `mi` (the service's default) or `km`. */
export function distanceParam(query: Record<string, string>): Check<DistanceUnit> {
  const raw = query['distance_format'];
  if (raw === undefined || raw === 'mi') return ok('mi');
  return raw === 'km' ? ok('km') : fail('distance_format must be mi or km');
}

const KM_PER_MILE = 1.609344;

/** Miles in the unit asked for, to the hundredth. */
export function inDistanceUnit(miles: number, unit: DistanceUnit): number {
  return Math.round((unit === 'km' ? miles * KM_PER_MILE : miles) * 100) / 100;
}

export function commonCommandParams(query: Record<string, string>): Check<CommonCommandParams> {
  const wait = boolParam(query, 'wait_for_completion', DEFAULT_WAIT_FOR_COMPLETION);
  if (!wait.ok) return wait;
  const raw = query['max_attempts'];
  let maxAttempts = DEFAULT_MAX_ATTEMPTS;
  if (raw !== undefined) {
    const n = INTEGER_RE.test(raw) ? Number(raw) : NaN;
    if (!(n >= MAX_ATTEMPTS_MIN && n <= MAX_ATTEMPTS_MAX)) {
      return fail(`max_attempts must be an integer from ${MAX_ATTEMPTS_MIN} to ${MAX_ATTEMPTS_MAX}`);
    }
    maxAttempts = n;
  }
  const retryProblem = `retry_duration must be a number of seconds from 0 to ${RETRY_DURATION_MAX_S}`;
  const retry = numberParam(query, 'retry_duration', retryProblem);
  if (!retry.ok) return retry;
  if (retry.value !== null && retry.value > RETRY_DURATION_MAX_S) return fail(retryProblem);
  const retryDurationMs = raw === undefined && retry.value !== null ? retry.value * 1000 : null;
  return ok({ waitForCompletion: wait.value, maxAttempts, retryDurationMs });
}

/** A command's own parameter, within `bounds`: the vehicle's own, which default to the shared ones. */
export function commandParam(
  query: Record<string, string>,
  spec: CommandParamSpec,
  bounds: { min: number; max: number } = spec,
): Check<number> {
  const raw = query[spec.name];
  if (raw === undefined) return fail(`${spec.name} is required`);
  if (!NUMBER_RE.test(raw)) return fail(`${spec.name} must be a number`);
  const problem = checkCommandParam({ ...spec, min: bounds.min, max: bounds.max }, Number(raw));
  return problem === null ? ok(Number(raw)) : fail(problem);
}

/** The body of set_tag and plate: a JSON object. */
export function jsonObject(body: string): Check<Record<string, unknown>> {
  if (body.trim() === '') return fail('Request body is empty; send a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return fail('Request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('Request body must be a JSON object');
  }
  return ok(value as Record<string, unknown>);
}

export interface SetTagRequest {
  driveIds: number[];
  tag: string;
}

export function setTagRequest(
  body: Record<string, unknown>,
  hasDrive: (id: number) => boolean,
): Check<SetTagRequest> {
  const { drives, tag } = body;
  if (drives === undefined) return fail('drives is required');
  if (typeof drives !== 'string') return fail('drives must be a string of comma-separated drive ids');
  const parts = drives.split(',');
  if (parts.length > MAX_DRIVES_PER_CALL) return fail(`drives may list at most ${MAX_DRIVES_PER_CALL} ids`);
  const driveIds: number[] = [];
  for (const part of parts) {
    const id = part.trim();
    if (id === '') return fail('drives contains an empty id');
    if (!INTEGER_RE.test(id)) return fail(`drives contains a non-numeric id '${id.slice(0, 40)}'`);
    const n = Number(id);
    if (!hasDrive(n)) return fail(`drives contains id ${id.slice(0, 40)}, which this vehicle does not have`);
    driveIds.push(n);
  }
  if (tag === undefined) return fail('tag is required');
  if (typeof tag !== 'string') return fail('tag must be a string');
  const trimmed = tag.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_TAG_LENGTH) {
    return fail(`tag must be 1 to ${MAX_TAG_LENGTH} characters`);
  }
  return ok({ driveIds, tag: trimmed });
}

/** `plate`: a string of 1–10 letters, digits, spaces or dashes (kept as sent), or null to clear it. */
export function plateRequest(body: Record<string, unknown>): Check<string | null> {
  if (!('plate' in body)) return fail('plate is required (a string, or null to clear the plate)');
  const { plate } = body;
  if (plate === null) return ok(null);
  if (typeof plate !== 'string') return fail('plate must be a string or null');
  if (!PLATE_RE.test(plate)) {
    return fail(
      'plate must be 1 to 10 letters, digits, spaces or dashes, starting and ending with a letter or digit',
    );
  }
  return ok(plate);
}
