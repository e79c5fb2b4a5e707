// `GET /{vin}/states`: the car's state sampled along its timeline, every `interval` seconds (the
// service keeps a point every STORED_EVERY_S seconds, so `interval=1` answers each stored point), in
// the public row form or, with `condense=true`, as one object of columns whose keys are the row's
// keys and an `s` (so `charger_phases` becomes `charger_phasess`, as the service spells it). Flags
// are 0/1, ranges and the odometer in the distance format, temperatures in the temperature format;
// an asleep car's ideal range is the service's placeholder 999. It never wakes the car.
import { isTimeZone } from '../drives';
import { error, json, type Reply } from '../reply';
import { boolParam, distanceParam, inDistanceUnit, windowParams, type DistanceUnit } from '../validation';
import type { VehicleRuntime } from '../vehicle-runtime';
import { formatParam } from './params';
import { EST_PER_RATED, IDEAL_PER_RATED, IDEAL_PLACEHOLDER, timelineFor } from './reads';
import { coordsOf, DAY_S, ratedMilesOf, versionAt, type Segment, type Timeline } from './timeline';

/** The service keeps a point this often (its examples are 10 s apart). */
export const STORED_EVERY_S = 10;
/** Without an interval, the window is cut into about this many samples. */
const AUTO_SAMPLES = 500;
/** More samples than this in one answer are refused, naming `interval`. */
export const MAX_SAMPLES = 20_000;
/** A parked car falls asleep this long after it stopped (unless Sentry Mode keeps it up). */
const FALLS_ASLEEP_AFTER_S = 15 * 60;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Where the car is along a segment at `f` (0..1): a drive goes in a straight line. */
function positionOf(segment: Segment, f: number): [number, number] {
  if (segment.kind !== 'drive') return [...coordsOf(segment.place)] as [number, number];
  const a = coordsOf(segment.from);
  const b = coordsOf(segment.to);
  return [round(a[0] + (b[0] - a[0]) * f, 6), round(a[1] + (b[1] - a[1]) * f, 6)];
}

function headingOf(segment: Segment): number {
  if (segment.kind !== 'drive') return 0;
  const a = coordsOf(segment.from);
  const b = coordsOf(segment.to);
  const degrees = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  return Math.round((degrees + 360) % 360);
}

interface Units {
  distance: DistanceUnit;
  fahrenheit: boolean;
}

/** One sample: the public row, its flags as 0/1. */
export function sample(timeline: Timeline, segment: Segment, t: number, outsideC: number, units: Units) {
  const span = Math.max(1, segment.end - segment.start);
  const f = Math.min(1, Math.max(0, (t - segment.start) / span));
  const level = segment.startBattery + (segment.endBattery - segment.startBattery) * f;
  const odometerMiles =
    timeline.odometerOffset + segment.startOdometer + (segment.kind === 'drive' ? segment.miles * f : 0);
  const [latitude, longitude] = positionOf(segment, f);
  const rated = ratedMilesOf(timeline, level);
  const dist = (miles: number) => inDistanceUnit(miles, units.distance);
  const temp = (c: number) => round(units.fahrenheit ? (c * 9) / 5 + 32 : c, 1);
  const parked = segment.kind === 'park';
  const sentry = parked && segment.sentryFraction > 0;
  const climate = parked && segment.climateFraction > 0;
  const asleep = parked && !sentry && !climate && t - segment.start >= FALLS_ASLEEP_AFTER_S;
  const charging = segment.kind === 'charge' ? segment : null;
  const speedMph =
    segment.kind === 'drive' ? segment.miles / Math.max(1 / 60, (segment.end - segment.start) / 3600) : null;
  const atShop = parked && segment.place === 'Service Center';
  return {
    id: Math.floor(t / STORED_EVERY_S),
    timestamp: t,
    state: asleep ? 'asleep' : 'online',
    charging_state: charging ? 'Charging' : 'Disconnected',
    shift_state: segment.kind === 'drive' ? 'D' : 'P',
    version: versionAt(timeline, t),
    battery_level: Math.round(level),
    usable_battery_level: Math.max(0, Math.round(level) - 1),
    battery_range: dist(rated),
    est_battery_range: dist(rated * EST_PER_RATED),
    ideal_battery_range: asleep ? IDEAL_PLACEHOLDER : dist(rated * IDEAL_PER_RATED),
    latitude,
    longitude,
    heading: headingOf(segment),
    odometer: dist(odometerMiles),
    elevation: 12,
    speed: speedMph === null ? null : Math.round(units.distance === 'km' ? speedMph * 1.609344 : speedMph),
    power: segment.kind === 'drive' ? 18 : charging ? -charging.powerKw : 0,
    charge_rate: charging ? dist((charging.powerKw / timeline.capacityKwh) * timeline.fullRangeMiles) : 0,
    charger_actual_current: charging ? Math.round((charging.powerKw * 1000) / charging.voltage) : 0,
    charger_power: charging ? charging.powerKw : 0,
    charger_phases: charging ? charging.phases : null,
    charger_voltage: charging ? charging.voltage : 0,
    charge_miles_added_rated: charging ? dist(ratedMilesOf(timeline, level - charging.startBattery)) : 0,
    charge_miles_added_ideal: charging
      ? dist(ratedMilesOf(timeline, level - charging.startBattery) * IDEAL_PER_RATED)
      : 0,
    inside_temp: temp(climate || !parked ? 21 : outsideC + 3),
    outside_temp: temp(outsideC),
    left_temp_direction: 0,
    right_temp_direction: 0,
    df: 0,
    dr: 0,
    pf: 0,
    pr: 0,
    ft: 0,
    rt: 0,
    // The shop has the keys: the car is left unlocked while it is there.
    locked: parked && !atShop ? 1 : 0,
    fd_window: 0,
    fp_window: 0,
    rd_window: 0,
    rp_window: 0,
    sentry_mode: sentry ? 1 : 0,
    valet_mode: 0,
    is_climate_on: climate || !parked ? 1 : 0,
    is_preconditioning: 0,
    battery_heater_on: 0,
  };
}

