// fleet.*: the account's reads the fleet view shows (every car's battery health, the garage's
// readiness for signed commands), each with its as-of and source.
import { ok } from '../../../shared/result';
import type { FleetReads } from '../../services/fleet-reads';
import type { ActiveContext } from '../../services/profiles-service';
import type { HandlerGroup } from './types';

export function fleetHandlers(deps: {
  fleet: FleetReads;
  active: () => Promise<ActiveContext>;
  /** The VINs of a profile's garage, in its order: the cars the fleet status is asked about. */
  garageVins: (profileId: string) => Promise<string[]>;
}): HandlerGroup<'fleet.batteryHealth' | 'fleet.status'> {
  return {
    'fleet.batteryHealth': async (options) => {
      const { value, ...meta } = await deps.fleet.batteryHealth(await deps.active(), options ?? {});
      return ok(value, meta);
    },
    'fleet.status': async (options) => {
      const ctx = await deps.active();
      const { value, ...meta } = await deps.fleet.status(
        ctx,
        await deps.garageVins(ctx.profileId),
        options ?? {},
      );
      return ok(value, meta);
    },
  };
}
