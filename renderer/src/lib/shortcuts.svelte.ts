// The app's keyboard shortcuts (shared/shortcuts.ts) and what main asks of the page
// (shared/shell-requests.ts: a menu item or a notification clicked, the window restarted). Keys
// are handled here, in the page, so they work the same with or without a menu; a menu item asks
// for the same action through the URL fragment.
import { untrack } from 'svelte';
import { parseShellRequest, type ShellRequest } from '../../../electron/shared/shell-requests';
import { shortcutFor, type ShortcutAction } from '../../../electron/shared/shortcuts';
import { refusedLinkMessage } from './link-words';
import { profiles, shell, toasts, vehicleList, vehicleStates } from './stores';

export const isMac = (): boolean => /Mac/i.test(navigator.platform || navigator.userAgent);

/** True while a modal dialog other than ours is open: shortcuts stay out of its way. */
function otherDialogOpen(): boolean {
  if (shell.quickOpen || shell.shortcutsOpen) return false;
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

export function perform(action: ShortcutAction): void {
  shell.quickOpen = false;
  shell.shortcutsOpen = false;
  switch (action) {
    case 'focus-search': {
      if (shell.view !== 'vehicle') shell.view = 'vehicle';
      const search = document.querySelector<HTMLInputElement>(
        'nav[aria-label="Garage"] input[type="search"]',
      );
      search?.focus();
      search?.select();
      return;
    }
    case 'quick-open':
      shell.quickOpen = true;
      return;
    case 'refresh-vehicle': {
      // The vehicle's data, never the window: what is on screen stays while it is read again.
      const vin = shell.view === 'vehicle' ? vehicleList.selectedVin : null;
      if (vin === null) return;
      void vehicleStates.load(vin, { refresh: true });
      shell.refreshSeq += 1;
      return;
    }
    case 'open-settings':
      shell.view = 'settings';
      return;
    case 'show-shortcuts':
      shell.shortcutsOpen = true;
      return;
  }
}

export function handleRequest(request: ShellRequest): void {
  switch (request.kind) {
    case 'action':
      if (!otherDialogOpen()) perform(request.action);
      return;
    case 'open-vehicle':
      // Only a vehicle of the profile the run was for, and only one still in the garage.
      if (profiles.active?.id !== request.profileId) return;
      if (vehicleList.vehicles.some((vehicle) => vehicle.vin === request.vin)) {
        vehicleList.select(request.vin);
        vehicleList.revealVin(request.vin);
      }
      return;
    case 'open-job':
      // A link to a job: its vehicle, on the Job tab.
      if (profiles.active?.id !== request.profileId) return;
      if (vehicleList.vehicles.some((vehicle) => vehicle.vin === request.vin)) {
        shell.view = 'vehicle';
        vehicleList.select(request.vin);
        vehicleList.revealVin(request.vin);
        shell.requestedSection = { vin: request.vin, section: 'job' };
      }
      return;
    case 'link-refused':
      // Clicked in another program: it stays until read and dismissed, not for a few seconds.
      toasts.show(refusedLinkMessage(request, profiles.active?.name ?? null), 'error', { sticky: true });
      return;
    case 'open-run':
      shell.view = 'bulk';
      return;
    case 'restarted':
      shell.restarted = true;
      return;
  }
}

/** Settles once the garage has been read: a request to open a vehicle waits for it. */
let garageRead: Promise<unknown> = Promise.resolve();

function takeRequestFromUrl(): void {
  const request = parseShellRequest(location.hash);
  if (location.hash !== '') history.replaceState(null, '', location.pathname + location.search);
  if (request) void garageRead.then(() => handleRequest(request));
}

function onKeydown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.repeat) return;
  const shortcut = shortcutFor(event, isMac());
  if (!shortcut) return;
  // Always claimed, so the browser and the menu never act on it as well (Ctrl+R never reloads).
  event.preventDefault();
  if (otherDialogOpen()) return;
  perform(shortcut.action);
}

/** Starts listening; `loaded` is the garage's first read. Returns the stop. */
export function installShortcuts(loaded: Promise<unknown> = Promise.resolve()): () => void {
  garageRead = loaded.catch(() => {});
  window.addEventListener('keydown', onKeydown);
  window.addEventListener('hashchange', takeRequestFromUrl);
  takeRequestFromUrl();
  return () => {
    window.removeEventListener('keydown', onKeydown);
    window.removeEventListener('hashchange', takeRequestFromUrl);
  };
}

/**
 * For a panel showing a vehicle's data: `refresh` runs on each "refresh the open vehicle" (Ctrl+R,
 * F5, View → Refresh) after the panel was shown, never on the panel's first show. Call while the
 * component initialises.
 */
export function onVehicleRefresh(refresh: () => void): void {
  let seen = untrack(() => shell.refreshSeq);
  $effect(() => {
    const seq = shell.refreshSeq;
    if (seq === seen) return;
    seen = seq;
    untrack(refresh);
  });
}
