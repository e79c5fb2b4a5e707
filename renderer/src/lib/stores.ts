// The renderer's stores, wired in one place: main's events reach each store from here, and tests
// put every store back to its start state with one call.
import type { GarageApi } from '../../../electron/shared/ipc/api';
import { bulkRun } from './bulk-run.svelte';
import { commandRuns } from './command-runs.svelte';
import { connection } from './connection.svelte';
import { garageRefresh } from './garage-refresh.svelte';
import { garage } from './garage.svelte';
import { followMainEvents } from './main-events';
import { vehicleStates } from './vehicle-state.svelte';

/** Subscribes the stores to main's events; returns the unsubscribe. */
export function connectStores(api: Pick<GarageApi, 'events'>): () => void {
  return followMainEvents(api, {
    activeProfileId: () => garage.activeProfile?.id ?? null,
    vehicleChanged: (vin, entry) => garage.applyEntry(vin, entry),
    garageChanged: () => void garage.refreshVehicles(),
    profilesChanged: () => void garage.refreshProfiles(),
    serviceAnswered: () => connection.noteAnswer(),
    auditAdded: () => {},
    runChanged: () => {},
  });
}

/** Every store back to its start state (component tests call this between cases). */
export function resetStores(): void {
  garage.reset();
  vehicleStates.reset();
  connection.reset();
  commandRuns.reset();
  bulkRun.reset();
  garageRefresh.reset();
}
