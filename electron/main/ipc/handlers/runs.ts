// runs.*: work main owns across many vehicles or past one view. The window starts, watches (through
// 'run.changed' events), cancels and exports; main drives.
import { offlineSkip } from '../../../shared/offline-skip';
import { AppError, ok } from '../../../shared/result';
import type { VehicleGlance } from '../../../shared/types';
import type { RunManager } from '../../runs/run-manager';
import type { createRunResultsExport } from '../../runs/run-results-export';
import type { ActiveContext } from '../../services/profiles-service';
import type { TemplateStore } from '../../storage/template-store';
import type { HandlerGroup } from './types';

export function runHandlers(deps: {
  runs: RunManager;
  results: ReturnType<typeof createRunResultsExport>;
  active: () => Promise<ActiveContext>;
  /** The VINs of a profile's garage, in its order. */
  garageVins: (profileId: string) => Promise<string[]>;
  /** The technician's kept choice for "Refresh garage", used when the window does not name one. */
  alertsAndCertificates?: () => boolean;
  /** What main last confirmed of a vehicle: a car it knows is offline is skipped, whatever the window planned. */
  glanceOf?: (profileId: string, vin: string) => VehicleGlance;
  /** Where a roll-out's template is looked up: main writes what is saved, never what the window sends. */
  templates?: Pick<TemplateStore, 'list'>;
  /**
   * Shop mode: refuses a long command to a car another technician has claimed unless the technician
   * confirmed (`overrideClaim`, recorded), as a single command sent directly is.
   */
  checkClaim?: (profileId: string, vin: string, override: boolean, operation: string) => Promise<void>;
  /**
   * Shop mode: the vehicles another technician holds, skipped with why unless the technician chose
   * to include them (then each override is recorded). Checked here, whatever the window planned.
   */
  claimSkips?: (
    profileId: string,
    vins: readonly string[],
    include: boolean,
    operation: string,
  ) => Promise<ReadonlyMap<string, { reason: string; message: string }>>;
  now?: () => Date;
}): HandlerGroup<
  | 'runs.startBulkCommand'
  | 'runs.startTemplateRollout'
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
  /** The items with those another technician holds skipped (or, included, each override recorded). */
  async function withClaimSkips<Item extends { vin: string; skip?: unknown }>(
    profileId: string,
    items: Item[],
    include: boolean,
    operation: string,
  ): Promise<Item[]> {
    if (!deps.claimSkips) return items;
    const toSend = items.filter((item) => !item.skip).map((item) => item.vin);
    const claimed = await deps.claimSkips(profileId, toSend, include, operation);
    return items.map((item) =>
      item.skip || !claimed.has(item.vin) ? item : { ...item, skip: claimed.get(item.vin)! },
    );
  }
  return {
    'runs.startBulkCommand': async (input) => {
      const { includeClaimed, ...request } = input;
      const ctx = await active();
      const glanceOf = deps.glanceOf;
      const now = (deps.now?.() ?? new Date()).getTime();
      let items = glanceOf
        ? request.items.map((item) =>
            item.skip ? item : { ...item, skip: offlineSkip(glanceOf(ctx.profileId, item.vin), now) },
          )
        : request.items;
      items = await withClaimSkips(
        ctx.profileId,
        items,
        includeClaimed === true,
        `command:${request.command.name}`,
      );
      return ok(await runs.startBulkCommand(ctx, { ...request, items }));
    },
    'runs.startTemplateRollout': async ({ includeClaimed, ...input }) => {
      const ctx = await active();
      const wanted = input.template.toLocaleLowerCase('en');
      const template = (await (deps.templates?.list() ?? Promise.resolve([]))).find(
        (candidate) => candidate.name.toLocaleLowerCase('en') === wanted,
      );
      if (!template) {
        throw new AppError(
          'not_found',
          `No template is named "${input.template}": it may have been removed.`,
        );
      }
      const items = await withClaimSkips(
        ctx.profileId,
        input.items,
        includeClaimed === true,
        `rollout:${template.name}`,
      );
      return ok(
        await runs.startTemplateRollout(ctx, {
          template: { name: template.name, fields: template.fields },
          items,
        }),
      );
    },
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
    'runs.startVehicleCommand': async (vin, name, options) => {
      const { overrideClaim, ...commandOptions } = options ?? {};
      const ctx = await active();
      await deps.checkClaim?.(ctx.profileId, vin, overrideClaim === true, `command:${name}`);
      return ok(await runs.startVehicleCommand(ctx, { vin, command: { name, options: commandOptions } }));
    },
    'runs.list': async () => ok(runs.list()),
    'runs.get': async (id) => ok(runs.get(id)),
    'runs.cancel': async (id) => ok(runs.cancel(id)),
    'runs.cancelItem': async (id, vin) => ok(runs.cancelItem(id, vin)),
    'runs.retryFailed': async (id, options) => ok(await runs.retryFailed(id, options ?? {})),
    'runs.exportResults': async (id) => ok(await deps.results.toFile(id)),
  };
}
