// "Apply template" as main runs it: one configuration write at a time (the service takes one at a
// time), per-vehicle results, cancel and retry. This store reads the picked cars' configurations for
// the dry run, starts the run and follows it (through the runs store); a reload loses nothing.
import { isFinished, retryableItems, type RunSnapshot } from '../../../electron/shared/runs';
import { describeError } from './errors';
import { mainApi } from './main-api';
import {
  cancelRun,
  readTwoAtATime,
  retryRun,
  sentVins,
  takeRunAnswer,
  type RunStoreDeps,
} from './run-answer';
import { rolloutItems, type ConfigRead, type RolloutEntry } from './template-plan';

// The class lives in its factory so its derived values can read what the store is given.
export function createTemplateRollout(deps: RunStoreDeps) {
  class TemplateRollout {
    /** The active profile's latest template run, or null. */
    run = $derived<RunSnapshot | null>(deps.runs.latest('template-rollout', deps.activeProfileId()));
    running = $derived(this.run !== null && !isFinished(this.run));
    /** Cars a retry writes again (failed or never written), once the run ended. */
    retryCount = $derived(this.run && !this.running ? retryableItems(this.run.items).length : 0);
    /** Written with no answer recorded (the app stopped): the car may have it already. */
    unknownCount = $derived(this.run && !this.running ? this.run.counts.unknown : 0);

    /** Reads each car's configuration from the service for the dry run; `each` is told every answer. */
    async readConfigs(vins: readonly string[], each: (vin: string, read: ConfigRead) => void): Promise<void> {
      await readTwoAtATime(vins, async (vin) => {
        const result = await mainApi().vehicles.telemetryConfig(vin, { refresh: true });
        each(
          vin,
          result.ok
            ? { ok: true, config: result.value, source: result.source, fetchedAt: result.fetchedAt }
            : { ok: false, message: describeError(result.error) },
        );
      });
    }

    async start(template: string, plan: readonly RolloutEntry[]): Promise<void> {
      const items = rolloutItems(plan);
      const started = await mainApi().runs.startTemplateRollout({ template, items });
      if (!started.ok)
        deps.refused?.({ kind: 'template_rollout', template, vins: sentVins(items) }, started.error);
      takeRunAnswer(deps, started);
    }

    cancelAll(): void {
      cancelRun(deps, this.run);
    }

    /** Writes again to the cars not written; with `includeUnknown`, also those with an unknown outcome. */
    retryFailed(includeUnknown = false): void {
      if (this.run) void retryRun(this.run, includeUnknown).then((r) => takeRunAnswer(deps, r));
    }

    cancelOne(vin: string): void {
      cancelRun(deps, this.run, vin);
    }
  }
  return new TemplateRollout();
}

/** A store's type, for the stores that are given it. */
export type TemplateRolloutStore = ReturnType<typeof createTemplateRollout>;
