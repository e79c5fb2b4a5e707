// The bulk run as main tells it: main sends, paces (one pacer, the API client's) and keeps the
// results; this store starts a run, follows it (through the runs store) and asks for cancel, retry
// and export. A reload or a closed window loses nothing: the run goes on in main and shows again.
import type { BulkRunCommandName, RunCommandName } from '../../../electron/shared/bulk-commands';
import type { RunSnapshot } from '../../../electron/shared/runs';
import type { PlanEntry } from './bulk-plan';
import type { ConnectionNotes } from './connection.svelte';
import { describeError } from './errors';
import { mainApi } from './main-api';
import { isFinished, retryableItems } from '../../../electron/shared/runs';
import type { RunsStore } from './runs.svelte';
import type { ToastTone } from './toasts.svelte';

/** Short words for a skip, for the run's summary ("1 skipped (offline)"). */
function skipReason(problem: string): string {
  if (/^offline/i.test(problem)) return 'offline';
  if (/^skipped: claimed by/i.test(problem)) return 'claimed';
  if (/accepts .* to /i.test(problem)) return 'out of range';
  if (/does not support/i.test(problem)) return 'not supported';
  return 'not sendable';
}

interface BulkRunDeps {
  connection: ConnectionNotes;
  runs: RunsStore;
  activeProfileId: () => string | null;
  notify: (message: string, tone: ToastTone) => void;
}

// The class lives in its factory so its derived values can read what the store is given.
export function createBulkRun(deps: BulkRunDeps) {
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

    /** Starts a run in main of the plan's entries (those with a problem are listed, never sent). */
    async start(
      name: BulkRunCommandName,
      entries: PlanEntry[],
      concurrency: number,
      includeClaimed = false,
    ): Promise<void> {
      const { waitForCompletion, maxAttempts, temperature, amps, percent, mph } = entries[0]?.options ?? {};
      const options = Object.fromEntries(
        Object.entries({ waitForCompletion, maxAttempts, temperature, amps, percent, mph }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      const started = await mainApi().runs.startBulkCommand({
        command: { name, options },
        items: entries.map((entry) => ({
          vin: entry.vehicle.vin,
          ...(entry.problem ? { skip: { reason: skipReason(entry.problem), message: entry.problem } } : {}),
        })),
        concurrency,
        ...(includeClaimed ? { includeClaimed } : {}),
      });
      this.#answer(started);
    }

    /**
     * A new run to the vehicles that failed or were not sent, with the same values; with
     * `includeUnknown`, also to those whose outcome is unknown (the technician's own choice).
     */
    async retryFailed(includeUnknown = false): Promise<void> {
      if (!this.run || this.running) return;
      const { runs } = mainApi();
      this.#answer(
        await (includeUnknown
          ? runs.retryFailed(this.run.id, { includeUnknown })
          : runs.retryFailed(this.run.id)),
      );
    }

    cancelAll(): void {
      if (this.run)
        void mainApi()
          .runs.cancel(this.run.id)
          .then((r) => this.#answer(r));
    }

    cancelOne(vin: string): void {
      if (this.run)
        void mainApi()
          .runs.cancelItem(this.run.id, vin)
          .then((r) => this.#answer(r));
    }

    /** Main asks where to save (the save dialog) and writes the results there. */
    async exportResults(): Promise<void> {
      if (!this.run) return;
      const result = await mainApi().runs.exportResults(this.run.id);
      if (!result.ok) deps.notify(`Could not export the results: ${describeError(result.error)}`, 'error');
      else if (!result.value.cancelled) deps.notify(`Results saved to ${result.value.path}`, 'success');
    }

    #answer(result: Awaited<ReturnType<ReturnType<typeof mainApi>['runs']['get']>>): void {
      if (result.ok) deps.runs.note(result.value);
      else {
        deps.connection.noteError(result.error);
        deps.notify(describeError(result.error), 'error');
      }
    }

    /** Nothing of its own to forget: the runs store holds the runs (component tests reset both). */
    reset(): void {}
  }
  return new BulkRunState();
}

/** A store's type, for the stores that are given it. */
export type BulkRunStore = ReturnType<typeof createBulkRun>;
