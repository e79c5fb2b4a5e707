import { describe, expect, it } from 'vitest';
import { windowOptions } from '../../../electron/main/app/window-options';

describe('window options', () => {
  it('isolate and sandbox the renderer (Electron security checklist)', () => {
    const { webPreferences } = windowOptions('/app/out/preload/index.cjs', { devTools: false });
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: false,
    });
    expect(webPreferences.preload.endsWith('.cjs')).toBe(true);
  });
});
