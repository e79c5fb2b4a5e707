// runs.*: work main owns across many vehicles or past one view. The window starts, watches (through
// 'run.changed' events), cancels and exports; main drives, and applies its own rules where a run
// starts (runs/run-starts.ts).
import { ok } from '../../../shared/result';
import type { RunManager } from '../../runs/run-manager';
import type { createRunResultsExport } from '../../runs/run-results-export';
import type { RunStarts } from '../../runs/run-starts';
import type { ActiveContext } from '../../services/profiles-service';
import type { HandlerGroup } from './types';

export function runHandlers(deps: {
  runs: RunManager;
  starts: RunStarts;
  results: ReturnType<typeof createRunResultsExport>;
  active: () => Promise<ActiveContext>;
  /** The VINs of a profile's garage, in its order. */
  garageVins: (profileId: string) => Promise<string[]>;
  /** The technician's kept choice for "Refresh garage", used when the window does not name one. */
  alertsAndCertificates?: () => boolean;
}): HandlerGroup<
  | 'runs.startBulkCommand'
  | 'runs.startTemplateRollout'
  | 'runs.startGarageRefresh'
  | 'runs.startHistoryRefresh'
  | 'runs.startVehicleCommand'
  | 'runs.list'
  | 'runs.get'
  | 'runs.cancel'
  | 'runs.cancelItem'
  | 'runs.retryFailed'
  | 'runs.exportResults'
> {
  const { runs, starts, active } = deps;
  return {
    'runs.startBulkCommand': async (input) => ok(await starts.bulkCommand(await active(), input)),
    'runs.startTemplateRollout': async (input) => ok(await starts.templateRollout(await active(), input)),
    'runs.startGarageRefresh': async (input) => {
      const ctx = await active();
      const vins = await deps.garageVins(ctx.profileId);
      return ok(
        await runs.startGarageRefresh(ctx, {
          vins,
          alertsAndCertificates: input?.alertsAndCertificates ?? deps.alertsAndCertificates?.() ?? false,
        }),
      );
    },
    'runs.startHistoryRefresh': async () => {
      const ctx = await active();
      return ok(await runs.startHistoryRefresh(ctx, { vins: await deps.garageVins(ctx.profileId) }));
    },
    'runs.startVehicleCommand': async (vin, name, options) => {
      const { overrideClaim, offlineConfirmed, ...commandOptions } = options ?? {};
      return ok(
        await starts.vehicleCommand(
          await active(),
          vin,
          { name, options: commandOptions },
          { overrideClaim: overrideClaim === true, offlineConfirmed: offlineConfirmed === true },
        ),
      );
    },
    'runs.list': async () => ok(runs.list()),
    'runs.get': async (id) => ok(runs.get(id)),
    'runs.cancel': async (id) => ok(runs.cancel(id)),
    'runs.cancelItem': async (id, vin) => ok(runs.cancelItem(id, vin)),
    'runs.retryFailed': async (id, options) => ok(await runs.retryFailed(id, options ?? {})),
    'runs.exportResults': async (id) => ok(await deps.results.toFile(id)),
  };
}
