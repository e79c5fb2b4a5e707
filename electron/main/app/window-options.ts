// The renderer window's options, as plain data so a unit test can assert every security setting
// (Electron security checklist items 2-4, 6 and 10) without launching Electron.

import type { Placement } from './window-state';

export interface WindowOptions {
  x?: number;
  y?: number;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  title: string;
  backgroundColor: string;
  autoHideMenuBar: boolean;
  webPreferences: {
    preload: string;
    contextIsolation: true;
    sandbox: true;
    nodeIntegration: false;
    nodeIntegrationInWorker: false;
    nodeIntegrationInSubFrames: false;
    webSecurity: true;
    allowRunningInsecureContent: false;
    experimentalFeatures: false;
    webviewTag: false;
    navigateOnDragDrop: false;
    /** Middle-click (auxclick) cannot open anything here; disabling it closes that path entirely. */
    disableBlinkFeatures: 'Auxclick';
    spellcheck: boolean;
    devTools: boolean;
  };
}

export function windowOptions(
  preloadPath: string,
  options: {
    devTools: boolean;
    /** Where the window opens (app/window-state.ts); the default size, centred by the OS, if absent. */
    placement?: Placement;
  },
): WindowOptions {
  const { x, y, width = 1280, height = 820 } = options.placement ?? {};
  return {
    ...(x !== undefined && y !== undefined ? { x, y } : {}),
    width,
    height,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Vehicle Garage',
    backgroundColor: '#16181d',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      // Notes, complaints and the job's text are checked as typed; fields that hold codes (VIN,
      // token, addresses) say spellcheck="false" themselves.
      spellcheck: true,
      devTools: options.devTools,
    },
  };
}
