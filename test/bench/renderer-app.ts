// launchRendererApp(): the built renderer and preload in Chromium wired straight to createCore, for
// the renderer benchmark only. It needs two apps in one process, interleaved, which the shipped
// bundle under the Electron stand-in cannot give (one app per process, as Electron); the end-to-end
// tests use test/support/launch.ts, which boots out/main/index.js.
//
// What is real: the BUILT renderer (out/renderer), the BUILT preload (out/preload/index.cjs, run
// unchanged in the page), the main process's composition root (createCore) and its IPC handler
// registration (registerIpcHandlers), running in this Node process with `dataDir` as the app's
// data folder, and Debian's Chromium.
// What is replaced: only Electron's transport. The preload's `require('electron')` gets a
// contextBridge that defines the API on window and an ipcRenderer whose invoke() goes through a
// Playwright binding to an ipcMain-compatible router; the renderer is served from 127.0.0.1
// instead of app://garage. One difference to keep in mind: the binding itself is visible to page
// script, where Electron's ipcRenderer is not — the main side's sender and argument checks apply
// to both.
import { keychainServiceFor } from '../electron-standin/keychain';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import keytar from 'keytar';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createCore, type Core } from '../../electron/main/core';
import type { Simulator, SimulatorOptions } from '../../electron/main/simulator';
import { forwardEvents, type SubscribeEventLike } from '../../electron/main/ipc/event-forwarding';
import { registerIpcHandlers } from '../../electron/main/ipc/register-handlers';
import { recordErrorAnswer } from '../../electron/main/logging/error-answers';
import { createRecentErrors } from '../../electron/main/logging/recent-errors';
import { IpcBridge } from '../support/ipc-bridge';
import { serveStatic, type StaticServer } from '../support/static-server';
import { CHROMIUM_ARGS } from '../support/chromium-args';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rendererDir = path.join(repoRoot, 'out/renderer');
const preloadFile = path.join(repoRoot, 'out/preload/index.cjs');

export interface RendererApp {
  page: Page;
  close(): Promise<void>;
  /** The demo garage's embedded simulator (fault injection, request log, vehicle state). */
  simulator: Simulator;
  /** The keychain service this launch stores tokens under (derived from the data folder). */
  keychainService: string;
}

/** Wraps the CommonJS preload so it runs in the page with the harness's `electron` module. */
function preloadInitScript(preloadSource: string, jsonTransport = false): string {
  return `(() => {
  const binding = window.__garageIpc;
  const bridge = ${jsonTransport ? 'async (channel, args) => JSON.parse(await binding(channel, args))' : 'binding'};
  const electron = {
    contextBridge: {
      exposeInMainWorld(key, api) {
        Object.defineProperty(window, key, { value: api, enumerable: true, configurable: false, writable: false });
      },
    },
    ipcRenderer: {
      invoke: (channel, ...args) => bridge(channel, args),
      // Main's events arrive through __garageSend (webContents.send), to the listeners of their channel.
      on: (channel, listener) => {
        listeners.push([channel, listener]);
      },
    },
  };
  const listeners = [];
  Object.defineProperty(window, '__garageSend', {
    value: (channel, args) => {
      for (const [on, listener] of listeners) if (on === channel) listener({}, ...args);
    },
  });
  const require = (name) => {
    if (name === 'electron') return electron;
    throw new Error('A sandboxed preload cannot require ' + name);
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${preloadSource}
  })(require, module, module.exports);
})();`;
}

