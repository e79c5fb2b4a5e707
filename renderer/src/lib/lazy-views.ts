// Views a technician opens now and then, loaded the first time they are: Settings, Bulk actions,
// the fleet, the shop's board and a vehicle's tabs after its Overview (Health and history with its
// charting library among them) are not part of the start bundle the garage waits for. Each is
// imported once; later openings find the same promise already settled.
import type { Component } from 'svelte';
import type { VehicleEntry } from '../../../electron/shared/types';

let settings: Promise<typeof import('../components/settings/SettingsView.svelte')> | null = null;
let bulk: Promise<typeof import('../components/bulk/BulkActionsView.svelte')> | null = null;

let board: Promise<typeof import('../components/shop/ShopBoardView.svelte')> | null = null;

export const settingsView = () => (settings ??= import('../components/settings/SettingsView.svelte'));
export const bulkActionsView = () => (bulk ??= import('../components/bulk/BulkActionsView.svelte'));
export const shopBoardView = () => (board ??= import('../components/shop/ShopBoardView.svelte'));
let fleet: Promise<typeof import('../components/fleet/FleetView.svelte')> | null = null;
export const fleetView = () => (fleet ??= import('../components/fleet/FleetView.svelte'));

/** A vehicle tab's panel: every one is shown for one vehicle. */
type VehiclePanel = Promise<{ default: Component<{ vehicle: VehicleEntry }> }>;

// Every vehicle opens on its Overview (VehicleView.svelte), which is part of the start bundle; the
// other tabs wait until one is first chosen.
const TAB_PANELS = {
  telemetry: () => import('../components/vehicle/telemetry/TelemetryPanel.svelte'),
  notes: () => import('../components/vehicle/release-notes/ReleaseNotesPanel.svelte'),
  commands: () => import('../components/vehicle/commands/CommandsPanel.svelte'),
  workshop: () => import('../components/vehicle/workshop/WorkshopPanel.svelte'),
  access: () => import('../components/vehicle/access/AccessPanel.svelte'),
  plate: () => import('../components/vehicle/plate-and-tags/PlateAndTagsPanel.svelte'),
  history: () => import('../components/vehicle/history/HistoryPanel.svelte'),
  story: () => import('../components/vehicle/story/StoryPanel.svelte'),
  job: () => import('../components/vehicle/job/JobPanel.svelte'),
} satisfies Record<string, () => VehiclePanel>;

/** A vehicle's tab other than its Overview. */
export type LaterTab = keyof typeof TAB_PANELS;

const tabPanels = new Map<LaterTab, VehiclePanel>();

/** The panel of a vehicle's tab `tab`, loaded the first time any vehicle opens it. */
export function vehicleTabPanel(tab: LaterTab): VehiclePanel {
  let panel = tabPanels.get(tab);
  if (!panel) tabPanels.set(tab, (panel = TAB_PANELS[tab]()));
  return panel;
}
