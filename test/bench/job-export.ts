// Export of a repair-order job with 500 audited actions, through the real path: the job file and
// the audit log on disk, the record assembled and digested, its page built and printed to PDF by
// Chromium (CDP Page.printToPDF, as the stand-in's printToPDF), the file written. Budgets: PDF ≤ 3 s
// (median), memory growth of this process ≤ 50 MiB; a one-action job in the same run is the baseline.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createAuditLog } from '../../electron/main/audit/audit-log';
import { createJobExport } from '../../electron/main/jobs/job-export';
import { createJobService } from '../../electron/main/jobs/job-service';
import { createFileJobStore } from '../../electron/main/jobs/job-store';
import type { ReadContext } from '../../electron/main/services/cached-reads';
import type { VehicleReads } from '../../electron/main/services/vehicle-reads';
import { startChromiumPrinter } from '../support/chromium-print';
import { FIXTURE_VIN, jobFixture } from '../support/job-fixture';
import { gc, log, median, mib, report, round, type BenchRow } from './lib';

const quick = process.argv.includes('--quick');
const ACTIONS = 500;
const REPS = quick ? 3 : 5;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'job-bench-'));
const printer = await startChromiumPrinter();
const rows: BenchRow[] = [];

// Exports read only local files: the car is never asked.
const noReads = new Proxy({} as VehicleReads, {
  get: () => () => Promise.reject(new Error('the export must not read the car')),
});

try {
  const audit = createAuditLog({ dataDir });
  const store = createFileJobStore({ dataDir });
  const openedAt = '2026-11-25T08:00:00.000Z';
  const periods = [{ openedAt, closedAt: '2026-11-25T18:00:00.000Z' }];
  await store.create(jobFixture({ id: 'big', periods, status: 'closed' }));
  await store.create(jobFixture({ id: 'small', vin: '5YJ3E1EA7KF000002', periods, status: 'closed' }));
  log(`appending ${ACTIONS + 1} audit entries`);
  const append = (vin: string, i: number) =>
    audit.append({
      time: new Date(Date.parse(openedAt) + 60_000 * (i + 1)),
      profileId: 'demo',
      profileName: 'Demo',
      vin,
      operation: 'command:set_charge_limit',
      params: { waitForCompletion: true, maxAttempts: 3, percent: 50 + (i % 50) },
      outcome: i % 25 === 0 ? 'failed' : 'success',
      reason: i % 25 === 0 ? 'vehicle_unavailable' : undefined,
      durationMs: 900,
    });
  for (let i = 0; i < ACTIONS; i++) await append(FIXTURE_VIN, i);
  await append('5YJ3E1EA7KF000002', 0);

  const jobs = createJobService({
    store,
    reads: noReads,
    audit,
    contextOf: async () => ({ profileId: 'demo' }) as ReadContext,
    technician: () => 'Bench',
  });
  let n = 0;
  const exporter = createJobExport({
    jobs,
    chooseSaveFile: async (name) => path.join(dataDir, `${++n}-${name}`),
    printToPdf: (html) => printer.print(html),
  });
  const timed = async (id: string) => {
    const start = performance.now();
    const result = await exporter.toPdf(id);
    if (result.cancelled) throw new Error('cancelled');
    return { ms: performance.now() - start, entries: result.entries };
  };

  // Warm-up: Chromium's first launch and the JIT are not the export.
  await timed('small');
  await timed('big');
  const big: number[] = [];
  const small: number[] = [];
  let entries = 0;
  for (let r = 0; r < REPS; r++) {
    small.push((await timed('small')).ms);
    const run = await timed('big');
    big.push(run.ms);
    entries = run.entries;
  }
  if (entries !== ACTIONS) throw new Error(`the record covered ${entries} entries, not ${ACTIONS}`);
  const value = median(big);
  const baseline = median(small);
  rows.push({
    name: `job export: PDF of a job with ${ACTIONS} actions`,
    value: round(value, 0),
    unit: 'ms',
    baseline: round(baseline, 0),
    ratio: round(value / baseline, 2),
    budget: '≤ 3000 ms',
    pass: value <= 3000,
    detail: `median of ${REPS}; baseline: a one-action job in the same run`,
  });

  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  await timed('big');
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const growth = mib(peak - before);
  rows.push({
    name: `job export: memory growth of main, ${ACTIONS} actions`,
    value: round(growth, 1),
    unit: 'MiB',
    budget: '≤ 50 MiB',
    pass: growth <= 50,
    detail: 'peak RSS during one export over RSS before it (Chromium is its own process)',
  });
} finally {
  await printer.close();
  await rm(dataDir, { recursive: true, force: true });
}
report(rows);
