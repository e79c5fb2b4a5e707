// Reads of one vehicle, each answered live or from the offline cache with `source` and `fetchedAt`:
// one handler per read of the shared table (shared/vehicle-reads.ts), derived, and the release
// notes and the state.
import { ok } from '../../../shared/result';
import { VEHICLE_READ_NAMES, type VehicleReadName } from '../../../shared/vehicle-reads';
import type { ActiveContext } from '../../services/profiles-service';
import type { VehicleReads } from '../../services/vehicle-reads';
import type { HandlerGroup } from './types';

/** Splits a read's outcome into the envelope's value and its extra fields. */
const envelope = <T, Meta extends object>({ value, ...meta }: { value: T } & Meta) => ok(value, meta);

type TableReadOperation = `vehicles.${VehicleReadName}`;

export function vehicleReadHandlers(deps: {
  reads: VehicleReads;
  active: () => Promise<ActiveContext>;
}): HandlerGroup<TableReadOperation | 'vehicles.releaseNotes' | 'vehicles.state'> {
  const { reads, active } = deps;
  // Each handler calls its own read with its own (checked) options; the collection is said to be
  // the typed group once.
  const tableHandlers = Object.fromEntries(
    VEHICLE_READ_NAMES.map((name) => [
      `vehicles.${name}`,
      async (vin: string, options?: Record<string, unknown>) => {
        const read = reads[name] as (
          ctx: ActiveContext,
          vin: string,
          options?: Record<string, unknown>,
        ) => Promise<{ value: unknown }>;
        return envelope(await read(await active(), vin, options));
      },
    ]),
  ) as HandlerGroup<TableReadOperation>;
  return {
    ...tableHandlers,
    'vehicles.releaseNotes': async (vin, query) =>
      envelope(await reads.releaseNotes(await active(), vin, query)),
    'vehicles.state': async (vin, options) => envelope(await reads.state(await active(), vin, options)),
  };
}
