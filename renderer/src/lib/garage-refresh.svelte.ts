// The "Refresh garage" run in progress (or last finished), shared so the list's bar keeps showing
// it while other views are open. Glances fill in as their answers arrive: main sends each changed
// vehicle's row as an event, so the list is never read again for it.
import type { GarageApi } from '../../../electron/shared/ipc/api';
import type { ConnectionNotes } from './connection.svelte';
import type { GarageStore } from './garage.svelte';
import { garageApi } from './garage';
import { refreshGarage, type RefreshOutcome, type RefreshProgress } from './garage-refresh';

class GarageRefresh {
  private readonly deps: {
    garage: Pick<GarageStore, 'profileEpoch' | 'vehicles'>;
    connection: ConnectionNotes;
  };

  constructor(deps: { garage: Pick<GarageStore, 'profileEpoch' | 'vehicles'>; connection: ConnectionNotes }) {
    this.deps = deps;
  }

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
    const epoch = this.deps.garage.profileEpoch;
    const vins = this.deps.garage.vehicles.map((v) => v.vin);
    this.outcome = null;
    this.progress = { total: vins.length, done: 0, failed: 0, waitingUntil: null };
    const real = garageApi();
    // A profile switch stops the run: its remaining VINs belong to the profile it started in.
    const api: Pick<GarageApi, 'vehicles'> = {
      vehicles: {
        ...real.vehicles,
        state: (vin, options) => {
          if (this.deps.garage.profileEpoch !== epoch) controller.abort();
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
      if (outcome.refreshed > 0) this.deps.connection.noteAnswer();
      else if (outcome.failures[0]) this.deps.connection.noteError(outcome.failures[0].error);
      // The rows followed main's events as each vehicle was read: nothing to list again.
      if (this.deps.garage.profileEpoch === epoch) {
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

/** A store's type, for the stores that are given it. */
export type GarageRefreshStore = GarageRefresh;

export function createGarageRefresh(deps: {
  garage: Pick<GarageStore, 'profileEpoch' | 'vehicles'>;
  connection: ConnectionNotes;
}): GarageRefreshStore {
  return new GarageRefresh(deps);
}
