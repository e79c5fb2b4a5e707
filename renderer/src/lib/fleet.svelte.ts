// The garage as a fleet: every car's battery health and the fleet status, read from main (cached
// there with their age, offline from the copy), the order the fleet view shows them in, and the
// whole garage's history refresh main runs. The fleet status is also what the bulk plan and a job's
// opening check a car's readiness against, so it is read once for all of them.
import type { FleetBatteryHealth, FleetStatus } from '../../../electron/shared/fleet-wire';
import { isFinished, type RunSnapshot } from '../../../electron/shared/runs';
import { nextSort, WORST_FIRST, type FleetSort, type FleetSortKey } from './fleet-rows';
import { mainApi } from './main-api';
import { cancelRun, retryRun, takeRunAnswer, type RunStoreDeps } from './run-answer';
import { ServiceRead } from './service-read.svelte';

const healthRead = () =>
  new ServiceRead<FleetBatteryHealth>((refresh) => mainApi().fleet.batteryHealth({ refresh }));
const statusRead = () => new ServiceRead<FleetStatus>((refresh) => mainApi().fleet.status({ refresh }));

// The class lives in its factory so its derived values can read what the store is given.
export function createFleet(deps: RunStoreDeps) {
  class Fleet {
    health = $state.raw(healthRead());
    status = $state.raw(statusRead());
    sort = $state<FleetSort>(WORST_FIRST);
    /** The active profile's latest history refresh, or null. */
    run = $derived<RunSnapshot | null>(deps.runs.latest('history-refresh', deps.activeProfileId()));
    running = $derived(this.run !== null && !isFinished(this.run));

    /** The fleet status as last read, or null (never read, or the read failed with no copy). */
    get knownStatus(): FleetStatus | null {
      const result = this.status.result;
      return result?.ok ? result.value : null;
    }

    /** Reads both (from main's copy unless `refresh`). */
    async load(refresh = false): Promise<void> {
      await Promise.all([this.health.read(refresh), this.status.read(refresh)]);
    }

    /** Reads the fleet status once, for a check before a bulk run or a job; later calls do nothing. */
    ensureStatus(): void {
      if (this.status.result === null && !this.status.loading) void this.status.read();
    }

    sortBy(key: FleetSortKey): void {
      this.sort = nextSort(this.sort, key);
    }

    async refreshHistory(): Promise<void> {
      takeRunAnswer(deps, await mainApi().runs.startHistoryRefresh());
    }

    cancelHistory(): void {
      cancelRun(deps, this.run);
    }

    retryHistory(): void {
      if (this.run) void retryRun(this.run).then((result) => takeRunAnswer(deps, result));
    }

    /** Another profile, or a test's start: nothing read is kept. */
    reset(): void {
      this.health = healthRead();
      this.status = statusRead();
      this.sort = WORST_FIRST;
    }
  }
  return new Fleet();
}

/** A store's type, for the stores that are given it. */
export type FleetStore = ReturnType<typeof createFleet>;
