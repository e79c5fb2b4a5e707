// A technician's machine for the shop benchmarks: a main-process core with its own data folder and
// an in-memory keychain (the shop's cost is measured, not the Secret Service's), driven through the
// real IPC handlers as the window drives it, and joined to a simulator and, in shop mode, to a shop
// database.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../electron/main/core';
import { startSimulator } from '../../electron/main/simulator';
import { registerIpcHandlers } from '../../electron/main/ipc/register-handlers';
import type { ShopConnectionSettings } from '../../electron/main/shop/config';
import type { Keychain } from '../../electron/main/vault/keychain-port';
import type { GarageApi } from '../../electron/shared/ipc/api';
import { buildGarageApi } from '../../electron/shared/ipc/garage-api';
import { IpcBridge } from '../support/ipc-bridge';
import { matching, waitFor } from '../support/wait-for';

export interface TechnicianSetup {
  technician: string;
  machine: string;
  baseUrl: string;
  token: string;
  vins: string[];
  shop: { settings: ShopConnectionSettings; password: string };
}

export interface Machine {
  core: Core;
  garage: GarageApi;
  dataDir: string;
}

function memoryKeychain(): Keychain {
  const items = new Map<string, string>();
  return {
    getPassword: async (service, account) => items.get(`${service}\n${account}`) ?? null,
    setPassword: async (service, account, password) => void items.set(`${service}\n${account}`, password),
    deletePassword: async (service, account) => items.delete(`${service}\n${account}`),
  };
}

export async function machine(): Promise<Machine> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-shop-bench-'));
  const core = await createCore({
    appInfo: {
      name: 'Vehicle Garage',
      version: '0.0.0-bench',
      platform: process.platform,
      arch: process.arch,
    },
    keychain: memoryKeychain(),
    keychainService: `bench ${dataDir}`,
    demo: false,
    dataDir,
  });
  const bridge = new IpcBridge();
  registerIpcHandlers(bridge, core.handlers, { trustedOrigins: ['app://garage'] });
  const invoke = (channel: string, args: unknown[]) =>
    bridge.invoke({ senderFrame: { url: 'app://garage/index.html', parent: null } }, channel, args);
  const garage = buildGarageApi(invoke, (deliver) => core.events.subscribe((event) => deliver(event)));
  return { core, garage, dataDir };
}

export async function closeMachine(m: Machine): Promise<void> {
  await m.core.dispose();
  await rm(m.dataDir, { recursive: true, force: true });
}

export function must<T>(
  what: string,
  result: { ok: true; value: T } | { ok: false; error: { message: string } },
): T {
  if (!result.ok) throw new Error(`${what}: ${result.error.message}`);
  return result.value;
}

/** A profile on the simulator with the setup's vehicles; in shop mode, online in the shop first. */
export async function join(
  m: Machine,
  setup: TechnicianSetup,
  shopMode: boolean,
  trace: (what: string) => void = () => {},
): Promise<void> {
  trace(`join ${shopMode ? 'shop' : 'solo'}`);
  const profile = must('profile', await m.garage.profiles.create({ name: 'Bench', baseUrl: setup.baseUrl }));
  must('activate', await m.garage.profiles.activate(profile.id));
  must('token', await m.garage.profiles.setToken(profile.id, setup.token));
  if (shopMode) {
    const online = waitFor(
      matching((e) => e.type === 'shop.changed' && e.status.state === 'online'),
      'the shop online',
      {
        timeoutMs: 120_000,
        wakeOn: m.core.events.subscribe,
      },
    );
    must('shop password', await m.garage.shop.setPassword(profile.id, setup.shop.password));
    const { host, port, database, user } = setup.shop.settings;
    must(
      'shop settings',
      await m.garage.shop.configure(profile.id, {
        mode: 'shop',
        connection: { host: host!, port: port!, database: database!, user: user!, sslmode: 'disable' },
        technician: setup.technician,
        machine: setup.machine,
      }),
    );
    trace('configured');
    await online;
    trace('online');
  }
  for (const vin of setup.vins) must(`add ${vin}`, await m.garage.vehicles.add({ vin }));
  trace('added');
  if (shopMode) await m.core.shop.idle();
}

/** The shop benchmarks' simulator: every car awake and staying so, no delays, no failures. */
export async function awakeSimulator(vehicles: number, latencyMs = 0) {
  const simulator = await startSimulator({
    vehicles,
    latencyMs,
    wakeDelayMs: 0,
    completionDelayMs: 0,
    flakiness: false,
    sleepAfterMs: 24 * 3_600_000,
  });
  for (const vin of simulator.vins) simulator.setVehicleState(vin, { sleepState: 'awake' });
  return simulator;
}
