// "Refresh garage" as main runs it: one read per vehicle from the service's copy (never wakes a
// car), paced by main's client. This store starts the run, follows it (through the runs store) and
// shows how it ended; the glances fill in as main sends each changed vehicle's row as an event.
import type { RunSnapshot } from '../../../electron/shared/runs';
import type { ConnectionNotes } from './connection.svelte';
import { describeError } from './errors';
import { garageApi } from './garage';
import { isFinished } from '../../../electron/shared/runs';
import type { RunsStore } from './runs.svelte';
import type { ToastTone } from './toasts.svelte';

export interface RefreshProgress {
  total: number;
  /** Reads that ended (refreshed or failed). */
  done: number;
  failed: number;
  /** Epoch ms every read waits until, while the service asks to slow down; else null. */
  waitingUntil: number | null;
}

interface GarageRefreshDeps {
  connection: ConnectionNotes;
  runs: RunsStore;
  activeProfileId: () => string | null;
  notify: (message: string, tone: ToastTone) => void;
}

// The class lives in its factory so its derived values can read what the store is given.
export function createGarageRefresh(deps: GarageRefreshDeps) {
  class GarageRefresh {
    run = $derived<RunSnapshot | null>(deps.runs.latest('garage-refresh', deps.activeProfileId()));
    running = $derived(this.run !== null && !isFinished(this.run));
    progress = $derived.by<RefreshProgress | null>(() => {
      const run = this.run;
      if (!run || isFinished(run)) return null;
      const { total, succeeded, failed } = run.counts;
      return {
        total,
        done: succeeded + failed,
        failed,
        waitingUntil: run.waitingUntil ? Date.parse(run.waitingUntil) : null,
      };
    });
    #dismissed = $state<string | null>(null);
    /** The last refresh's end, until dismissed. */
    outcome = $derived(this.run && isFinished(this.run) && this.#dismissed !== this.run.id ? this.run : null);

    /** Reads every vehicle of the active profile once (with `alertsAndCertificates`, also alerts and telemetry). */
    async start(options: { alertsAndCertificates?: boolean } = {}): Promise<void> {
      const started = await garageApi().runs.startGarageRefresh({
        alertsAndCertificates: options.alertsAndCertificates ?? false,
      });
      if (started.ok) deps.runs.note(started.value);
      else {
        deps.connection.noteError(started.error);
        deps.notify(describeError(started.error), 'error');
      }
    }

    /** Stops sending; reads already under way finish (they only refresh what the list shows). */
    cancel(): void {
      if (this.run) void garageApi().runs.cancel(this.run.id);
    }

    dismiss(): void {
      this.#dismissed = this.run?.id ?? null;
    }

    /** Component tests call this between cases. */
    reset(): void {
      this.#dismissed = null;
    }
  }
  return new GarageRefresh();
}

/** A store's type, for the stores that are given it. */
export type GarageRefreshStore = ReturnType<typeof createGarageRefresh>;
