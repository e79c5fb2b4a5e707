// The history reads of one car from its timeline (timeline.ts), in the public wire shapes and units
// (shared/interface/public-api-history.md): the pack now, its charging sessions and parked periods
// with their filters, newest first, and the last idle state. They read what the service keeps, so
// none of them wakes the car.
import { capacityNow } from '../battery-health';
import { isTimeZone } from '../drives';
import { error, json, type Reply } from '../reply';
import { location as stateLocation } from '../state-view';
import { PLACE_COORDS } from '../catalogue';
import {
  distanceParam,
  inDistanceUnit,
  numberParam,
  windowParams,
  boolParam,
  jsonObject,
  type DistanceUnit,
} from '../validation';
import type { VehicleRuntime } from '../vehicle-runtime';
import { formatParam, limitParam, originParams, passesOrigin, type Origin } from './params';
import {
  coordsOf,
  kwhOf,
  ratedMilesOf,
  SUPERCHARGER,
  timelineOf,
  type ChargeSegment,
  type DriveSegment,
  type ParkSegment,
  type Timeline,
} from './timeline';

/** Ideal range for each mile of rated range (as battery health's). */
export const IDEAL_PER_RATED = 0.84;
/** The range the car estimates from recent driving, for each rated mile. */
export const EST_PER_RATED = 0.81;
/** What a Supercharger asks per kWh drawn, in the account's currency. */
const SUPERCHARGER_PRICE = 0.48;
/** The service's placeholder for an ideal range it does not know. */
export const IDEAL_PLACEHOLDER = 999;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The car's history as of the simulator's clock now. */
export function timelineFor(vehicle: VehicleRuntime): Timeline {
  const nowS = Math.floor(vehicle.now() / 1000);
  return timelineOf(vehicle.state, nowS, capacityNow(vehicle.state, nowS));
}

/** A reverse-geocoded address for a place of the catalogue. */
export function addressOf(place: string): string {
  return `${place}, Santa Clara County, California`;
}

/** `GET /{vin}/battery`: the pack now, agreeing with the state's level and range (miles). */
export function battery(vehicle: VehicleRuntime): Reply {
  const { state } = vehicle;
  const timeline = timelineFor(vehicle);
  const nowMs = vehicle.now();
  const asOf = state.sleepState === 'awake' ? nowMs : (state.asleepSince ?? nowMs);
  const level = state.batteryLevel;
  const range = round((state.fullRangeMiles * level) / 100, 2);
  const lastPark = [...timeline.segments].reverse().find((s): s is ParkSegment => s.kind === 'park');
  const drainPerDay = lastPark
    ? ((lastPark.startBattery - lastPark.endBattery) / Math.max(1, lastPark.end - lastPark.start)) * 86_400
    : 0;
  const odometer = state.odometerMiles;
  const charging = state.chargePort !== 'closed' && state.chargingState === 'Charging';
  return json(200, {
    timestamp: Math.floor(asOf / 1000),
    battery_level: level,
    battery_range: range,
    ideal_battery_range: range,
    phantom_drain_percent: round(drainPerDay, 1),
    energy_remaining: kwhOf(timeline, level),
    lifetime_energy_used: round(odometer * 0.27, 3),
    pack_current: charging ? round(state.chargingAmps * 0.9, 1) : -0.6,
    pack_voltage: round(340 + level * 1.1, 2),
    module_temp_min: round(state.outsideTempC + 2, 1),
    module_temp_max: Math.round(state.outsideTempC + 3),
  });
}

interface SessionFilter {
  from: number | null;
  to: number | null;
  origin: Origin | null;
  limit: number | null;
  unit: DistanceUnit;
}

/** The filters charges and idles share; a 400 names the first one that is wrong. */
function sessionFilter(
  query: Record<string, string>,
): { ok: true; value: SessionFilter } | { ok: false; reply: Reply } {
  const bad = (message: string) => ({ ok: false as const, reply: error(400, message) });
  const window = windowParams(query);
  if (!window.ok) return bad(window.error);
  const origin = originParams(query);
  if (!origin.ok) return bad(origin.error);
  const limit = limitParam(query);
  if (!limit.ok) return bad(limit.error);
  const unit = distanceParam(query);
  if (!unit.ok) return bad(unit.error);
  const timezone = query['timezone'] ?? 'UTC';
  if (!isTimeZone(timezone))
    return bad('timezone must be an IANA time zone name such as Europe/Berlin or UTC');
  const format = formatParam(query);
  if (!format.ok) return bad(format.error);
  return {
    ok: true,
    value: { ...window.value, origin: origin.value, limit: limit.value, unit: unit.value },
  };
}

