// Boots the shipped main bundle under the Electron stand-in (this process was started with it:
// vitest's glue project) and waits for its window to show the garage.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { bootMain, type ElectronStandin } from '../electron-standin/boot';
import type { BrowserWindow } from '../electron-standin/browser-window';

export const PRELOAD = path.resolve('out/preload/index.cjs');

export interface GlueApp {
  electron: ElectronStandin;
  window: BrowserWindow;
  page: Page;
  userData: string;
  /** Quits through the app's own quit chain and removes userData. */
  quit(): Promise<void>;
}

export async function waitFor<T>(
  probe: () => T | undefined | null | false,
  what: string,
  timeoutMs = 40_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function bootGlueApp(): Promise<GlueApp> {
  const userData = await mkdtemp(path.join(os.tmpdir(), 'garage-glue-'));
  // GLUE_MAIN_ENTRY boots another build (an older commit's, to see a test fail before its fix).
  const electron = await bootMain({ userData, entry: process.env['GLUE_MAIN_ENTRY'] });
  const window = await waitFor(() => electron.BrowserWindow.getAllWindows()[0], 'the app window');
  const page = await window.page;
  // Generous: a loaded CI machine boots Chromium and the bundle slowly.
  await page.getByRole('heading', { name: 'Vehicle Garage' }).waitFor({ timeout: 50_000 });
  return {
    electron,
    window,
    page,
    userData,
    async quit() {
      electron.app.quit();
      await electron.app.exited;
      await rm(userData, { recursive: true, force: true });
    },
  };
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
