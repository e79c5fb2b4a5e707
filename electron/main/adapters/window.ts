// Creates the one app window and fences it in: no navigation away, no new windows, no webviews.
import { BrowserWindow, shell } from 'electron';
import { decideWindowOpen, isNavigationAllowed } from '../app/navigation-policy';
import { windowOptions } from '../app/window-options';
import type { Placement } from '../app/window-state';
import type { ShellRequest } from '../../shared/shell-requests';
import { urlWithRequest } from './renderer-requests';

export interface MainWindowOptions {
  preloadPath: string;
  entryUrl: string;
  trustedOrigins: readonly string[];
  devTools: boolean;
  /** Where and how big (app/window-state.ts); the default size, centred, when absent. */
  placement?: Placement;
  /** A request for the page on its first load (after a crash: say the window was restarted). */
  firstRequest?: ShellRequest;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const maximized = options.placement?.maximized ?? false;
  const window = new BrowserWindow(
    windowOptions(options.preloadPath, { devTools: options.devTools, placement: options.placement }),
  );
  const contents = window.webContents;

  contents.setWindowOpenHandler(({ url }) => {
    // Never a new Electron window; plain https links (release-note references) go to the OS browser.
    const decision = decideWindowOpen(url);
    if (decision.openExternally) void shell.openExternal(decision.openExternally);
    return { action: decision.action };
  });
  const refuseForeign = (event: { preventDefault(): void }, url: string) => {
    if (!isNavigationAllowed(url, options.trustedOrigins)) event.preventDefault();
  };
  contents.on('will-navigate', refuseForeign);
  contents.on('will-redirect', refuseForeign);
  // Subframes are refused by the CSP (frame-src 'none'); this is the second fence.
  contents.on('will-frame-navigate', (event) => {
    if (!isNavigationAllowed(event.url, options.trustedOrigins)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());

  window.once('ready-to-show', () => {
    window.show();
    if (maximized) window.maximize();
  });
  void window.loadURL(
    options.firstRequest ? urlWithRequest(options.entryUrl, options.firstRequest) : options.entryUrl,
  );
  return window;
}
