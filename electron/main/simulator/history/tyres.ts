// `GET /{vin}/tire_pressure`: the reading now, or with `from`/`to` the readings of a window, one a
// day at noon UTC inside the car's recent history. Tyres lose a little pressure every day, and the
// shop topped them up on its visit day, so going back in time they read higher since the visit and
// lower before it. The service's history form is not published: by default it is `results` (a list
// of readings, as battery health's window is); the simulator's `tyreHistoryForm: 'object'` answers
// the newest reading of the window as a plain object instead, so a client can be tried on both.
// `pressure_format` is bar (the default), kpa or psi. It never wakes the car.
import { error, json, type Reply } from '../reply';
import { tyresView } from '../state-view';
import type { TyrePressures } from '../types';
import { windowParams } from '../validation';
import type { VehicleRuntime } from '../vehicle-runtime';
import { DAY_S, HISTORY_DAYS, SHOP_VISIT_DAYS_AGO } from './timeline';

export type TyreHistoryForm = 'results' | 'object';

/** Bar lost per tyre per day, and what the shop put back on its visit. */
const LOSS_PER_DAY_BAR = 0.004;
const SHOP_TOP_UP_BAR = 0.25;

const PER_BAR = { bar: 1, kpa: 100, psi: 14.503_773_8 } as const;
type PressureFormat = keyof typeof PER_BAR;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** What each wheel read at `at` (Unix s), given what it reads now. */
function readingAt(now: TyrePressures, nowS: number, at: number, shopVisit: number): TyrePressures {
  const back = ((nowS - at) / DAY_S) * LOSS_PER_DAY_BAR - (at < shopVisit ? SHOP_TOP_UP_BAR : 0);
  const then = (bar: number | null) => (bar === null ? null : round(bar + back, 2));
  return {
    frontLeft: then(now.frontLeft),
    frontRight: then(now.frontRight),
    rearLeft: then(now.rearLeft),
    rearRight: then(now.rearRight),
    measuredAt: at,
  };
}

/** The public reading (statuses from the bar values), its pressures in the format asked for. */
function view(t: TyrePressures, format: PressureFormat) {
  const reading = tyresView(t);
  if (format === 'bar') return reading;
  const value = (bar: number | null) => (bar === null ? null : round(bar * PER_BAR[format], 1));
  return {
    ...reading,
    front_left: value(t.frontLeft),
    front_right: value(t.frontRight),
    rear_left: value(t.rearLeft),
    rear_right: value(t.rearRight),
  };
}

export function tirePressure(
  vehicle: VehicleRuntime,
  query: Record<string, string>,
  form: TyreHistoryForm,
): Reply {
  const format = query['pressure_format'] ?? 'bar';
  if (!Object.hasOwn(PER_BAR, format)) return error(400, 'pressure_format must be bar, kpa or psi');
  const unit = format as PressureFormat;
  const window = windowParams(query);
  if (!window.ok) return error(400, window.error);
  const now = vehicle.state.tyres;
  const { from, to } = window.value;
  if (from === null && to === null) return json(200, view(now, unit));
  const nowS = Math.floor(vehicle.now() / 1000);
  const today = Math.floor(nowS / DAY_S) * DAY_S;
  const shopVisit = today - SHOP_VISIT_DAYS_AGO * DAY_S;
  const first = Math.max(from ?? 0, today - HISTORY_DAYS * DAY_S);
  const last = Math.min(to ?? nowS, nowS);
  const readings = [];
  for (let day = Math.floor(first / DAY_S) * DAY_S; day <= last; day += DAY_S) {
    const noon = day + DAY_S / 2;
    if (noon >= first && noon <= last) readings.push(view(readingAt(now, nowS, noon, shopVisit), unit));
  }
  if (form === 'object') {
    const newest = readings.at(-1);
    return newest ? json(200, newest) : error(404, 'No tyre pressure was measured in that window');
  }
  return json(200, { results: readings });
}
