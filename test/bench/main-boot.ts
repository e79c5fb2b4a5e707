// The shipped main bundle's start-up under the Electron stand-in, each sample a fresh process (a
// second evaluation in one process would hit Node's module cache): the time to evaluate
// out/main/index.js up to its app.whenReady handlers (budget 150 ms on a quiet machine, kept by
// loading the services chunk (core, schemas, undici, zod, the simulator) once ready and
// electron-updater on the first update check), and the time to the garage listed in the window.
// Also reports what loading electron-updater would have added to start-up.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, log, median, p95, report, round, type BenchRow } from './lib';
import { TSX_NODE_ARGS } from '../support/tsx-node';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const samples = process.argv.includes('--quick') ? 3 : Number(arg('samples') ?? 7);
const EVALUATE_BUDGET_MS = 150;

interface Sample {
  evaluateMs: number;
  listedMs: number;
  updaterLoadMs: number;
}

function sample(): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...TSX_NODE_ARGS, '--import', './test/electron-standin/register.ts', 'test/bench/main-boot-probe.ts'],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Sample) : reject(new Error(`probe exited with ${code}`)),
    );
  });
}

const results: Sample[] = [];
for (let i = 0; i < samples; i += 1) {
  results.push(await sample());
  log(`main-boot sample ${i + 1}/${samples}`);
}
const evaluate = results.map((entry) => entry.evaluateMs);
const listed = results.map((entry) => entry.listedMs);
const updater = results.map((entry) => entry.updaterLoadMs);

const rows: BenchRow[] = [
  {
    name: 'main bundle evaluated to app.whenReady handlers',
    value: round(median(evaluate), 1),
    unit: 'ms',
    budget: `<= ${EVALUATE_BUDGET_MS} ms`,
    pass: median(evaluate) <= EVALUATE_BUDGET_MS,
    p95: round(p95(evaluate), 1),
    detail: `${samples} fresh processes; services loaded once ready, electron-updater on first check (would add ${round(median(updater), 1)} ms)`,
  },
  {
    name: 'boot to garage listed (stand-in, Chromium)',
    value: round(median(listed), 1),
    unit: 'ms',
    budget: 'reported',
    pass: true,
    p95: round(p95(listed), 1),
    detail: `${samples} fresh processes, from evaluating the bundle to the first vehicle in the list`,
  },
];
report(rows);
