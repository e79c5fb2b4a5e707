// "Refresh garage" as main runs it: one read per vehicle from the service's copy (never wakes a
// car), paced by main's client. This store starts the run, follows its events, and shows how it
// ended; the list takes the new glances every couple of seconds while it runs and once at the end.
import type { RunSnapshot } from '../../../electron/shared/runs';
import { connection } from './connection.svelte';
import { describeError } from './errors';
import { garage } from './garage.svelte';
import { garageApi } from './garage';
import { isFinished, runs } from './runs.svelte';
import { toasts } from './toasts.svelte';

/** How often the list takes the new glances while a refresh runs. */
export const LIST_UPDATE_MS = 2_000;

export interface RefreshProgress {
  total: number;
  /** Reads that ended (refreshed or failed). */
  done: number;
  failed: number;
  /** Epoch ms every read waits until, while the service asks to slow down; else null. */
  waitingUntil: number | null;
}

class GarageRefresh {
  run = $derived<RunSnapshot | null>(runs.latest('garage-refresh', garage.activeProfile?.id ?? null));
  running = $derived(this.run !== null && !isFinished(this.run));
  progress = $derived.by<RefreshProgress | null>(() => {
    const run = this.run;
    if (!run || isFinished(run)) return null;
    const { total, succeeded, failed } = run.counts;
    return {
      total,
      done: succeeded + failed,
      failed,
      waitingUntil: run.waitingUntil ? new Date(run.waitingUntil).getTime() : null,
    };
  });
  #dismissed = $state<string | null>(null);
  /** The last refresh's end, until dismissed. */
  outcome = $derived(this.run && isFinished(this.run) && this.#dismissed !== this.run.id ? this.run : null);
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    $effect.root(() => {
      // While a refresh runs the list takes the new glances every couple of seconds, and once at the end.
      $effect(() => {
        if (!this.running) return;
        const timer = setInterval(() => void garage.refreshVehicles(), LIST_UPDATE_MS);
        this.#timer = timer;
        return () => {
          clearInterval(timer);
          this.#timer = null;
          void garage.refreshVehicles();
        };
      });
    });
  }

  /** Reads every vehicle of the active profile once (with `alertsAndCertificates`, also alerts and telemetry). */
  async start(options: { alertsAndCertificates?: boolean } = {}): Promise<void> {
    runs.watch();
    const started = await garageApi().runs.startGarageRefresh({
      alertsAndCertificates: options.alertsAndCertificates ?? false,
    });
    if (started.ok) runs.note(started.value);
    else {
      connection.noteError(started.error);
      toasts.show(describeError(started.error), 'error');
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
    if (this.#timer) clearInterval(this.#timer);
    this.#dismissed = null;
    runs.reset();
  }
}

export const garageRefresh = new GarageRefresh();
