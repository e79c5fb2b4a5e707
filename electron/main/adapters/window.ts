// Creates the one app window and fences it in: no navigation away, no new windows, no webviews.
import { BrowserWindow, shell } from 'electron';
import { decideWindowOpen, isNavigationAllowed } from '../app/navigation-policy';
import { windowOptions } from '../app/window-options';

export interface MainWindowOptions {
  preloadPath: string;
  entryUrl: string;
  trustedOrigins: readonly string[];
  devTools: boolean;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow(windowOptions(options.preloadPath, { devTools: options.devTools }));
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

  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.entryUrl);
  return window;
}