/** Newest first, in the window (by start), at or away from the origin, at most `limit`. */
function select<S extends ChargeSegment | ParkSegment>(
  sessions: readonly S[],
  filter: SessionFilter,
  keep: (session: S) => boolean = () => true,
): S[] {
  const chosen = sessions
    .filter(
      (s) =>
        (filter.from === null || s.start >= filter.from) &&
        (filter.to === null || s.start <= filter.to) &&
        passesOrigin(filter.origin, coordsOf(s.place)) &&
        keep(s),
    )
    .sort((a, b) => b.start - a.start);
  return filter.limit === null ? chosen : chosen.slice(0, filter.limit);
}

/** What a charging session and a parked period both answer: when, where, the charge at each end. */
function sessionView(s: ChargeSegment | ParkSegment) {
  const [latitude, longitude] = coordsOf(s.place);
  return {
    id: s.id,
    started_at: s.start,
    ended_at: s.end,
    location: addressOf(s.place),
    latitude,
    longitude,
    starting_battery: Math.round(s.startBattery),
    ending_battery: Math.round(s.endBattery),
  };
}

/** `GET /{vin}/charges`: the charging sessions, newest first. */
export function charges(vehicle: VehicleRuntime, query: Record<string, string>): Reply {
  const filter = sessionFilter(query);
  if (!filter.ok) return filter.reply;
  const superchargers = boolParam(query, 'superchargers_only', false);
  if (!superchargers.ok) return error(400, superchargers.error);
  const minimum = numberParam(
    query,
    'minimum_energy_added',
    'minimum_energy_added must be a non-negative number of kWh',
  );
  if (!minimum.ok) return error(400, minimum.error);
  const timeline = timelineFor(vehicle);
  const sessions = timeline.segments.filter((s): s is ChargeSegment => s.kind === 'charge');
  const unit = filter.value.unit;
  const dist = (miles: number) => inDistanceUnit(miles, unit);
  const results = select(
    sessions,
    filter.value,
    (s) => (!superchargers.value || s.place === SUPERCHARGER) && s.energyAdded >= (minimum.value ?? 0),
  ).map((s) => {
    const added = ratedMilesOf(timeline, s.endBattery - s.startBattery);
    return {
      ...sessionView(s),
      is_supercharger: s.place === SUPERCHARGER,
      odometer: dist(timeline.odometerOffset + s.startOdometer),
      energy_added: s.energyAdded,
      energy_used: s.energyUsed,
      miles_added: dist(added),
      miles_added_ideal: dist(added * IDEAL_PER_RATED),
      cost: vehicle.chargeCosts.has(s.id)
        ? (vehicle.chargeCosts.get(s.id) ?? null)
        : s.place === SUPERCHARGER
          ? round(s.energyUsed * SUPERCHARGER_PRICE, 2)
          : 0,
    };
  });
  return json(200, { results });
}

/** `GET /{vin}/idles`: the parked periods, newest first, with what each used. */
export function idles(vehicle: VehicleRuntime, query: Record<string, string>): Reply {
  const filter = sessionFilter(query);
  if (!filter.ok) return filter.reply;
  const timeline = timelineFor(vehicle);
  const parks = timeline.segments.filter((s): s is ParkSegment => s.kind === 'park');
  const unit = filter.value.unit;
  const results = select(parks, filter.value).map((s) => {
    const used = s.startBattery - s.endBattery;
    return {
      ...sessionView(s),
      rated_range_used: inDistanceUnit(ratedMilesOf(timeline, used), unit),
      climate_fraction: s.climateFraction,
      sentry_fraction: s.sentryFraction,
      energy_used: kwhOf(timeline, used),
    };
  });
  return json(200, { results });
}

/** `GET /{vin}/last_idle_state`: the charge when the car last stopped driving or charging (miles). */
export function lastIdleState(vehicle: VehicleRuntime): Reply {
  const timeline = timelineFor(vehicle);
  const park = [...timeline.segments].reverse().find((s): s is ParkSegment => s.kind === 'park');
  if (!park) return error(404, 'No idle state recorded for this vehicle yet');
  const level = Math.round(park.startBattery);
  const range = round(ratedMilesOf(timeline, park.startBattery), 2);
  return json(200, {
    result: {
      timestamp: park.start,
      battery_level: level,
      usable_battery_level: Math.max(0, level - 1),
      battery_range: range,
      est_battery_range: round(range * EST_PER_RATED, 2),
      // The service answers its placeholder here rather than an ideal range.
      ideal_battery_range: IDEAL_PLACEHOLDER,
    },
  });
}

