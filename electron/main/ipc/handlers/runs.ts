// runs.*: work main owns across many vehicles or past one view. The window starts, watches (through
// 'run.changed' events), cancels and exports; main drives.
import { ok } from '../../../shared/result';
import type { RunManager } from '../../runs/run-manager';
import type { createRunResultsExport } from '../../runs/run-results-export';
import type { ActiveContext } from '../../services/profiles-service';
import type { HandlerGroup } from './types';

export function runHandlers(deps: {
  runs: RunManager;
  results: ReturnType<typeof createRunResultsExport>;
  active: () => Promise<ActiveContext>;
  /** The VINs of a profile's garage, in its order. */
  garageVins: (profileId: string) => Promise<string[]>;
}): HandlerGroup<
  | 'runs.startBulkCommand'
  | 'runs.startGarageRefresh'
  | 'runs.startVehicleCommand'
  | 'runs.list'
  | 'runs.get'
  | 'runs.cancel'
  | 'runs.cancelItem'
  | 'runs.retryFailed'
  | 'runs.exportResults'
> {
  const { runs, active } = deps;
  return {
    'runs.startBulkCommand': async (input) => ok(await runs.startBulkCommand(await active(), input)),
    'runs.startGarageRefresh': async (input) => {
      const ctx = await active();
      const vins = await deps.garageVins(ctx.profileId);
      return ok(
        await runs.startGarageRefresh(ctx, { vins, alertsAndCertificates: input?.alertsAndCertificates }),
      );
    },
    'runs.startVehicleCommand': async (vin, name, options) =>
      ok(await runs.startVehicleCommand(await active(), { vin, command: { name, options: options ?? {} } })),
    'runs.list': async () => ok(runs.list()),
    'runs.get': async (id) => ok(runs.get(id)),
    'runs.cancel': async (id) => ok(runs.cancel(id)),
    'runs.cancelItem': async (id, vin) => ok(runs.cancelItem(id, vin)),
    'runs.retryFailed': async (id) => ok(await runs.retryFailed(id)),
    'runs.exportResults': async (id) => ok(await deps.results.toFile(id)),
  };
}
