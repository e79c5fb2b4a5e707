// launchApp(): the shipped app end to end without Electron's binary. This process runs under the
// Electron stand-in (test/electron-standin/; vitest's e2e and glue projects load it), and launchApp
// boots out/main/index.js unchanged: its ready sequence, app:// handler, session fences, window,
// IPC registration and sender checks, the built preload in an isolated world and the built renderer
// in Debian's Chromium. What a test reaches besides the page:
//   - the demo garage's embedded simulator, the very instance the bundle started, which the bundle
//     announces on a node:diagnostics_channel (electron/main/services/demo-garage-channel.ts);
//   - its settings, through VG_DEMO_SIMULATOR, which development runs of the app honour (so with
//     demo settings the app boots unpackaged, as `npm start` runs it; `demo: null` boots it as
//     installed, with the demo as it ships);
//   - the keychain, under a service named for the data folder (the stand-in's keytar);
//   - save dialogs, answered with a file in the data folder.
// One app per process, as with Electron: a test file launches once.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import keytar from 'keytar';
import type { Page } from 'playwright-core';
import type { GarageApi } from '../../electron/shared/ipc/api';
import { waitFor } from './wait-for';
import { pseudoMessage } from '../../electron/shared/i18n/pseudo-locale';
import { DEMO_SIMULATOR_ENV, demoSimulatorSettings } from '../../electron/main/app/demo-settings';
import { DEMO_GARAGE_CHANNEL } from '../../electron/main/services/demo-garage-channel';
import type { DemoGarage } from '../../electron/main/services/demo-garage';
import type { Simulator, SimulatorOptions } from '../../electron/main/simulator';
import { bootMain, recorded, standin, type ElectronStandin } from '../electron-standin/boot';
import type { BrowserWindow } from '../electron-standin/browser-window';
import { keychainServiceFor } from '../electron-standin/keychain';

/**
 * The app's heading, as the window says it: its name, in brackets and accented in the pseudo-locale.
 * Waiting for the English form alone would catch that window only in the moment before the
 * pseudo-locale's catalog applies.
 */
const APP_HEADING = new RegExp(
  `^(${['Vehicle Garage', pseudoMessage('Vehicle Garage')].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`,
);

export interface LaunchedApp {
  page: Page;
  /** Quits through the app's own quit chain; a throwaway data folder goes with its tokens. */
  close(): Promise<void>;
  /** The demo garage's embedded simulator (fault injection, request log, vehicle state). */
  simulator: Simulator;
  /** The keychain service this app stores tokens under (derived from the data folder). */
  keychainService: string;
  /** The app's data folder (Electron's userData). */
  dataDir: string;
  /** The stand-in `electron` module the bundle runs on, and the app's window. */
  electron: ElectronStandin;
  window: BrowserWindow;
}

/** What the demo simulator is started with: the flags of `npm run simulator`, as options. */
export type DemoOptions = Pick<
  SimulatorOptions,
  | 'seed'
  | 'vehicles'
  | 'latencyMs'
  | 'rateLimitPerSecond'
  | 'wakeDelayMs'
  | 'completionDelayMs'
  | 'sleepAfterMs'
  | 'wakeTimeoutMs'
  | 'updateInstallMs'
  | 'flakiness'
>;

const FLAGS: Record<Exclude<keyof DemoOptions, 'flakiness'>, string> = {
  seed: '--seed',
  vehicles: '--vehicles',
  latencyMs: '--latency',
  rateLimitPerSecond: '--rate-limit',
  wakeDelayMs: '--wake-delay',
  completionDelayMs: '--completion-delay',
  sleepAfterMs: '--sleep-after',
  wakeTimeoutMs: '--wake-timeout',
  updateInstallMs: '--update-install',
};

export function demoFlags(options: DemoOptions): string {
  const flags: string[] = [];
  for (const [key, flag] of Object.entries(FLAGS) as [keyof typeof FLAGS, string][]) {
    const value = options[key];
    if (value !== undefined && value !== null) flags.push(flag, String(value));
  }
  if (options.flakiness === false) flags.push('--no-flakiness');
  return flags.join(' ');
}

/** How long a test waits for the app to do something, on a loaded CI machine. */
export const APP_WAIT = { timeoutMs: 40_000 } as const;

/**
 * The app reads the garage's cached states by itself at start-up (started before the window opens):
 * tests begin once that read has ended, so their own requests and refreshes are theirs alone.
 */
async function startupRefreshEnded(page: Page, timeoutMs: number): Promise<void> {
  await waitFor(
    // Runs in the page, where window.garage is the preload's API.
    () =>
      page.evaluate(async () => {
        const api = (globalThis as unknown as { garage: Pick<GarageApi, 'runs'> }).garage;
        const runs = await api.runs.list();
        return runs.ok && !runs.value.some((run) => run.kind === 'garage-refresh' && !run.endedAt);
      }),
    'the start-up garage read',
    { timeoutMs, intervalMs: 50 },
  );
}

