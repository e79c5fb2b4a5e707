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
export const commandRuns: CommandRunsStore = createCommandRuns({
  connection,
  vehicleStates,
  notify: (message, tone) => toasts.show(message, tone),
});
/** Runs main owns (bulk commands, Refresh garage), as its events tell them. */
export const runs: RunsStore = createRuns();
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

/**
 * Subscribes the stores to main's events, then asks main once for the runs it kept while this
 * window was away (a reload, a closed window); returns the unsubscribe.
 */
export function connectStores(api: Pick<GarageApi, 'events' | 'runs'>): () => void {
  const unsubscribe = followMainEvents(api, {
    activeProfileId: () => garage.activeProfile?.id ?? null,
    vehicleChanged: (vin, entry) => garage.applyEntry(vin, entry),
    garageChanged: () => void garage.refreshVehicles(),
    profilesChanged: () => void garage.refreshProfiles(),
    serviceAnswered: () => connection.noteAnswer(),
    auditAdded: (event) => auditFeed.note(event.entry),
    runChanged: (event) => runs.apply(event, api),
    shopChanged: (event) => shop.applyStatus(event.status),
    claimChanged: (event) => shop.applyClaim(event.vin, event.claim),
  });
  void runs.catchUp(api);
  return unsubscribe;
}

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
}
