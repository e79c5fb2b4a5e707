// The bulk run as main tells it: main sends, paces (one pacer, the API client's) and keeps the
// results; this store starts a run, follows it (through the runs store) and asks for cancel, retry
// and export. A reload or a closed window loses nothing: the run goes on in main and shows again.
import type { BulkRunCommandName, RunCommandName } from '../../../electron/shared/bulk-commands';
import type { RunSnapshot } from '../../../electron/shared/runs';
import { unitFieldsFor, type EntryUnits } from '../../../electron/shared/command-units';
import { boundsFromState, type PlanEntry, type VehicleBounds } from './bulk-plan';
import { describeError } from './errors';
import { t } from './i18n.svelte';
import { mainApi } from './main-api';
import { isFinished, retryableItems } from '../../../electron/shared/runs';
import {
  cancelRun,
  readTwoAtATime,
  retryRun,
  sentVins,
  takeRunAnswer,
  type RunStoreDeps,
} from './run-answer';

// The class lives in its factory so its derived values can read what the store is given.
export function createBulkRun(deps: RunStoreDeps) {
  class BulkRunState {
    /** The active profile's latest bulk run, or null. */
    run = $derived<RunSnapshot | null>(deps.runs.latest('bulk-command', deps.activeProfileId()));
    running = $derived(this.run !== null && !isFinished(this.run));
    total = $derived(this.run?.counts.total ?? 0);
    /** Vehicles whose turn has ended: sent and answered, skipped, or not sent. */
    finished = $derived(
      this.run
        ? this.run.counts.total - this.run.counts.queued - this.run.counts.sending - this.run.counts.waiting
        : 0,
    );
    failedCount = $derived(this.run?.counts.failed ?? 0);
    /** Failed or never sent; those whose outcome is unknown have a button of their own. */
    retryCount = $derived(this.run ? retryableItems(this.run.items).length : 0);
    /** Sent with no answer recorded (the app stopped): the car may have done it. */
    unknownCount = $derived(this.run?.counts.unknown ?? 0);
    commandName = $derived<RunCommandName | null>(this.run?.command?.name ?? null);

    /** Asks main for the profile's latest bulk run (a reload, the view opened again) to show it. */
    async watchLatest(): Promise<void> {
      await deps.runs.fetchLatest(mainApi(), 'bulk-command', deps.activeProfileId());
    }

    /**
     * Reads each vehicle's saved state (never wakes it) to learn its own bounds for the command;
     * `each` is told what was found (null: not known). Main's client paces the reads.
     */
    async readBounds(
      vins: readonly string[],
      name: BulkRunCommandName,
      each: (vin: string, bounds: VehicleBounds | null) => void,
    ): Promise<void> {
      await readTwoAtATime(vins, async (vin) => {
        const result = await mainApi().vehicles.state(vin);
        each(vin, result.ok ? boundsFromState(name, result.value, result.asOf) : null);
      });
    }

    /** Starts a run in main of the plan's entries (those with a problem are listed, never sent). */
    async start(
      name: BulkRunCommandName,
      entries: PlanEntry[],
      concurrency: number,
      includeClaimed = false,
      units: EntryUnits = {},
    ): Promise<void> {
      const { waitForCompletion, maxAttempts, temperature, amps, percent, mph } = entries[0]?.options ?? {};
      const options = Object.fromEntries(
        Object.entries({ waitForCompletion, maxAttempts, temperature, amps, percent, mph }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      // A value typed in the technician's unit names it: main turns it into the service's at its edge.
      Object.assign(
        options,
        unitFieldsFor(temperature !== undefined ? 'temperature' : mph !== undefined ? 'mph' : null, units),
      );
      const items = entries.map((entry) => ({
        vin: entry.vehicle.vin,
        ...(entry.problem
          ? { skip: { reason: entry.skipReason ?? 'not sendable', message: entry.problem } }
          : {}),
      }));
      const started = await mainApi().runs.startBulkCommand({
        command: { name, options },
        items,
        concurrency,
        ...(includeClaimed ? { includeClaimed } : {}),
      });
      if (!started.ok)
        deps.refused?.({ kind: 'bulk', command: { name, options }, vins: sentVins(items) }, started.error);
      takeRunAnswer(deps, started);
    }

    /**
     * A new run to the vehicles that failed or were not sent, with the same values; with
     * `includeUnknown`, also to those whose outcome is unknown (the technician's own choice).
     */
    async retryFailed(includeUnknown = false): Promise<void> {
      if (!this.run || this.running) return;
      takeRunAnswer(deps, await retryRun(this.run, includeUnknown));
    }

    cancelAll(): void {
      cancelRun(deps, this.run);
    }

    cancelOne(vin: string): void {
      cancelRun(deps, this.run, vin);
    }

    /** Main asks where to save (the save dialog) and writes the results there. */
    async exportResults(): Promise<void> {
      if (!this.run) return;
      const result = await mainApi().runs.exportResults(this.run.id);
      if (!result.ok) deps.notify(t('bulk.exportFailed', { error: describeError(result.error) }), 'error');
      else if (!result.value.cancelled)
        deps.notify(t('bulk.exported', { path: result.value.path }), 'success');
    }

    /** Nothing of its own to forget: the runs store holds the runs (component tests reset both). */
    reset(): void {}
  }
  return new BulkRunState();
}

/** A store's type, for the stores that are given it. */
export type BulkRunStore = ReturnType<typeof createBulkRun>;
