// The query parameters the history reads share, each checked with a 400 that names it: a place and
// a radius (metres) around it with `exclude_origin`, `limit`, `timezone` and `format`.
import { boolParam, numberParam, type Check } from '../validation';

const fail = <T>(error: string): Check<T> => ({ ok: false, error });
const ok = <T>(value: T): Check<T> => ({ ok: true, value });

const SIGNED_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function coordinate(query: Record<string, string>, name: string, max: number): Check<number | null> {
  const raw = query[name];
  if (raw === undefined) return ok(null);
  const value = SIGNED_RE.test(raw) ? Number(raw) : NaN;
  if (!(Math.abs(value) <= max)) return fail(`${name} must be a number of degrees from -${max} to ${max}`);
  return ok(value);
}

export interface Origin {
  latitude: number;
  longitude: number;
  radiusMetres: number;
  /** Keep what is not there rather than what is. */
  exclude: boolean;
}

/** `origin_latitude`, `origin_longitude`, `origin_radius` (all three or none) and `exclude_origin`. */
export function originParams(query: Record<string, string>): Check<Origin | null> {
  const latitude = coordinate(query, 'origin_latitude', 90);
  if (!latitude.ok) return latitude;
  const longitude = coordinate(query, 'origin_longitude', 180);
  if (!longitude.ok) return longitude;
  const radius = numberParam(query, 'origin_radius', 'origin_radius must be a positive number of metres');
  if (!radius.ok) return radius;
  if (radius.value === 0) return fail('origin_radius must be a positive number of metres');
  const exclude = boolParam(query, 'exclude_origin', false);
  if (!exclude.ok) return exclude;
  const given = [latitude.value, longitude.value, radius.value].filter((v) => v !== null).length;
  if (given === 0) {
    return query['exclude_origin'] === undefined
      ? ok(null)
      : fail('exclude_origin needs origin_latitude, origin_longitude and origin_radius');
  }
  if (given !== 3) return fail('origin_latitude, origin_longitude and origin_radius go together');
  return ok({
    latitude: latitude.value as number,
    longitude: longitude.value as number,
    radiusMetres: radius.value as number,
    exclude: exclude.value,
  });
}

const EARTH_METRES = 6_371_000;

/** Great-circle distance in metres. */
export function metresBetween(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a place passes the origin filter. */
export function passesOrigin(origin: Origin | null, at: readonly [number, number]): boolean {
  if (origin === null) return true;
  const inside = metresBetween([origin.latitude, origin.longitude], at) <= origin.radiusMetres;
  return inside !== origin.exclude;
}

/** `limit`: a positive whole number of results. */
export function limitParam(query: Record<string, string>): Check<number | null> {
  const raw = query['limit'];
  if (raw === undefined) return ok(null);
  return /^\d+$/.test(raw) && Number(raw) >= 1
    ? ok(Number(raw))
    : fail('limit must be a positive whole number');
}

/** `format`: json only (the simulator writes no CSV). */
export function formatParam(query: Record<string, string>): Check<'json'> {
  const raw = query['format'];
  return raw === undefined || raw === 'json'
    ? ok('json')
    : fail('format must be json (the simulator does not produce csv)');
}
