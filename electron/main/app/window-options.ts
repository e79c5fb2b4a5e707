// The renderer window's options, as plain data so a unit test can assert every security setting
// (Electron security checklist items 2-4, 6 and 10) without launching Electron.

export interface WindowOptions {
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

export function windowOptions(preloadPath: string, options: { devTools: boolean }): WindowOptions {
  return {
    width: 1280,
    height: 820,
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
      spellcheck: false,
      devTools: options.devTools,
    },
  };
}
