// The benchmark runner: `npm run bench [-- --check] [--only a,b] [--quick] [--no-build] [--markdown]`.
// Runs each benchmark module in a fresh Node process (so one's heap, RSS and GC never skew the next),
// prints a table, writes test/artifacts/bench.json, and with --check exits 1 when a budget fails.
// Not part of `npm test`: wall-clock numbers belong to a quiet machine, not to CI.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const artifact = path.join(repoRoot, 'test/artifacts/bench.json');

interface Bench {
  name: string;
  file: string;
  args?: string[];
  /** Needs the built renderer (out/). */
  build?: boolean;
}

const BENCHES: Bench[] = [
  { name: 'core-overhead', file: 'core-overhead.ts' },
  { name: 'fleet-refresh', file: 'fleet.ts', args: ['--part', 'refresh'] },
  { name: 'bulk-command', file: 'fleet.ts', args: ['--part', 'bulk'] },
  { name: 'garage-refresh', file: 'garage-refresh.ts' },
  { name: 'cache', file: 'cache.ts' },
  { name: 'renderer', file: 'renderer.ts', build: true },
  { name: 'run-events', file: 'run-events.ts', build: true },
  { name: 'story-view', file: 'story-view.ts', build: true },
  { name: 'simulator', file: 'simulator.ts' },
  { name: 'main-boot', file: 'main-boot.ts', build: true },
  { name: 'garage', file: 'garage.ts' },
  { name: 'audit', file: 'audit.ts' },
  { name: 'read-priority', file: 'read-priority.ts' },
  { name: 'job-export', file: 'job-export.ts' },
  { name: 'fleet-sort', file: 'fleet-sort.ts' },
  { name: 'shop-technicians', file: 'shop.ts' },
  { name: 'shop-audit', file: 'shop-audit.ts' },
  { name: 'shop-board', file: 'shop-board.ts' },
  { name: 'board-paint', file: 'board-paint.ts', build: true },
  { name: 'shop-reads', file: 'shop-reads.ts' },
  { name: 'shop-rls', file: 'shop-rls.ts' },
  { name: 'shop-live', file: 'shop-live.ts' },
];

type Row = BenchRow & { group: string };

