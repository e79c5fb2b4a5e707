// The main process without a window: createCore + registerIpcHandlers wired to an IpcBridge, called
// as the app window would call it. For Node-only integration tests, property tests and benchmarks.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import keytar from 'keytar';
import { createCore, type Core, type CoreOptions } from '../../electron/main/core';
import { registerIpcHandlers } from '../../electron/main/ipc/register-handlers';
import type { Simulator } from '../../electron/main/simulator';
import type { GarageApi } from '../../electron/shared/ipc/api';
import { buildGarageApi } from '../../electron/shared/ipc/garage-api';
import { IpcBridge } from './ipc-bridge';
import { keychainServiceFor } from '../electron-standin/keychain';

const ORIGIN = 'app://garage';

export interface CoreHarness {
  /** The same window.garage object the preload builds, over the in-process bridge. */
  garage: GarageApi;
  /** Raw channel access, for forged calls. */
  invoke(channel: string, args: unknown[]): Promise<unknown>;
  core: Core;
  simulator: Simulator;
  dataDir: string;
  keychainService: string;
  /** Every envelope any call returned, for leak checks. */
  responses: unknown[];
  close(): Promise<void>;
}

export async function startCoreHarness(
  options: Partial<Omit<CoreOptions, 'appInfo' | 'keychain'>> & {
    keychain?: CoreOptions['keychain'];
    /** Sees every envelope any call returns (e.g. to log them as a careless build might). */
    onResponse?: (channel: string, response: unknown) => void;
  } = {},
): Promise<CoreHarness> {
  const { onResponse, ...coreOptions } = options;
  const ownDataDir = options.dataDir ? null : await mkdtemp(path.join(os.tmpdir(), 'garage-core-'));
  const dataDir = options.dataDir ?? ownDataDir!;
  const keychainService = options.keychainService ?? keychainServiceFor(dataDir);
  const core = await createCore({
    appInfo: {
      name: 'Vehicle Garage',
      version: '0.0.0-test',
      platform: process.platform,
      arch: process.arch,
    },
    keychain: keytar,
    demo: { wakeDelayMs: 50, completionDelayMs: 10, flakiness: false },
    ...coreOptions,
    dataDir,
    keychainService,
  });
  if (!core.demo) throw new Error('The demo simulator did not start');
  const bridge = new IpcBridge();
  registerIpcHandlers(bridge, core.handlers, { trustedOrigins: [ORIGIN] });
  const responses: unknown[] = [];
  const invoke = async (channel: string, args: unknown[]) => {
    const response = await bridge.invoke(
      { senderFrame: { url: `${ORIGIN}/index.html`, parent: null } },
      channel,
      args,
    );
    responses.push(response);
    onResponse?.(channel, response);
    return response;
  };
  return {
    // Events as the preload gets them: main's bus, copied as IPC copies them.
    garage: buildGarageApi(invoke, (deliver) =>
      core.events.subscribe((event) => deliver(structuredClone(event))),
    ),
    invoke,
    core,
    simulator: core.demo.simulator,
    dataDir,
    keychainService,
    responses,
    async close() {
      await core.dispose();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}
