// Garage-list fixtures: vehicles with a glance whose parts were confirmed at a given time.
import type { Observed, VehicleEntry, VehicleGlance } from '../../electron/shared/types';
import { unknownGlance } from '../../electron/shared/vehicle-values';
import { vehicle } from './fixtures';

export function seen<T>(
  value: T,
  asOf: string | number,
  source: Observed<T>['source'] = 'state',
): Observed<T> {
  return { value, asOf: new Date(asOf).toISOString(), source, fromCache: false };
}

type GlanceValues = { [K in keyof VehicleGlance]?: NonNullable<VehicleGlance[K]>['value'] };

/** A glance whose given parts were all confirmed at `asOf`. */
export function glance(values: GlanceValues, asOf: string | number): VehicleGlance {
  const out: VehicleGlance = unknownGlance();
  for (const [key, value] of Object.entries(values) as [keyof VehicleGlance, unknown][]) {
    (out as unknown as Record<string, Observed<unknown>>)[key] = seen(value, asOf);
  }
  return out;
}

export function glanced(
  serial: number,
  values: GlanceValues,
  asOf: string | number,
  patch: Partial<VehicleEntry> = {},
) {
  return vehicle(serial, { glance: glance(values, asOf), ...patch });
}
