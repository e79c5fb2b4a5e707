// Reads of one vehicle, each answered live or from the offline cache with `source` and `fetchedAt`.
import { ok } from '../../../shared/result';
import type { ActiveContext } from '../../services/profiles-service';
import type { VehicleReads } from '../../services/vehicle-reads';
import type { HandlerGroup } from './types';

/** Splits a read's outcome into the envelope's value and its extra fields. */
const envelope = <T, Meta extends object>({ value, ...meta }: { value: T } & Meta) => ok(value, meta);

export function vehicleReadHandlers(deps: {
  reads: VehicleReads;
  active: () => Promise<ActiveContext>;
}): HandlerGroup<
  | 'vehicles.telemetryConfig'
  | 'vehicles.releaseNotes'
  | 'vehicles.state'
  | 'vehicles.status'
  | 'vehicles.plate'
  | 'vehicles.drives'
  | 'vehicles.firmwareAlerts'
  | 'vehicles.tirePressure'
> {
  const { reads, active } = deps;
  return {
    'vehicles.telemetryConfig': async (vin, query) =>
      envelope(await reads.telemetryConfig(await active(), vin, query)),
    'vehicles.releaseNotes': async (vin, query) =>
      envelope(await reads.releaseNotes(await active(), vin, query)),
    'vehicles.state': async (vin, options) => envelope(await reads.state(await active(), vin, options)),
    'vehicles.status': async (vin, options) => envelope(await reads.status(await active(), vin, options)),
    'vehicles.plate': async (vin, options) => envelope(await reads.plate(await active(), vin, options)),
    'vehicles.drives': async (vin, query) => envelope(await reads.drives(await active(), vin, query)),
    'vehicles.firmwareAlerts': async (vin, options) =>
      envelope(await reads.firmwareAlerts(await active(), vin, options)),
    'vehicles.tirePressure': async (vin, options) =>
      envelope(await reads.tirePressure(await active(), vin, options)),
  };
}
