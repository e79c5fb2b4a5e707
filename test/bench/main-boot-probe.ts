// One sample of the main-boot benchmark, in a process of its own (the runner, main-boot.ts, starts
// it under the Electron stand-in): evaluates the shipped main bundle, then waits for the garage.
// Prints { evaluateMs, listedMs, updaterLoadMs } as JSON on stdout.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bootMain, standin } from '../electron-standin/boot';

const userData = await mkdtemp(path.join(os.tmpdir(), 'bench-main-boot-'));
const electron = standin();
const start = performance.now();
let readyHandlersAt = 0;
// Registered before the bundle's own, so it runs first: the moment the app's ready handlers start.
void electron.app.whenReady().then(() => (readyHandlersAt = performance.now()));
await bootMain({ userData });
await electron.app.whenReady();
const window = await new Promise<import('../electron-standin/browser-window').BrowserWindow>((resolve) => {
  const probe = () => {
    const found = electron.BrowserWindow.getAllWindows()[0];
    if (found) resolve(found);
    else setTimeout(probe, 5);
  };
  probe();
});
const page = await window.page;
await page
  .getByRole('listbox', { name: 'Vehicles' })
  .getByRole('option')
  .first()
  .waitFor({ timeout: 60_000 });
const listedAt = performance.now();
// What start-up no longer pays: electron-updater, now loaded on the first update check.
const updaterStart = performance.now();
await import('electron-updater');
const updaterLoadMs = performance.now() - updaterStart;
electron.app.quit();
await electron.app.exited;
await rm(userData, { recursive: true, force: true });
process.stdout.write(
  JSON.stringify({ evaluateMs: readyHandlersAt - start, listedMs: listedAt - start, updaterLoadMs }),
);