/**
 * `GET /{vin}/consumption_since_charge`: from the end of the last charge to now, what the car drove
 * and used, and the part of it used driving (the rest went parked: the drain a customer asks about).
 * Miles, % points and kWh.
 */
export function consumptionSinceCharge(vehicle: VehicleRuntime): Reply {
  const timeline = timelineFor(vehicle);
  const segments = timeline.segments;
  let lastCharge = -1;
  segments.forEach((s, i) => {
    if (s.kind === 'charge') lastCharge = i;
  });
  if (lastCharge < 0) return error(404, 'No charge recorded for this vehicle yet');
  const charge = segments[lastCharge] as ChargeSegment;
  const since = segments.slice(lastCharge + 1);
  const drives = since.filter((s): s is DriveSegment => s.kind === 'drive');
  const nowBattery = segments.at(-1)?.endBattery ?? charge.endBattery;
  const used = charge.endBattery - nowBattery;
  const byDriving = drives.reduce((sum, d) => sum + (d.startBattery - d.endBattery), 0);
  const rated = (percent: number) => round(ratedMilesOf(timeline, percent), 2);
  const ideal = (percent: number) => round(ratedMilesOf(timeline, percent) * IDEAL_PER_RATED, 2);
  return json(200, {
    last_charge_at: charge.end,
    distance_driven: round(
      drives.reduce((sum, d) => sum + d.miles, 0),
      1,
    ),
    battery_percent_used: Math.round(used),
    battery_percent_used_by_driving: Math.round(byDriving),
    rated_range_used: rated(used),
    rated_range_used_by_driving: rated(byDriving),
    ideal_range_used: ideal(used),
    ideal_range_used_by_driving: ideal(byDriving),
    energy_used: kwhOf(timeline, used),
    energy_used_by_driving: kwhOf(timeline, byDriving),
  });
}

/** The account's saved places: what `saved_location` names when the car is at one. */
const SAVED_PLACES: ReadonlySet<string> = new Set(['Home', 'Office', 'Service Center']);

/** `GET /{vin}/location`: where the state says the car is, its address and saved place (or null). */
export function location(vehicle: VehicleRuntime): Reply {
  const where = stateLocation(vehicle.state);
  const place = where
    ? (Object.entries(PLACE_COORDS).find(
        ([, coords]) => coords[0] === where[0] && coords[1] === where[1],
      )?.[0] ?? null)
    : null;
  return json(200, {
    latitude: where?.[0] ?? null,
    longitude: where?.[1] ?? null,
    address: place === null ? null : addressOf(place),
    saved_location: place !== null && SAVED_PLACES.has(place) ? place : null,
  });
}

/**
 * `POST /{vin}/charges/{id}/set_cost`: records a session's cost (`cost` a number, or null to clear
 * it), from the JSON body or, as some public clients send it, the query. 404 for a session the car
 * does not have.
 */
export function setChargeCost(
  vehicle: VehicleRuntime,
  id: string | null,
  query: Record<string, string>,
  body: string,
): Reply {
  const session = id !== null && /^\d+$/.test(id) ? Number(id) : null;
  const known =
    session !== null && timelineFor(vehicle).segments.some((s) => s.kind === 'charge' && s.id === session);
  if (!known) return error(404, `No charging session ${String(id).slice(0, 40)} for this vehicle`);
  let cost: unknown = query['cost'] === undefined ? undefined : Number(query['cost']);
  if (body.trim() !== '') {
    const parsed = jsonObject(body);
    if (!parsed.ok) return error(400, parsed.error);
    if (!('cost' in parsed.value)) return error(400, 'cost is required (a number, or null to clear it)');
    cost = parsed.value['cost'];
  }
  if (cost === undefined) return error(400, 'cost is required (a number, or null to clear it)');
  if (cost !== null && (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0))
    return error(400, 'cost must be a non-negative number or null');
  vehicle.chargeCosts.set(session as number, cost as number | null);
  return json(200, { result: true });
}
