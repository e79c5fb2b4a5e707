// Launches the built app (out/main/index.js, through package.json's main) in the real Electron
// binary with Playwright's Electron support: its own empty data folder, the demo garage on the
// embedded simulator with quick wake-ups, and a keychain entry name of its own.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { electronBinaryPath } from '../../resources/build/electron-binary.mjs';

export interface RealApp {
  app: ElectronApplication;
  window: Page;
  dataDir: string;
  executablePath: string;
  /** The arguments that start this app (for a second instance). */
  args: string[];
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function launchRealApp(extraArgs: string[] = []): Promise<RealApp> {
  const executablePath = electronBinaryPath();
  if (!executablePath) throw new Error("Electron's binary is not installed: run `npx install-electron`.");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-electron-'));
  const env = {
    ...(process.env as Record<string, string>),
    VG_USER_DATA_DIR: dataDir,
    VG_DEMO_SIMULATOR: '--vehicles 4 --wake-delay 300 --completion-delay 20',
  };
  const args = [path.resolve('.')];
  const app = await _electron.launch({ executablePath, args: [...args, ...extraArgs], env, timeout: 60_000 });
  const window = await app.firstWindow({ timeout: 60_000 });
  return {
    app,
    window,
    dataDir,
    executablePath,
    args,
    env,
    async close() {
      await app.close().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
