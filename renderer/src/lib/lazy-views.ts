// Views a technician opens now and then, loaded the first time they are: Settings, Bulk actions and
// the fleet are not part of the start bundle the garage waits for. Each is imported once; later openings
// find the same promise already settled.
let settings: Promise<typeof import('../components/settings/SettingsView.svelte')> | null = null;
let bulk: Promise<typeof import('../components/bulk/BulkActionsView.svelte')> | null = null;

export const settingsView = () => (settings ??= import('../components/settings/SettingsView.svelte'));
export const bulkActionsView = () => (bulk ??= import('../components/bulk/BulkActionsView.svelte'));
let fleet: Promise<typeof import('../components/fleet/FleetView.svelte')> | null = null;
export const fleetView = () => (fleet ??= import('../components/fleet/FleetView.svelte'));