export async function launchRendererApp(
  options: {
    dataDir?: string;
    demo?: SimulatorOptions;
    /**
     * Answers cross the Playwright binding as one JSON string instead of its per-value serializer,
     * which takes seconds for a garage of thousands (Electron's structured clone takes
     * milliseconds). For benchmarks at scale; answers are plain JSON data either way.
     */
    jsonTransport?: boolean;
    /**
     * Answers a view's benchmark gives instead of main's, for data the demo cannot hold (years of a
     * car's history): called with each invoke's channel and arguments, its answer (an envelope as
     * main's) stands; `undefined` leaves the call to main's real handler.
     */
    answer?: (channel: string, args: unknown[]) => unknown;
  } = {},
): Promise<RendererApp> {
  const ownDataDir = options.dataDir ? null : await mkdtemp(path.join(os.tmpdir(), 'garage-data-'));
  const dataDir = options.dataDir ?? ownDataDir!;
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
    cleanups.length = 0;
  };

  try {
    const [preloadSource, packageJson] = await Promise.all([
      readFile(preloadFile, 'utf8').catch(() => {
        throw new Error(`${preloadFile} is missing: run \`npm run build\` before the renderer benchmark`);
      }),
      readFile(path.join(repoRoot, 'package.json'), 'utf8').then(
        (text) => JSON.parse(text) as { version: string },
      ),
    ]);

    const server: StaticServer = await serveStatic(rendererDir);
    cleanups.push(() => server.close());

    const keychainService = keychainServiceFor(dataDir);
    // As in the app: failed answers are counted in diagnostics' recent errors.
    const recentErrors = createRecentErrors();
    const core: Core = await createCore({
      recentErrors,
      dataDir,
      appInfo: {
        name: 'Vehicle Garage',
        version: packageJson.version,
        platform: process.platform,
        arch: process.arch,
      },
      keychain: keytar,
      keychainService,
      // Quick wake-ups and command completions keep the end-to-end suite fast.
      demo: { wakeDelayMs: 300, completionDelayMs: 50, ...options.demo },
      // The save dialog of an export answers with a file in the data folder.
      chooseSaveFile: async (suggestedName) => path.join(dataDir, suggestedName),
    });
    cleanups.push(() => core.dispose());
    if (!core.demo) throw new Error('The demo simulator did not start');
    const simulator = core.demo.simulator;
    if (ownDataDir) {
      // A throwaway data folder takes its tokens with it.
      cleanups.push(async () => {
        for (const { account } of await keytar.findCredentials(keychainService)) {
          await keytar.deletePassword(keychainService, account);
        }
      });
    }

    const ipc = new IpcBridge();
    registerIpcHandlers(ipc, core.handlers, {
      trustedOrigins: [server.origin],
      onErrorAnswer: (operation, error) => recordErrorAnswer(recentErrors, operation, error),
    });
    forwardEvents(ipc, core.events, { trustedOrigins: [server.origin] });

    const browser: Browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    cleanups.push(() => browser.close());

    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    // The page's webContents as the event forwarding sees it: sends go to its top frame.
    const sender = {
      send: (channel: string, ...args: unknown[]) =>
        void page
          .evaluate(
            ([c, a]) =>
              (window as unknown as { __garageSend?: (c: string, a: unknown[]) => void }).__garageSend?.(
                c,
                a,
              ),
            [channel, args] as const,
          )
          .catch(() => {}),
      isDestroyed: () => page.isClosed(),
      getURL: () => page.url(),
      once: () => {},
    };
    await page.exposeBinding('__garageIpc', async (source, channel: string, args: unknown[]) => {
      const frame = source.frame;
      const event: SubscribeEventLike = {
        senderFrame: { url: frame.url(), parent: frame.parentFrame() },
        sender,
      };
      const answer = options.answer?.(channel, args) ?? (await ipc.invoke(event, channel, args));
      return options.jsonTransport ? JSON.stringify(answer) : answer;
    });
    await page.addInitScript({ content: preloadInitScript(preloadSource, options.jsonTransport) });
    await page.goto(`${server.origin}/index.html`);

    if (ownDataDir) cleanups.unshift(() => rm(ownDataDir, { recursive: true, force: true }));
    return { page, close: cleanup, simulator, keychainService };
  } catch (error) {
    await cleanup();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    throw error;
  }
}
