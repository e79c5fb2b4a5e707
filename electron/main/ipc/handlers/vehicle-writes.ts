// Writes to one vehicle: sent once, audited, `busy` while the same one runs.
import { ok } from '../../../shared/result';
import type { ActiveContext } from '../../services/profiles-service';
import type { VehicleWrites, WriteOutcome } from '../../services/vehicle-writes';
import { withWarning, type HandlerGroup } from './types';

const envelope = ({ value, warning }: WriteOutcome) => ok(value, withWarning(warning));

export function vehicleWriteHandlers(deps: {
  writes: VehicleWrites;
  active: () => Promise<ActiveContext>;
  /**
   * Shop mode: refuses a command to a car another technician has claimed unless the technician
   * confirmed (`overrideClaim`, recorded); a forged renderer cannot skip the question silently.
   */
  checkClaim?: (profileId: string, vin: string, override: boolean, operation: string) => Promise<void>;
}): HandlerGroup<'vehicles.setPlate' | 'vehicles.setDriveTag' | 'vehicles.command' | 'vehicles.wake'> {
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
    'vehicles.command': async (vin, name, options) => {
      const { overrideClaim, ...commandOptions } = options ?? {};
      const ctx = await checked(vin, overrideClaim, `command:${name}`);
      return envelope(await writes.command(ctx, vin, name, options ? commandOptions : undefined));
    },
    'vehicles.wake': async (vin, options) =>
      envelope(await writes.wake(await checked(vin, options?.overrideClaim, 'wake'), vin)),
  };
}
