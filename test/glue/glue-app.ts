// The glue tests' app: the shipped main bundle booted by launchApp() under the Electron stand-in
// (this process was started with it: vitest's glue project), with the demo garage as it ships
// (no VG_DEMO_SIMULATOR: asleep vehicles take the default seconds to wake).
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ElectronStandin } from '../electron-standin/boot';
import type { BrowserWindow } from '../electron-standin/browser-window';
import { launchApp, type LaunchedApp } from '../support/launch';

export const PRELOAD = path.resolve('out/preload/index.cjs');

export interface GlueApp extends LaunchedApp {
  userData: string;
  /** Quits through the app's own quit chain and removes userData. */
  quit(): Promise<void>;
}

export async function bootGlueApp(): Promise<GlueApp> {
  const app = await launchApp({ demo: null });
  return { ...app, userData: app.dataDir, quit: app.close };
}

/** A second window with the app's preload, as a compromised or mis-navigated page would have it. */
export async function extraWindow(
  electron: ElectronStandin,
  url: string,
): Promise<{ window: BrowserWindow; page: Page }> {
  const window = new electron.BrowserWindow({
    show: false,
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegrationInSubFrames: true,
    },
  });
  await window.loadURL(url);
  return { window, page: await window.page };
}
