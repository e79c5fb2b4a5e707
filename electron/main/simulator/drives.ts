// `GET /{vin}/drives`: the public filters (names and meanings of the service's OpenAPI description),
// each validated with a 400 that names it, and the drives in the public shape, newest first.
import { PLACE_COORDS } from './catalogue';
import type { Drive } from './types';
import {
  MAX_TAG_LENGTH,
  boolParam,
  distanceParam,
  inDistanceUnit,
  numberParam,
  windowParams,
  type Check,
  type DistanceUnit,
} from './validation';

export interface DrivesFilter {
  /** Unix seconds: drives that started in [from, to]. */
  from: number | null;
  to: number | null;
  tag: string | null;
  /** With `tag`: the drives *without* that tag (the public `exclude_tag` is a boolean). */
  excludeTag: boolean;
  /** Miles, whatever `distance_format` says (as the public description has it). */
  minimumDistanceMiles: number;
  distance: DistanceUnit;
  temperature: 'c' | 'f';
  timezone: string;
}

const fail = (error: string): Check<DrivesFilter> => ({ ok: false, error });

function enumParam<T extends string>(raw: string | undefined, values: readonly T[], fallback: T): T | null {
  if (raw === undefined) return fallback;
  return (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

const knownZones = new Set<string>(['UTC']);

export function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    return false;
  }
  if (knownZones.size < 1000) knownZones.add(name);
  return true;
}

export function drivesFilter(query: Record<string, string>): Check<DrivesFilter> {
  const window = windowParams(query);
  if (!window.ok) return window;
  const rawTag = query['tag'];
  const tag = rawTag?.trim() ?? null;
  if (tag !== null && (tag.length === 0 || tag.length > MAX_TAG_LENGTH)) {
    return fail(`tag must be 1 to ${MAX_TAG_LENGTH} characters`);
  }
  const exclude = boolParam(query, 'exclude_tag', false);
  if (!exclude.ok) return fail(`${exclude.error} (it says whether to leave out the drives tagged with tag)`);
  if (exclude.value && tag === null) return fail('exclude_tag=true needs tag, the tag to leave out');
  const minimum = numberParam(
    query,
    'minimum_distance',
    'minimum_distance must be a non-negative number of miles',
  );
  if (!minimum.ok) return minimum;
  const distance = distanceParam(query);
  if (!distance.ok) return distance;
  const temperature = enumParam(query['temperature_format'], ['c', 'f'] as const, 'c');
  if (temperature === null) return fail('temperature_format must be c or f');
  const timezone = query['timezone'] ?? 'UTC';
  if (!isTimeZone(timezone))
    return fail('timezone must be an IANA time zone name such as Europe/Berlin or UTC');
  if (enumParam(query['format'], ['json'] as const, 'json') === null) {
    return fail('format must be json (the simulator does not produce csv)');
  }
  return {
    ok: true,
    value: {
      from: window.value.from,
      to: window.value.to,
      tag,
      excludeTag: exclude.value,
      minimumDistanceMiles: minimum.value ?? 0,
      distance: distance.value,
      temperature,
      timezone,
    },
  };
}

function matches(drive: Drive, f: DrivesFilter): boolean {
  if (f.from !== null && drive.startedAt < f.from) return false;
  if (f.to !== null && drive.startedAt > f.to) return false;
  if (f.tag !== null && (drive.tag === f.tag) === f.excludeTag) return false;
  return drive.distanceMiles >= f.minimumDistanceMiles;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function view(d: Drive, f: DrivesFilter) {
  const dist = (miles: number | undefined) =>
    miles === undefined ? null : inDistanceUnit(miles, f.distance);
  const temp = (c: number | undefined) =>
    c === undefined ? null : round(f.temperature === 'f' ? (c * 9) / 5 + 32 : c, 2);
  const hours = Math.max(1 / 60, (d.endedAt - d.startedAt) / 3600);
  const start = PLACE_COORDS[d.from];
  const end = PLACE_COORDS[d.to];
  return {
    id: d.id,
    started_at: d.startedAt,
    ended_at: d.endedAt,
    starting_location: d.from,
    starting_latitude: start?.[0] ?? null,
    starting_longitude: start?.[1] ?? null,
    starting_odometer: dist(d.startingOdometer),
    ending_location: d.to,
    ending_latitude: end?.[0] ?? null,
    ending_longitude: end?.[1] ?? null,
    ending_odometer: d.startingOdometer === undefined ? null : dist(d.startingOdometer + d.distanceMiles),
    starting_battery: d.startingBattery ?? null,
    ending_battery: d.endingBattery ?? null,
    average_inside_temperature: temp(d.insideTempC),
    average_outside_temperature: temp(d.outsideTempC),
    average_speed: dist(d.distanceMiles / hours),
    max_speed: dist(d.maxSpeedMph),
    rated_range_used: dist(d.ratedRangeUsedMiles),
    odometer_distance: dist(d.distanceMiles),
    energy_used: d.energyKwh ?? null,
    tag: d.tag,
  };
}

/** The drives that pass the filter, newest first, in the public shape and units asked for. */
export function drivesView(
  drives: readonly Drive[],
  filter: DrivesFilter,
): { results: ReturnType<typeof view>[] } {
  const results: ReturnType<typeof view>[] = [];
  for (let i = drives.length - 1; i >= 0; i--) {
    const drive = drives[i] as Drive;
    if (matches(drive, filter)) results.push(view(drive, filter));
  }
  // Seeded drives are in time order; a test's own may not be.
  results.sort((a, b) => b.started_at - a.started_at || b.id - a.id);
  return { results };
}