const argv = process.argv.slice(2);
const check = argv.includes('--check');
const quick = argv.includes('--quick');
const noBuild = argv.includes('--no-build');
const markdown = argv.includes('--markdown');
const onlyIndex = argv.indexOf('--only');
const only = onlyIndex >= 0 ? (argv[onlyIndex + 1] ?? '').split(',').filter(Boolean) : null;
const unknown = only?.filter((name) => !BENCHES.some((b) => b.name === name)) ?? [];
if (unknown.length > 0 || (only && only.length === 0)) {
  console.error(`--only takes a comma-separated list of: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = only ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    // The children's output is progress only: it goes to stderr, the table to stdout.
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 2, 2] });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.on('error', () => resolve(127));
  });
}

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const info = await stat(path.join(entry.parentPath, entry.name));
    newest = Math.max(newest, info.mtimeMs);
  }
  return newest;
}

/** out/ is built from renderer/, the preload and the shared code; rebuild when any is newer. */
async function rendererStale(): Promise<boolean> {
  const built = path.join(repoRoot, 'out/renderer/index.html');
  if (!existsSync(built) || !existsSync(path.join(repoRoot, 'out/preload/index.cjs'))) return true;
  const builtAt = (await stat(built)).mtimeMs;
  for (const dir of ['renderer', 'electron/preload', 'electron/shared']) {
    if ((await newestMtime(path.join(repoRoot, dir))) > builtAt) return true;
  }
  return false;
}

function failure(bench: Bench, detail: string): Row {
  return {
    group: bench.name,
    name: `${bench.name}: did not complete`,
    value: Number.NaN,
    unit: '',
    budget: 'runs to completion',
    pass: false,
    detail,
  };
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-'));
const rows: Row[] = [];
const started = Date.now();
try {
  for (const bench of selected) {
    if (bench.build && !noBuild && (await rendererStale())) {
      console.error(`bench: out/ is missing or older than the sources; npm run build`);
      const code = await run('npm', ['run', 'build']);
      if (code !== 0) {
        rows.push(failure(bench, `npm run build exited with ${code}`));
        continue;
      }
    }
    console.error(`bench: ${bench.name}`);
    const out = path.join(tmp, `${bench.name}.json`);
    const t0 = Date.now();
    const code = await run(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        // The shop's migrations are imported as `.sql?raw` text, which tsx alone cannot load.
        '--import',
        path.join(repoRoot, 'test/support/sql-text.mjs'),
        path.join(here, bench.file),
        ...(bench.args ?? []),
        ...(quick ? ['--quick'] : []),
      ],
      { ...process.env, BENCH_OUT: out },
    );
    const text = await readFile(out, 'utf8').catch(() => null);
    if (code !== 0 || text === null) {
      rows.push(failure(bench, `exited with ${code}`));
      continue;
    }
    for (const row of JSON.parse(text) as BenchRow[]) rows.push({ group: bench.name, ...row });
    console.error(`bench: ${bench.name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}

// --only keeps the other benchmarks' rows of the previous run in bench.json.
let saved: Row[] = rows;
if (only) {
  const previous = await readFile(artifact, 'utf8')
    .then((text) => JSON.parse(text) as Row[])
    .catch(() => [] as Row[]);
  const kept = previous.filter((row) => !only.includes(row.group));
  saved = BENCHES.flatMap((b) => [...kept, ...rows].filter((row) => row.group === b.name));
}
await mkdir(path.dirname(artifact), { recursive: true });
await writeFile(artifact, JSON.stringify(saved, null, 2) + '\n');

const fmt = (value: number | undefined, unit = ''): string => {
  if (value === undefined) return '';
  if (!Number.isFinite(value)) return String(value);
  const digits =
    Number.isInteger(value) || Math.abs(value) >= 100
      ? 0
      : Math.abs(value) >= 10
        ? 1
        : Math.abs(value) >= 1
          ? 2
          : 3;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
};
const header = ['benchmark', 'value', 'p95', 'baseline', 'ratio [95% interval]', 'budget', 'pass'];
const ratioCell = (r: Row): string => {
  if (r.ratio === undefined) return '';
  if (r.ratioLow === undefined || r.ratioHigh === undefined) return r.ratio.toFixed(2);
  return `${r.ratio.toFixed(2)} [${r.ratioLow.toFixed(2)}–${r.ratioHigh.toFixed(2)}]`;
};
const table = rows.map((r) => [
  r.name,
  r.skipped ? '' : fmt(r.value, r.unit),
  fmt(r.p95, r.unit),
  fmt(r.baseline, r.unit),
  ratioCell(r),
  r.budget,
  r.skipped ? 'skipped' : r.pass ? (r.marginal ? 'yes (budget inside interval)' : 'yes') : 'NO',
]);
if (markdown) {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const line of table) console.log(`| ${line.join(' | ')} |`);
} else {
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((line) => line[i]!.length)));
  const print = (line: string[]) => console.log(line.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  print(header);
  print(widths.map((w) => '-'.repeat(w)));
  for (const line of table) print(line);
}
const failed = rows.filter((r) => !r.pass);
const marginal = rows.filter((r) => r.pass && r.marginal);
const skipped = rows.filter((r) => r.skipped);
console.log(
  `\n${rows.length - failed.length - skipped.length}/${rows.length - skipped.length} within budget` +
    (skipped.length > 0 ? ` (${skipped.length} skipped: ${skipped.map((r) => r.skipped).join('; ')})` : '') +
    (marginal.length > 0
      ? ` (${marginal.length} with the budget inside the interval: rerun on a quieter machine)`
      : '') +
    ` in ${((Date.now() - started) / 1000).toFixed(0)} s; wrote ${path.relative(repoRoot, artifact)}`,
);
if (check && failed.length > 0) {
  console.log(`--check: ${failed.length} over budget: ${failed.map((r) => r.name).join('; ')}`);
  process.exit(1);
}
