// `GET /{vin}/battery_health`: a demo car's pack over its life, as the service keeps it. The pack
// was new (its model's usable capacity) when the car was delivered and has lost capacity as its
// odometer grew, quickly over the first tens of thousands of miles and slowly after, as lithium-ion
// packs do; each car's pack differs from the model's curve by its own seeded share. Today's range at
// 100 % is the state's (`battery_range` at 100 %), so the two reads agree. Without a window the
// answer is the pack now (`result`); with `from` or `to` it is `results`, one measurement a day at
// midnight UTC inside the window and the car's life (the service's own cadence is not published).
// It reads what the service keeps, so it never wakes the car.
import { hashString, mulberry32 } from './prng';
import { error, json, type Reply } from './reply';
import type { VehicleState } from './types';
import { boolParam, distanceParam, inDistanceUnit, windowParams, type DistanceUnit } from './validation';
import type { VehicleRuntime } from './vehicle-runtime';

const DAY_S = 86_400;

/** Usable capacity of a new pack, kWh. */
const NEW_PACK_KWH: Readonly<Record<string, number>> = {
  'Model 3': 78,
  'Model Y': 78,
  'Model S': 100,
  'Model X': 100,
  Cybertruck: 123,
};

/** Ideal range at 100 % for each mile of rated range (the public example's ratio). */
const IDEAL_PER_RATED = 0.84;

/** How much of its first capacity a pack keeps at an odometer; `own` scales this car's loss. */
function healthAt(odometerMiles: number, own: number): number {
  const early = 0.045 * (1 - Math.exp(-odometerMiles / 20_000));
  const wear = 2.2e-7 * odometerMiles;
  return 1 - (early + wear) * own;
}

/** The car's life: delivered at the start of its model year's autumn, a month before now at the latest. */
function deliveredAt(state: VehicleState, nowS: number): number {
  return Math.min(Date.UTC(state.year - 1, 9, 1) / 1000, nowS - 30 * DAY_S);
}

interface Pack {
  /** Seconds since 1970 the car was delivered. */
  delivered: number;
  /** The car's odometer (miles) at a time (Unix s) of its life: driven evenly since delivery. */
  odometerAt(at: number): number;
  /** Capacity (kWh) and rated range at 100 % (miles) at an odometer. */
  at(odometerMiles: number): { capacity: number; rangeMiles: number };
}

function packOf(state: VehicleState, nowS: number): Pack {
  const delivered = deliveredAt(state, nowS);
  const own = 0.8 + 0.4 * mulberry32(hashString(state.vin, 0x6a77))();
  const newKwh = NEW_PACK_KWH[state.model] ?? 80;
  const today = healthAt(state.odometerMiles, own);
  return {
    delivered,
    odometerAt: (at) => state.odometerMiles * Math.min(1, Math.max(0, (at - delivered) / (nowS - delivered))),
    at: (odometerMiles) => {
      const health = healthAt(odometerMiles, own);
      return { capacity: newKwh * health, rangeMiles: (state.fullRangeMiles * health) / today };
    },
  };
}

/** The pack's usable capacity now, kWh (what the history reads count energy against). */
export function capacityNow(state: VehicleState, nowS: number): number {
  return packOf(state, nowS).at(state.odometerMiles).capacity;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function measurement(pack: Pack, odometerMiles: number, unit: DistanceUnit) {
  const { capacity, rangeMiles } = pack.at(odometerMiles);
  return {
    max_range: inDistanceUnit(rangeMiles, unit),
    max_ideal_range: inDistanceUnit(rangeMiles * IDEAL_PER_RATED, unit),
    capacity: round2(capacity),
  };
}

export function batteryHealth(vehicle: VehicleRuntime, query: Record<string, string>): Reply {
  const window = windowParams(query);
  if (!window.ok) return error(400, window.error);
  const unit = distanceParam(query);
  if (!unit.ok) return error(400, unit.error);
  const nowS = Math.floor(vehicle.now() / 1000);
  const pack = packOf(vehicle.state, nowS);
  const { from, to } = window.value;
  if (from === null && to === null) {
    return json(200, { result: measurement(pack, vehicle.state.odometerMiles, unit.value) });
  }
  const first = Math.ceil(Math.max(from ?? 0, pack.delivered) / DAY_S) * DAY_S;
  const last = Math.min(to ?? nowS, nowS);
  const results = [];
  for (let at = first; at <= last; at += DAY_S) {
    const odometer = pack.odometerAt(at);
    results.push({
      timestamp: at,
      odometer: inDistanceUnit(odometer, unit.value),
      ...measurement(pack, odometer, unit.value),
    });
  }
  return json(200, { results });
}

/**
 * `GET /battery_health`: every car of the account, each as its pack is now or, with a window, as
 * last measured inside it (the service does not say which; the latest is what a shop compares),
 * with its capacity when new and what it has lost. `only_active=true` leaves out inactive cars.
 */
export function fleetBatteryHealth(
  fleet: Iterable<VehicleRuntime>,
  query: Record<string, string>,
  nowMs: number,
): Reply {
  const window = windowParams(query);
  if (!window.ok) return error(400, window.error);
  const unit = distanceParam(query);
  if (!unit.ok) return error(400, unit.error);
  const onlyActive = boolParam(query, 'only_active', false);
  if (!onlyActive.ok) return error(400, onlyActive.error);
  const nowS = Math.floor(nowMs / 1000);
  const at = Math.min(window.value.to ?? nowS, nowS);
  const results = [];
  for (const vehicle of fleet) {
    const { state } = vehicle;
    if (onlyActive.value && !state.active) continue;
    const pack = packOf(state, nowS);
    // A window that ends before the car was delivered has nothing to say of it.
    if (at < pack.delivered || (window.value.from !== null && window.value.from > nowS)) continue;
    const odometer = at >= nowS ? state.odometerMiles : pack.odometerAt(at);
    const now = measurement(pack, odometer, unit.value);
    const original = round2(pack.at(0).capacity);
    const health = round2((now.capacity / original) * 100);
    results.push({
      vin: state.vin,
      plate: state.plate,
      odometer: inDistanceUnit(odometer, unit.value),
      ...now,
      original_capacity: original,
      degradation_percent: round2(100 - health),
      health_percent: health,
    });
  }
  return json(200, { results });
}
