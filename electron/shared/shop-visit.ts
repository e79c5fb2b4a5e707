// What the shop says about a car's stay with it (Settings → The car's visit): where its lot is and
// how far it reaches, so a job's check-in and check-out say whether the car stood on it, and what a
// kWh costs the shop, so the charging sessions while the car was in custody carry their cost, and
// whether that cost is recorded on the service's sessions too (set cost), which only happens when
// the shop opts in. Pure: the IPC schema, main's file and the Settings form share the limits.
import type { GeoCircle } from './geo-distance';

export interface ShopVisitSettings {
  /** The shop's lot: its centre and radius in metres; null when not said (nobody is on or off it). */
  lot: GeoCircle | null;
  /** What the shop charges per kWh, in its own currency; null when not said. */
  pricePerKwh: number | null;
  /** Record each session's cost on the service (set cost) when a job closes. */
  recordCost: boolean;
}

/** A lot smaller than this is a parking space, not a lot; larger than the maximum, a district. */
export const LOT_RADIUS_MIN_M = 10;
export const LOT_RADIUS_MAX_M = 5000;
/** Far above any price of electricity in any currency a shop uses for it. */
export const PRICE_PER_KWH_MAX = 1000;

export const NO_SHOP_VISIT: ShopVisitSettings = { lot: null, pricePerKwh: null, recordCost: false };

/** A session's cost at the shop's price: energy from the charger times the price, to the cent. */
export function sessionCost(energyKwh: number | null, pricePerKwh: number | null): number | null {
  if (energyKwh === null || pricePerKwh === null || !Number.isFinite(energyKwh) || energyKwh < 0) return null;
  return Math.round(energyKwh * pricePerKwh * 100) / 100;
}