let launched = false;

/** How long a launch may take on a loaded CI machine (the test projects' hook timeout is longer). */
const START_DEADLINE_MS = 60_000;

export async function launchApp(
  options: {
    /** The data folder to start from; a new temporary one (removed by close) by default. */
    dataDir?: string;
    /**
     * The demo simulator's settings: quick wake-ups and completions unless said otherwise; null
     * runs the app's own demo (no VG_DEMO_SIMULATOR).
     */
    demo?: DemoOptions | null;
    /**
     * Boot as installed (app.isPackaged), which ignores VG_DEMO_SIMULATOR; by default only when
     * `demo` is null, otherwise as `npm start` runs the app.
     */
    packaged?: boolean;
    /** Another build's main entry (an older commit's, to see a test fail before its fix). */
    entry?: string;
    /** The OS locale the app reads ("en-US"); none by default, so units and dates do not follow the test machine. */
    systemLocale?: string;
    /** Arguments the OS starts the app with (a vehicle-garage:// link), after the process's own. */
    args?: readonly string[];
  } = {},
): Promise<LaunchedApp> {
  const electron = standin();
  if (launched) {
    throw new Error('One app per process, as with Electron: launch once per test file');
  }
  launched = true;

  const packaged = options.packaged ?? options.demo === null;
  // Quick wake-ups and command completions keep the end-to-end suite fast.
  if (options.demo === null) delete process.env[DEMO_SIMULATOR_ENV];
  else
    process.env[DEMO_SIMULATOR_ENV] = demoFlags({ wakeDelayMs: 300, completionDelayMs: 50, ...options.demo });
  if (!packaged) {
    // A setting the app would refuse (and log) must not quietly run the default demo.
    const problem = demoSimulatorSettings(process.env, false).problem;
    if (problem) throw new Error(`launchApp: ${problem}`);
  }
  electron.app.isPackaged = packaged;
  process.env['ELECTRON_STANDIN_SYSTEM_LOCALE'] = options.systemLocale ?? '';
  // electron-vite's dev server address would make the app trust and load another origin.
  delete process.env['ELECTRON_RENDERER_URL'];

  const ownDataDir = options.dataDir ? null : await mkdtemp(path.join(os.tmpdir(), 'garage-data-'));
  const dataDir = path.resolve(options.dataDir ?? ownDataDir!);
  const keychainService = keychainServiceFor(dataDir);
  recorded().chooseSaveFile = (dialog) =>
    path.join(dataDir, path.basename(dialog.defaultPath ?? 'export.csv'));

  let simulator: Simulator | null = null;
  const onDemo = (message: unknown) => (simulator = (message as DemoGarage).simulator);
  subscribe(DEMO_GARAGE_CHANNEL, onDemo);
  // Heard before the app's own handler: once a quit has begun (the app may hold it while commands
  // finish), close() waits for it instead of asking again, which the app would take as "now".
  let quitAsked = false;
  electron.app.on('before-quit', () => (quitAsked = true));

  const close = async () => {
    if (!quitAsked) electron.app.quit();
    await electron.app.exited;
    if (ownDataDir) {
      for (const { account } of await keytar.findCredentials(keychainService)) {
        await keytar.deletePassword(keychainService, account);
      }
      await rm(ownDataDir, { recursive: true, force: true });
    }
  };

  // An app that gives up while starting (an error box, then exit) fails the launch with its words.
  const gaveUp = electron.app.exited.then((code) => {
    const box = recorded().dialogCalls.find((call) => call.method === 'showErrorBox');
    throw new Error(
      `The app exited with code ${code} while starting${box ? `: ${box.args.map(String).join(' — ')}` : ''}`,
    );
  });
  gaveUp.catch(() => {});
  const deadline = Date.now() + START_DEADLINE_MS;
  const left = () => Math.max(1, deadline - Date.now());

  // One app per process: its arguments are this process's, as Electron's are.
  if (options.args) process.argv.push(...options.args);
  try {
    await bootMain({ userData: dataDir, entry: options.entry ?? process.env['GLUE_MAIN_ENTRY'] });
    const window = await Promise.race([
      waitFor(() => electron.BrowserWindow.getAllWindows()[0], 'the app window', { timeoutMs: left() }),
      gaveUp,
    ]);
    const page = await window.page;
    await Promise.race([
      page.getByRole('heading', { name: APP_HEADING }).waitFor({ timeout: left() }),
      gaveUp,
    ]);
    const demo = await waitFor(() => simulator, 'the demo garage', { timeoutMs: left() });
    await startupRefreshEnded(page, left());
    return { page, close, simulator: demo, keychainService, dataDir, electron, window };
  } catch (error) {
    await Promise.race([close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    throw error;
  } finally {
    unsubscribe(DEMO_GARAGE_CHANNEL, onDemo);
  }
}
