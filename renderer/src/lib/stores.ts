// The renderer's stores, built in one place: each store module holds its class and takes what it
// needs of the others here, so no store imports another. Main's events reach the stores from here
// too, and tests put every store back to its start state with one call.
import type { GarageApi } from '../../../electron/shared/ipc/api';
import { createAuditFeed, type AuditFeedStore } from './audit-feed.svelte';
import { createBulkRun, type BulkRunStore } from './bulk-run.svelte';
import { createCommandRuns, type CommandRunsStore } from './command-runs.svelte';
import { createConnection, type ConnectionStore } from './connection.svelte';
import { createGarageRefresh, type GarageRefreshStore } from './garage-refresh.svelte';
import { createGarage, type GarageStore } from './garage.svelte';
import { followMainEvents } from './main-events';
import { createShell, type ShellStore } from './shell.svelte';
import { createOpenJobs, type OpenJobsStore } from './open-jobs.svelte';
import { displayName } from './vehicle-filter';
import { createShop, type ShopStore } from './shop.svelte';
import { createPreferences, type PreferencesStore } from './preferences.svelte';
import { createRuns, type RunsStore } from './runs.svelte';
import { createToasts, type ToastsStore } from './toasts.svelte';
import { createVehicleStates, type VehicleStatesStore } from './vehicle-state.svelte';

export const garage: GarageStore = createGarage();
export const toasts: ToastsStore = createToasts();
export const preferences: PreferencesStore = createPreferences();
export const connection: ConnectionStore = createConnection({
  probeVin: () => garage.selectedVin ?? garage.vehicles[0]?.vin ?? null,
});
export const vehicleStates: VehicleStatesStore = createVehicleStates({ connection });
/** Runs main owns (bulk commands, Refresh garage, long commands), as its events tell them. */
export const runs: RunsStore = createRuns();
export const commandRuns: CommandRunsStore = createCommandRuns({
  connection,
  runs,
  vehicleStates,
  activeProfileId: () => garage.activeProfile?.id ?? null,
  vehicleName: (vin) => {
    const vehicle = garage.vehicles.find((entry) => entry.vin === vin);
    return vehicle ? displayName(vehicle) : vin;
  },
  notify: (message, tone) => toasts.show(message, tone),
});
const runDeps = {
  connection,
  runs,
  activeProfileId: () => garage.activeProfile?.id ?? null,
  notify: (message: string, tone: Parameters<ToastsStore['show']>[1]) => toasts.show(message, tone),
};
export const garageRefresh: GarageRefreshStore = createGarageRefresh(runDeps);
export const bulkRun: BulkRunStore = createBulkRun(runDeps);
export const auditFeed: AuditFeedStore = createAuditFeed();
export const shop: ShopStore = createShop();
/** The window's dialogs and "refresh the vehicle" count (shortcuts.svelte.ts drives it). */
export const shell: ShellStore = createShell();
/** The open job of each vehicle (its badge), as main's job events tell it. */
export const openJobs: OpenJobsStore = createOpenJobs();

/**
 * Subscribes the stores to main's events, then asks main once for the runs it kept while this
 * window was away (a reload, a closed window); returns the unsubscribe.
 */
export function connectStores(api: Pick<GarageApi, 'events' | 'runs'>): () => void {
  const unsubscribe = followMainEvents(api, {
    activeProfileId: () => garage.activeProfile?.id ?? null,
    vehicleChanged: (vin, entry) => garage.applyEntry(vin, entry),
    garageChanged: () => void garage.refreshVehicles(),
    profilesChanged: () => {
      const before = garage.activeProfile?.id ?? null;
      void garage.refreshProfiles().then(() => {
        // Another profile is active now: its garage has its own jobs.
        if ((garage.activeProfile?.id ?? null) !== before) void openJobs.load();
      });
    },
    settingChanged: (what) => {
      if (what === 'garage-refresh') void garageRefresh.readChoice();
    },
    serviceAnswered: () => connection.noteAnswer(),
    auditAdded: (event) => auditFeed.note(event.entry),
    runChanged: (event) => runs.apply(event, api),
    shopChanged: (event) => shop.applyStatus(event.status),
    claimChanged: (event) => shop.applyClaim(event.vin, event.claim),
    templatesChanged: () => shop.templatesChanged(),
    jobChanged: (event) => openJobs.apply(event.vin, event.openJob),
  });
  void runs.catchUp(api);
  return unsubscribe;
}

// A long command's end is told once the runs store holds the whole run, however it came (an event,
// or the whole run fetched after missed events).
runs.onRun((run) => commandRuns.runChanged(run));

/** Every store back to its start state (component tests call this between cases). */
export function resetStores(): void {
  garage.reset();
  vehicleStates.reset();
  connection.reset();
  commandRuns.reset();
  runs.reset();
  bulkRun.reset();
  garageRefresh.reset();
  toasts.clear();
  auditFeed.reset();
  shop.reset();
  shell.reset();
  openJobs.reset();
}
