// Asks the app's page to do something (see shared/shell-requests.ts): the same document with a new
// fragment, a same-document navigation that keeps everything on screen.
import type { BrowserWindow } from 'electron';
import { shellRequestFragment, type ShellRequest } from '../../shared/shell-requests';

let seq = 0;

export function urlWithRequest(entryUrl: string, request: ShellRequest): string {
  seq += 1;
  return `${entryUrl.split('#')[0]}#${shellRequestFragment(request, seq)}`;
}

export function askRenderer(window: BrowserWindow | null, entryUrl: string, request: ShellRequest): void {
  if (!window || window.isDestroyed()) return;
  void window.webContents.loadURL(urlWithRequest(entryUrl, request)).catch(() => {
    // A window going away meanwhile: nothing left to ask.
  });
}

/** Brings the window to the front (restored if minimised) before it is asked something. */
export function bringToFront(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
