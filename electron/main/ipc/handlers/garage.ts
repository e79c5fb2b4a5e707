// The garage list of the active profile: vehicles with their badges and glance.
import { ok } from '../../../shared/result';
import type { GarageService } from '../../services/garage-service';
import type { HandlerGroup } from './types';

export function garageHandlers(deps: {
  garage: GarageService;
  activeId: () => Promise<string>;
  /** What happened to a garage file that could not be read whole, or null. */
  notice: (profileId: string) => string | null;
}): HandlerGroup<
  'vehicles.list' | 'vehicles.add' | 'vehicles.addMany' | 'vehicles.remove' | 'vehicles.rename'
> {
  const { garage, activeId, notice } = deps;
  return {
    'vehicles.list': async () => {
      const id = await activeId();
      const vehicles = await garage.list(id);
      // A garage file that needed repair is never replaced silently: the renderer shows why.
      const repaired = notice(id);
      return ok(vehicles, repaired === null ? {} : { notice: repaired });
    },
    'vehicles.add': async (input) => ok(await garage.add(await activeId(), input)),
    'vehicles.addMany': async (input) => ok(await garage.addMany(await activeId(), input.entries)),
    'vehicles.remove': async (vin) => {
      await garage.remove(await activeId(), vin);
      return ok(null);
    },
    'vehicles.rename': async (vin, nickname) => ok(await garage.rename(await activeId(), vin, nickname)),
  };
}
