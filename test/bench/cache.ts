// 4. Offline cache at fleet scale: 1,000 vehicles x 5 release-note versions (with their images),
// written through the real read path (`vehicles.releaseNotes(vin, { version, refresh: true })`).
//  - cached read: `vehicles.releaseNotes(vin, { version })` answered from the cache within its fresh
//    window (source 'cache', images inlined as data: URLs), through the IPC handlers; median.
//  - start-up: createCore + handler registration + the renderer's first calls (`app.info`,
//    `profiles.list`, `vehicles.list` of 1,000 vehicles) on that data folder, versus the same data
//    folder without its cache; `demo: false` in both arms so only the cache differs. Interleaved.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import keytar from 'keytar';
import { createCore } from '../../electron/main/core';
import { registerIpcHandlers } from '../../electron/main/ipc/register-handlers';
import { CACHE_FOLDER } from '../../electron/main/storage/cache/offline-cache';
import { VERSIONS } from '../../electron/main/simulator/release-notes-library';
import { buildGarageApi } from '../../electron/shared/ipc/garage-api';
import { startCoreHarness } from '../support/core-harness';
import { IpcBridge } from '../support/ipc-bridge';
import { keychainServiceFor } from '../electron-standin/keychain';
import { log, median, p95, ratioRow, report, round, type BenchRow } from './lib';

const quick = process.argv.includes('--quick');
const VEHICLES = 1000;
const VERSION_NAMES = VERSIONS.slice(0, 5).map((v) => v.version);
const ORIGIN = 'app://garage';

const root = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-cache-'));
const full = path.join(root, 'full');
const empty = path.join(root, 'empty');
const rows: BenchRow[] = [];

try {
  // Seed the demo garage (1,000 vehicles) and fill the cache through the app's own read path.
  const h = await startCoreHarness({
    dataDir: full,
    demo: { vehicles: VEHICLES, latencyMs: 0, flakiness: false },
  });
  let readSamples: number[] = [];
  let fromCache = 0;
  try {
    const list = await h.garage.vehicles.list();
    if (!list.ok || list.value.length !== VEHICLES) throw new Error('the demo garage is not 1,000 vehicles');
    const keys = list.value.flatMap((v) => VERSION_NAMES.map((version) => ({ vin: v.vin, version })));
    const t0 = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++]!;
        const r = await h.garage.vehicles.releaseNotes(key.vin, { version: key.version, refresh: true });
        if (!r.ok) throw new Error(`filling the cache failed: ${JSON.stringify(r.error)}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    log(`filled ${keys.length} release-note entries in ${Math.round(performance.now() - t0)} ms`);

    // Cached reads, most recently written first so all are inside the 60 s fresh window.
    const recent = keys.slice(-2000).reverse();
    const count = quick ? 500 : 2000;
    for (let i = 0; i < 200; i++)
      await h.garage.vehicles.releaseNotes(recent[i]!.vin, { version: recent[i]!.version });
    readSamples = [];
    for (let i = 0; i < count; i++) {
      const key = recent[(i * 7919) % recent.length]!;
      const t = performance.now();
      const r = await h.garage.vehicles.releaseNotes(key.vin, { version: key.version });
      readSamples.push(performance.now() - t);
      if (r.ok && r.source === 'cache') fromCache++;
    }
  } finally {
    await h.close(); // flushes the cache index
  }
  rows.push({
    name: 'cache: cached read (releaseNotes, 5,000 entries cached)',
    value: round(median(readSamples), 4),
    unit: 'ms',
    budget: 'none set (reported)',
    pass: fromCache === readSamples.length,
    p95: round(p95(readSamples), 4),
    detail: `${readSamples.length} reads, ${fromCache} answered from the cache, images inlined`,
  });

  // The empty arm: the same data folder without its cache.
  await cp(full, empty, { recursive: true });
  await rm(path.join(empty, CACHE_FOLDER), { recursive: true, force: true });

  /** Milliseconds from createCore to the first calls answered; the dispose after it is not timed. */
  async function startUp(dataDir: string): Promise<number> {
    const t0 = performance.now();
    const core = await createCore({
      dataDir,
      appInfo: {
        name: 'Vehicle Garage',
        version: '0.0.0-bench',
        platform: process.platform,
        arch: process.arch,
      },
      keychain: keytar,
      keychainService: keychainServiceFor(dataDir),
      demo: false,
    });
    try {
      const bridge = new IpcBridge();
      registerIpcHandlers(bridge, core.handlers, { trustedOrigins: [ORIGIN] });
      const garage = buildGarageApi((channel, args) =>
        bridge.invoke({ senderFrame: { url: `${ORIGIN}/index.html`, parent: null } }, channel, args),
      );
      const [info, profiles, vehicles] = await Promise.all([
        garage.app.info(),
        garage.profiles.list(),
        garage.vehicles.list(),
      ]);
      if (!info.ok || !profiles.ok || !vehicles.ok || vehicles.value.length !== VEHICLES) {
        throw new Error('start-up calls failed');
      }
      return performance.now() - t0;
    } finally {
      await core.dispose();
    }
  }

  const rounds = quick ? 4 : 12;
  const batch = 5;
  const warm = quick ? 3 : 8;
  const startFull = () => startUp(full);
  const startEmpty = () => startUp(empty);
  for (let i = 0; i < warm; i++) {
    await startFull();
    await startEmpty();
  }
  const samples: number[][] = [[], []];
  // Interleaved in ABBA rounds; only the start-up is timed, not the dispose after it.
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      for (let k = 0; k < batch; k++) samples[i]!.push(await (i === 0 ? startFull : startEmpty)());
    }
  }
  rows.push(
    ratioRow('cache: core start-up with 5,000 cached entries vs empty cache', samples[0]!, samples[1]!, {
      max: 1.5,
    }),
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
report(rows);
