// Views a technician opens now and then, loaded the first time they are: Settings, Bulk actions,
// the fleet, the shop's board and a vehicle's Health and history (with its charting library) are not
// part of the start bundle the garage waits for. Each is imported once; later openings find the same
// promise already settled.
let settings: Promise<typeof import('../components/settings/SettingsView.svelte')> | null = null;
let bulk: Promise<typeof import('../components/bulk/BulkActionsView.svelte')> | null = null;

let board: Promise<typeof import('../components/shop/ShopBoardView.svelte')> | null = null;
let story: Promise<typeof import('../components/vehicle/story/StoryPanel.svelte')> | null = null;

export const settingsView = () => (settings ??= import('../components/settings/SettingsView.svelte'));
export const bulkActionsView = () => (bulk ??= import('../components/bulk/BulkActionsView.svelte'));
export const shopBoardView = () => (board ??= import('../components/shop/ShopBoardView.svelte'));
export const storyView = () => (story ??= import('../components/vehicle/story/StoryPanel.svelte'));
let fleet: Promise<typeof import('../components/fleet/FleetView.svelte')> | null = null;
export const fleetView = () => (fleet ??= import('../components/fleet/FleetView.svelte'));
