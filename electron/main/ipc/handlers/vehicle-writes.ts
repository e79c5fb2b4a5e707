// Writes to one vehicle: sent once, audited, `busy` while the same one runs. Commands and the
// wake-up are not here: they are runs (runs.startVehicleCommand), one pipeline with one lock per car.
import { ok } from '../../../shared/result';
import type { ActiveContext } from '../../services/profiles-service';
import type { VehicleWrites, WriteOutcome } from '../../services/vehicle-writes';
import { withWarning, type HandlerGroup } from './types';

const envelope = ({ value, warning }: WriteOutcome) => ok(value, withWarning(warning));

export function vehicleWriteHandlers(deps: {
  writes: VehicleWrites;
  active: () => Promise<ActiveContext>;
}): HandlerGroup<'vehicles.setPlate' | 'vehicles.setDriveTag'> {
  const { writes, active } = deps;
  return {
    'vehicles.setPlate': async (vin, input) => envelope(await writes.setPlate(await active(), vin, input)),
    'vehicles.setDriveTag': async (vin, input) =>
      envelope(await writes.setDriveTag(await active(), vin, input)),
  };
}
