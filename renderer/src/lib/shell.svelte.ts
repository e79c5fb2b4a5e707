// The window's own state around the views: which main view shows, the "Go to vehicle" and shortcuts
// dialogs, the notice after a restart, and the count that open panels follow to read again on
// "refresh the vehicle". The keys and main's requests that change it are in shortcuts.svelte.ts.
export type MainView = 'vehicle' | 'bulk' | 'fleet' | 'settings' | 'shop';

class ShellState {
  /** The view beside the garage list: the selected vehicle, Bulk actions, the fleet or Settings. */
  view = $state<MainView>('vehicle');
  /** The "Go to vehicle" dialog is open. */
  quickOpen = $state(false);
  /** The keyboard shortcuts list is open. */
  shortcutsOpen = $state(false);
  /** Set when the window was restarted after its renderer stopped. */
  restarted = $state(false);
  /** Raised on every "refresh the open vehicle" so open panels can read again. */
  refreshSeq = $state(0);
  /** A section of a vehicle asked for from outside (a link to a job): the vehicle's view opens it. */
  requestedSection = $state<{ vin: string; section: 'job' } | null>(null);

  reset(): void {
    this.view = 'vehicle';
    this.requestedSection = null;
    this.quickOpen = false;
    this.shortcutsOpen = false;
    this.restarted = false;
    this.refreshSeq = 0;
  }
}

export type ShellStore = ShellState;

export function createShell(): ShellStore {
  return new ShellState();
}
