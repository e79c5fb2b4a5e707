// Garage at scale: `vehicles.list` through the real IPC handlers for a garage of 10,000 vehicles
// (the garage's limit), read from a file written the way the app writes it. The first call reads
// and checks the file entry by entry; later calls answer from memory. Budget 50 ms per call (median
// of the warm calls; the cold first call is reported alongside).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { garageFileText, MAX_VEHICLES } from '../../electron/main/storage/garage-file';
import { DEMO_PROFILE_ID } from '../../electron/main/storage/profile-id';
import { vinWithCheckDigit } from '../../electron/shared/vin';
import { startCoreHarness } from '../support/core-harness';
import { log, median, p95, report, round, type BenchRow } from './lib';

const quick = process.argv.includes('--quick');
const CALLS = quick ? 10 : 40;
const BUDGET_MS = 50;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-'));
const vehicles = Array.from({ length: MAX_VEHICLES }, (_, i) => ({
  vin: vinWithCheckDigit(`5YJ3E1EA0KF${String(i).padStart(6, '0')}`),
  nickname: i % 3 === 0 ? `Car ${i}` : null,
  addedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  plate: null,
}));
await mkdir(path.join(dataDir, 'garages'), { recursive: true });
await writeFile(
  path.join(dataDir, 'garages', `${DEMO_PROFILE_ID}.json`),
  garageFileText({ seeded: true, vehicles }),
);

const h = await startCoreHarness({ dataDir, demo: { flakiness: false } });
const rows: BenchRow[] = [];
try {
  const timed = async (): Promise<number> => {
    const start = performance.now();
    const result = await h.garage.vehicles.list();
    const ms = performance.now() - start;
    if (!result.ok || result.value.length !== MAX_VEHICLES) throw new Error('vehicles.list lost vehicles');
    if (result.notice) throw new Error(`vehicles.list: ${result.notice}`);
    return ms;
  };
  const cold = await timed();
  const warm: number[] = [];
  for (let i = 0; i < CALLS; i++) warm.push(await timed());
  log(
    `vehicles.list of ${MAX_VEHICLES}: cold ${cold.toFixed(1)} ms, warm median ${median(warm).toFixed(1)} ms`,
  );
  rows.push({
    name: `garage: vehicles.list, ${MAX_VEHICLES.toLocaleString('en-US')} vehicles`,
    value: round(median(warm), 2),
    unit: 'ms',
    budget: `<= ${BUDGET_MS} ms`,
    pass: median(warm) <= BUDGET_MS && cold <= BUDGET_MS * 10,
    p95: round(p95(warm), 2),
    detail: `${CALLS} calls through IPC handlers; first call (reads and checks the file) ${round(cold, 1)} ms`,
  });
} finally {
  await h.close();
  await rm(dataDir, { recursive: true, force: true });
}
report(rows);
