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
  /**
   * Shop mode: refuses a write to a car another technician has claimed unless the technician
   * confirmed (`overrideClaim`, recorded); a forged renderer cannot skip the question silently.
   */
  checkClaim?: (profileId: string, vin: string, override: boolean, operation: string) => Promise<void>;
}): HandlerGroup<'vehicles.setPlate' | 'vehicles.setDriveTag'> {
  const { writes, active } = deps;
  const checked = async (vin: string, override: boolean | undefined, operation: string) => {
    const ctx = await active();
    await deps.checkClaim?.(ctx.profileId, vin, override === true, operation);
    return ctx;
  };
  return {
    'vehicles.setPlate': async (vin, { overrideClaim, ...input }) =>
      envelope(await writes.setPlate(await checked(vin, overrideClaim, 'setPlate'), vin, input)),
    'vehicles.setDriveTag': async (vin, input) =>
      envelope(await writes.setDriveTag(await active(), vin, input)),
  };
}
