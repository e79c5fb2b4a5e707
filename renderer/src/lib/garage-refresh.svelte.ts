// The "Refresh garage" run in progress (or last finished), shared so the list's bar keeps showing
// it while other views are open. Glances fill in as their answers arrive: main sends each changed
// vehicle's row as an event, so the list is never read again for it.
import type { GarageApi } from '../../../electron/shared/ipc/api';
import { connection } from './connection.svelte';
import { garage } from './garage.svelte';
import { garageApi } from './garage';
import { refreshGarage, type RefreshOutcome, type RefreshProgress } from './garage-refresh';

class GarageRefresh {
  progress = $state<RefreshProgress | null>(null);
  outcome = $state<(RefreshOutcome & { finishedAt: string }) | null>(null);
  running = $derived(this.progress !== null);
  #controller: AbortController | null = null;

  /**
   * Reads every vehicle of the active profile once (with `alertsAndCertificates`, also its alerts
   * and telemetry); a second press while running does nothing.
   */
  async start(options: { alertsAndCertificates?: boolean } = {}): Promise<RefreshOutcome | null> {
    if (this.#controller) return null;
    const controller = new AbortController();
    this.#controller = controller;
    const epoch = garage.profileEpoch;
    const vins = garage.vehicles.map((v) => v.vin);
    this.outcome = null;
    this.progress = { total: vins.length, done: 0, failed: 0, waitingUntil: null };
    const real = garageApi();
    // A profile switch stops the run: its remaining VINs belong to the profile it started in.
    const api: Pick<GarageApi, 'vehicles'> = {
      vehicles: {
        ...real.vehicles,
        state: (vin, options) => {
          if (garage.profileEpoch !== epoch) controller.abort();
          return real.vehicles.state(vin, options);
        },
      },
    };
    try {
      const outcome = await refreshGarage({
        api,
        vins,
        signal: controller.signal,
        alertsAndCertificates: options.alertsAndCertificates ?? false,
        onProgress: (progress) => (this.progress = progress),
      });
      if (outcome.refreshed > 0) connection.noteAnswer();
      else if (outcome.failures[0]) connection.noteError(outcome.failures[0].error);
      // The rows followed main's events as each vehicle was read: nothing to list again.
      if (garage.profileEpoch === epoch) {
        this.outcome = { ...outcome, finishedAt: new Date().toISOString() };
      }
      return outcome;
    } finally {
      this.#controller = null;
      this.progress = null;
    }
  }

  /** Stops sending; reads already under way finish (they only refresh what the list shows). */
  cancel(): void {
    this.#controller?.abort();
  }

  dismiss(): void {
    this.outcome = null;
  }

  /** Component tests call this between cases. */
  reset(): void {
    this.cancel();
    this.progress = null;
    this.outcome = null;
  }
}

export const garageRefresh = new GarageRefresh();
