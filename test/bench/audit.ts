// Audit log at scale: 1,000,000 entries over 24 months (about 260 MiB), written straight into the
// monthly files as the app writes them (not through a million fsyncs). Measured on a fresh log
// object each time, with the month indexes as the app leaves them on disk:
// - a filter by a rare VIN (6 entries in 2 months) ≤ 100 ms;
// - the first page (200 newest) ≤ 20 ms;
// - an export of the whole log to a file: growth of the process's memory ≤ 50 MiB.
// Building the indexes from nothing (the first start after the move from one file) is reported too.
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createAuditLog } from '../../electron/main/audit/audit-log';
import { gc, log, median, mib, report, round, type BenchRow } from './lib';

const quick = process.argv.includes('--quick');
const TOTAL = quick || process.env.AUDIT_BENCH_SMALL ? 200_000 : 1_000_000;
const MONTHS = 24;
const REPS = quick ? 3 : 7;
const RARE_VIN = '5YJ3E1EA7KF999999';
const rows: BenchRow[] = [];

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audit-bench-'));
const folder = path.join(dataDir, 'audit', 'segments');
await mkdir(folder, { recursive: true });

function monthName(m: number): string {
  return `${2024 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
}

log(`writing ${TOTAL.toLocaleString()} entries in ${MONTHS} monthly files`);
let bytes = 0;
const perMonth = Math.ceil(TOTAL / MONTHS);
for (let m = 0; m < MONTHS; m++) {
  const month = monthName(m);
  const lines: string[] = [];
  for (let i = 0; i < perMonth && m * perMonth + i < TOTAL; i++) {
    const n = m * perMonth + i;
    const day = String(1 + Math.floor((i / perMonth) * 28)).padStart(2, '0');
    // Rare: three entries in each of two months; common: a shop's thousand vehicles in bulk runs.
    const rare = (m === 5 || m === 17) && i % 10_000 === 7 && i < 30_000;
    const vin = rare ? RARE_VIN : `5YJ3E1EA7KF${String(n % 1000).padStart(6, '0')}`;
    lines.push(
      JSON.stringify({
        id: `id-${n}`,
        time: `${month}-${day}T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
        profileId: 'p1',
        profileName: 'Workshop',
        vin,
        operation: 'command:set_charge_limit',
        params: { waitForCompletion: false, maxAttempts: 1, percent: 80 },
        outcome: n % 50 === 0 ? 'failed' : 'success',
        reason: n % 50 === 0 ? 'vehicle_unavailable' : undefined,
        durationMs: 300 + (n % 700),
      }),
    );
  }
  const text = lines.join('\n') + '\n';
  bytes += Buffer.byteLength(text);
  await writeFile(path.join(folder, `${month}.jsonl`), text);
}
log(`${round(mib(bytes), 1)} MiB written`);

const open = () => createAuditLog({ dataDir });
const timed = async <T>(task: () => Promise<T>): Promise<[number, T]> => {
  const start = performance.now();
  const value = await task();
  return [performance.now() - start, value];
};

try {
  // First start: every month is indexed from its file, then the indexes are saved.
  const builder = open();
  const [buildMs] = await timed(() => builder.list({ vin: RARE_VIN }));
  await builder.flush();
  rows.push({
    name: `audit: index ${TOTAL.toLocaleString('en-US')} entries from nothing`,
    value: round(buildMs, 0),
    unit: 'ms',
    budget: 'reported',
    pass: true,
    detail: `once, on the first query after the move from one file (${round(mib(bytes), 0)} MiB)`,
  });

  const rare: number[] = [];
  const rareCold: number[] = [];
  const first: number[] = [];
  const firstCold: number[] = [];
  const session = open(); // the app's log object lives as long as the app: indexes stay loaded
  for (let r = 0; r < REPS; r++) {
    const [coldMs, coldFound] = await timed(() => open().list({ vin: RARE_VIN }));
    const [ms, found] = await timed(() => session.list({ vin: RARE_VIN }));
    if (found.length !== 6 || coldFound.length !== 6)
      throw new Error(`rare VIN: ${found.length} entries found, 6 expected`);
    rareCold.push(coldMs);
    rare.push(ms);
    const [pageColdMs] = await timed(() => open().list());
    const [pageMs, page] = await timed(() => session.list());
    if (page.length !== 200) throw new Error('first page incomplete');
    firstCold.push(pageColdMs);
    first.push(pageMs);
  }
  log(
    `rare VIN ${median(rare).toFixed(1)} ms (cold ${median(rareCold).toFixed(1)}), first page ${median(first).toFixed(1)} ms (cold ${median(firstCold).toFixed(1)})`,
  );
  rows.push({
    name: `audit: filter by a rare VIN, ${TOTAL.toLocaleString('en-US')} entries`,
    value: round(median(rare), 2),
    unit: 'ms',
    budget: '<= 100 ms',
    pass: median(rare) <= 100,
    detail: `median of ${REPS}; first query of a session (indexes read from disk) ${round(median(rareCold), 1)} ms`,
  });
  rows.push({
    name: `audit: first page (200 newest), ${TOTAL.toLocaleString('en-US')} entries`,
    value: round(median(first), 2),
    unit: 'ms',
    budget: '<= 20 ms',
    pass: median(first) <= 20,
    detail: `median of ${REPS}; first query of a session ${round(median(firstCold), 1)} ms`,
  });

  gc();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const target = path.join(dataDir, 'export.csv');
  const [exportMs, exported] = await timed(() => open().exportCsvToFile(target));
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (exported !== TOTAL) throw new Error(`export wrote ${exported} rows, ${TOTAL} expected`);
  const growth = mib(peak - baseline);
  log(`export: ${round(exportMs / 1000, 1)} s, RSS growth ${round(growth, 1)} MiB`);
  rows.push({
    name: `audit: export ${TOTAL.toLocaleString('en-US')} entries to a file, memory growth`,
    value: round(growth, 1),
    unit: 'MiB',
    budget: '<= 50 MiB',
    pass: growth <= 50,
    detail: `peak RSS over the export; ${round(exportMs / 1000, 1)} s, ${round(mib((await stat(target)).size), 0)} MiB of CSV`,
  });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
report(rows);
