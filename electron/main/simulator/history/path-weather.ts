// `GET /{vin}/path` and `GET /{vin}/weather` of a demo car. The path is where the car drove in a
// window (without one, the last 30 days), from its timeline: by default "lat,lon" strings, a point a
// minute (`simplify=true`, the default) or every stored point (`simplify=false`); `details=true`
// gives each point as an object with its time, heading, charge, speed, odometer and Autopilot
// state; `separate=true` gives one list per drive (the service's shape for it is not published).
// The weather is where the state says the car is, for today, seeded from the VIN and the day. Neither
// wakes the car.
import { error, json, type Reply } from '../reply';
import { location as stateLocation } from '../state-view';
import { hashString, intBetween, mulberry32, pick } from '../prng';
import { boolParam, windowParams } from '../validation';
import type { VehicleRuntime } from '../vehicle-runtime';
import { timelineFor } from './reads';
import { sample, STORED_EVERY_S } from './states';
import { DAY_S, type DriveSegment } from './timeline';

/** Without a window, the path of the last 30 days. */
const DEFAULT_PATH_DAYS = 30;
/** A simplified path keeps a point a minute. */
const SIMPLIFIED_EVERY_S = 60;

function pathPoint(details: boolean, row: ReturnType<typeof sample>): string | Record<string, unknown> {
  if (!details) return `${row.latitude},${row.longitude}`;
  return {
    timestamp: row.timestamp,
    latitude: row.latitude,
    longitude: row.longitude,
    heading: row.heading,
    battery_level: row.battery_level,
    speed: row.speed,
    odometer: row.odometer,
    autopilot: 'Off',
  };
}

export function path(vehicle: VehicleRuntime, query: Record<string, string>): Reply {
  const window = windowParams(query);
  if (!window.ok) return error(400, window.error);
  const separate = boolParam(query, 'separate', false);
  if (!separate.ok) return error(400, separate.error);
  const simplify = boolParam(query, 'simplify', true);
  if (!simplify.ok) return error(400, simplify.error);
  const details = boolParam(query, 'details', false);
  if (!details.ok) return error(400, details.error);
  const nowS = Math.floor(vehicle.now() / 1000);
  const to = Math.min(window.value.to ?? nowS, nowS);
  const from = window.value.from ?? to - DEFAULT_PATH_DAYS * DAY_S;
  const timeline = timelineFor(vehicle);
  const step = simplify.value ? SIMPLIFIED_EVERY_S : STORED_EVERY_S;
  const units = { distance: 'mi' as const, fahrenheit: false };
  const drives = timeline.segments.filter(
    (s): s is DriveSegment => s.kind === 'drive' && s.end >= from && s.start <= to,
  );
  const perDrive = drives.map((drive) => {
    const points = [];
    const first = Math.max(drive.start, Math.ceil(from / step) * step);
    const last = Math.min(drive.end, to);
    for (let t = Math.ceil(first / step) * step; t <= last; t += step)
      points.push(pathPoint(details.value, sample(timeline, drive, t, vehicle.state.outsideTempC, units)));
    return points;
  });
  return json(200, { results: separate.value ? perDrive : perDrive.flat() });
}

const CONDITIONS = ['Clear', 'Clouds', 'Mist', 'Rain'] as const;

/** `GET /{vin}/weather`: today's weather where the car is (°C, hPa, m, m/s; sunrise and sunset Unix s). */
export function weather(vehicle: VehicleRuntime): Reply {
  const { state } = vehicle;
  const nowS = Math.floor(vehicle.now() / 1000);
  const day = Math.floor(nowS / DAY_S) * DAY_S;
  const rng = mulberry32(hashString(state.vin, (0x9b05688c ^ (day / DAY_S)) >>> 0));
  const where = stateLocation(state);
  const condition = pick(rng, CONDITIONS);
  const temperature = state.outsideTempC;
  const wind = Math.round(rng() * 80) / 10;
  return json(200, {
    location: where ? 'Palo Alto' : null,
    condition,
    temperature,
    feels_like: Math.round((temperature - wind * 0.3) * 100) / 100,
    humidity: intBetween(rng, 35, 95),
    visibility: condition === 'Mist' ? intBetween(rng, 1000, 4000) : 10_000,
    pressure: intBetween(rng, 1005, 1025),
    // The Bay Area's sunrise and sunset, about 07:00 and 18:00 Pacific time.
    sunrise: day + 15 * 3600,
    sunset: day + 26 * 3600,
    cloudiness: condition === 'Clear' ? intBetween(rng, 0, 10) : intBetween(rng, 40, 100),
    wind_speed: wind,
    wind_direction: intBetween(rng, 0, 359),
  });
}