type Sample = ReturnType<typeof sample>;

/** The samples' columns: each key of a row and an `s`. */
export function condense(rows: readonly Sample[]): Record<string, unknown[]> {
  const columns: Record<string, unknown[]> = {};
  const keys = Object.keys(rows[0] ?? {}) as (keyof Sample)[];
  for (const key of keys) columns[`${key}s`] = rows.map((row) => row[key]);
  return columns;
}

export function states(vehicle: VehicleRuntime, query: Record<string, string>): Reply {
  const window = windowParams(query);
  if (!window.ok) return error(400, window.error);
  const rawInterval = query['interval'];
  if (rawInterval !== undefined && !(/^\d+$/.test(rawInterval) && Number(rawInterval) >= 1))
    return error(400, 'interval must be a positive whole number of seconds');
  const condensed = boolParam(query, 'condense', false);
  if (!condensed.ok) return error(400, condensed.error);
  const distance = distanceParam(query);
  if (!distance.ok) return error(400, distance.error);
  const temperature = query['temperature_format'] ?? 'c';
  if (temperature !== 'c' && temperature !== 'f') return error(400, 'temperature_format must be c or f');
  const timezone = query['timezone'] ?? 'UTC';
  if (!isTimeZone(timezone))
    return error(400, 'timezone must be an IANA time zone name such as Europe/Berlin or UTC');
  const format = formatParam(query);
  if (!format.ok) return error(400, format.error);

  const nowS = Math.floor(vehicle.now() / 1000);
  const to = Math.min(window.value.to ?? nowS, nowS);
  // Without a window, the last day.
  const from = window.value.from ?? to - DAY_S;
  const interval =
    rawInterval === undefined
      ? Math.max(STORED_EVERY_S, Math.ceil((to - from) / AUTO_SAMPLES / STORED_EVERY_S) * STORED_EVERY_S)
      : Math.max(STORED_EVERY_S, Number(rawInterval));
  const count = to < from ? 0 : Math.floor((to - Math.ceil(from / interval) * interval) / interval) + 1;
  if (count > MAX_SAMPLES)
    return error(
      400,
      `interval ${interval} would give ${count} samples (at most ${MAX_SAMPLES}): ask for a larger interval or a shorter window`,
    );

  const timeline = timelineFor(vehicle);
  const units = { distance: distance.value, fahrenheit: temperature === 'f' };
  const rows: Sample[] = [];
  const segments = timeline.segments;
  let index = 0;
  for (let t = Math.ceil(from / interval) * interval; t <= to; t += interval) {
    while (index < segments.length && (segments[index] as Segment).end < t) index++;
    const segment = segments[index];
    // Before the history starts the service has nothing stored.
    if (segment === undefined || segment.start > t) continue;
    rows.push(sample(timeline, segment, t, vehicle.state.outsideTempC, units));
  }
  return json(200, { results: condensed.value ? condense(rows) : rows });
}
