// Reads of one vehicle, each answered live or from the offline cache with `source` and `fetchedAt`.
import { ok } from '../../../shared/result';
import type { ActiveContext } from '../../services/profiles-service';
import type { VehicleReads } from '../../services/vehicle-reads';
import type { VehicleStateReads } from '../../services/vehicle-state-reads';
import type { HandlerGroup } from './types';

/** Splits a read's outcome into the envelope's value and its extra fields. */
const envelope = <T, Meta extends object>({ value, ...meta }: { value: T } & Meta) => ok(value, meta);

export function vehicleReadHandlers(deps: {
  reads: VehicleReads;
  stateReads: VehicleStateReads;
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
  const { reads, stateReads, active } = deps;
  return {
    'vehicles.telemetryConfig': async (vin, query) =>
      envelope(await reads.telemetryConfig(await active(), vin, query)),
    'vehicles.releaseNotes': async (vin, query) =>
      envelope(await reads.releaseNotes(await active(), vin, query)),
    'vehicles.state': async (vin, options) => envelope(await stateReads.state(await active(), vin, options)),
    'vehicles.status': async (vin, options) =>
      envelope(await stateReads.status(await active(), vin, options)),
    'vehicles.plate': async (vin, options) => envelope(await stateReads.plate(await active(), vin, options)),
    'vehicles.drives': async (vin, query) => envelope(await stateReads.drives(await active(), vin, query)),
    'vehicles.firmwareAlerts': async (vin, options) =>
      envelope(await stateReads.firmwareAlerts(await active(), vin, options)),
    'vehicles.tirePressure': async (vin, options) =>
      envelope(await stateReads.tirePressure(await active(), vin, options)),
  };
}
