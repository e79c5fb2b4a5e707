// Shared pieces of the benchmarks: result rows, statistics, interleaved A/B sampling, and
// the child-process protocol of the runner (run.ts). Each benchmark module is a script: it measures,
// then calls `report(rows)`, which writes the rows to the file named by BENCH_OUT (or prints them
// when run by hand: `node --import tsx --import ./test/support/sql-text.mjs test/bench/<name>.ts`,
// the second hook for the shop's `.sql?raw` migrations).
import { writeFileSync } from 'node:fs';
// The simulator's PRNG, so a row's interval is reproducible from its samples.
import { mulberry32 } from '../../electron/main/simulator/prng';

export interface BenchRow {
  name: string;
  /** The measurement the budget is about (for a ratio: the median of the app's arm). */
  value: number;
  unit: string;
  /** The same-run baseline that `ratio` divides by. */
  baseline?: number;
  ratio?: number;
  /** Human-readable budget, e.g. "ratio <= 1.5". */
  budget: string;
  pass: boolean;
  /** p95 of the measured arm and of the baseline, when they are distributions. */
  p95?: number;
  baselineP95?: number;
  /** Sample count, repetitions, or anything needed to read the row. */
  detail?: string;
  /** 95 % bootstrap interval of `ratio` (the ratio of the medians), when both arms are samples. */
  ratioLow?: number;
  ratioHigh?: number;
  /** The budget lies inside the interval: this run cannot tell pass from fail (counted as a pass). */
  marginal?: boolean;
  /** Why the benchmark could not run here (no PostgreSQL); not a pass, not a failure. */
  skipped?: string;
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

export function p95(values: readonly number[]): number {
  return quantile(values, 0.95);
}

/** Linear interpolation between closest ranks (R-7, the spreadsheet default). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function round(value: number, digits = 3): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export interface Arm {
  name: string;
  /** One operation; its time is measured from call to settle. */
  run: () => Promise<unknown>;
}

export interface InterleaveOptions {
  /** Untimed calls per arm before sampling (JIT, connection pool, file caches). */
  warmup: number;
  /** Rounds; in each round every arm runs `batch` timed calls, in alternating order (ABBA). */
  rounds: number;
  batch: number;
  /**
   * With two arms, more rounds (two at a time, keeping ABBA) are added after `rounds` until the
   * ratio of the medians is stable, i.e. a conservative 95 % interval of it is within
   * ±`stableWithin` of it (default 0.05), or `maxRounds` (default 3 × rounds) is reached.
   */
  maxRounds?: number;
  stableWithin?: number;
}

function resampledMedian(values: readonly number[], random: () => number): number {
  const copy = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) copy[i] = values[Math.floor(random() * values.length)]!;
  return median(copy);
}

/**
 * 95 % percentile-bootstrap interval of median(app) / median(base): each arm is resampled with
 * replacement `iterations` times. The spread of a noisy machine shows up as a wide interval.
 */
export function ratioInterval(
  app: readonly number[],
  base: readonly number[],
  iterations = 1000,
): { low: number; high: number } {
  if (app.length === 0 || base.length === 0) return { low: Number.NaN, high: Number.NaN };
  const random = mulberry32(app.length * 7919 + base.length);
  const ratios: number[] = [];
  for (let i = 0; i < iterations; i++)
    ratios.push(resampledMedian(app, random) / resampledMedian(base, random));
  return { low: quantile(ratios, 0.025), high: quantile(ratios, 0.975) };
}

/** 95 % percentile-bootstrap interval of the `q` quantile of `values` (resampled `iterations` times). */
export function quantileInterval(
  values: readonly number[],
  q: number,
  iterations = 1000,
): { low: number; high: number } {
  if (values.length === 0) return { low: Number.NaN, high: Number.NaN };
  const random = mulberry32(values.length * 104_729);
  const estimates: number[] = [];
  const copy = new Array<number>(values.length);
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < values.length; k++) copy[k] = values[Math.floor(random() * values.length)]!;
    estimates.push(quantile(copy, q));
  }
  return { low: quantile(estimates, 0.025), high: quantile(estimates, 0.975) };
}

/** Distribution-free 95 % interval of a median: the order statistics n/2 ∓ 0.98·√n. */
function medianBounds(values: readonly number[]): { low: number; high: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const half = 0.98 * Math.sqrt(sorted.length);
  const at = (rank: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(rank)))]!;
  return { low: at(sorted.length / 2 - half - 1), high: at(sorted.length / 2 + half) };
}

/**
 * True when a conservative interval of the ratio (each median's interval divided by the other's) is
 * within ±`within` of the ratio. Cheap on purpose: it runs between rounds, and a long pause there
 * would let keep-alive connections time out under the benchmark.
 */
export function ratioStable(app: readonly number[], base: readonly number[], within: number): boolean {
  if (app.length === 0 || base.length === 0) return false;
  const ratio = median(app) / median(base);
  const a = medianBounds(app);
  const b = medianBounds(base);
  return (
    Number.isFinite(ratio) &&
    a.high / b.low - ratio <= within * ratio &&
    ratio - a.low / b.high <= within * ratio
  );
}

/**
 * Times every call of every arm, one call at a time, interleaving the arms so that drift of a noisy
 * machine (other processes, thermal, GC) hits both equally. Returns the samples (ms) per arm.
 */
export async function interleave(arms: readonly Arm[], options: InterleaveOptions): Promise<number[][]> {
  for (let i = 0; i < options.warmup; i++) for (const arm of arms) await arm.run();
  const samples = arms.map(() => [] as number[]);
  const maxRounds = Math.max(options.rounds, options.maxRounds ?? options.rounds * 3);
  const within = options.stableWithin ?? 0.05;
  for (let round = 0; round < maxRounds; round++) {
    if (
      round >= options.rounds &&
      round % 2 === 0 &&
      (arms.length !== 2 || ratioStable(samples[0]!, samples[1]!, within))
    ) {
      break;
    }
    const order = arms.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const arm = arms[i]!;
      const out = samples[i]!;
      for (let k = 0; k < options.batch; k++) {
        const t0 = performance.now();
        await arm.run();
        out.push(performance.now() - t0);
      }
    }
  }
  return samples;
}

/** A row comparing the app's arm with a baseline arm by the ratio of their medians. */
export function ratioRow(
  name: string,
  app: readonly number[],
  base: readonly number[],
  limit: { max?: number; min?: number },
  unit = 'ms',
  detail?: string,
): BenchRow {
  const value = median(app);
  const baseline = median(base);
  const ratio = value / baseline;
  const { low, high } = ratioInterval(app, base);
  // Over budget only when the whole interval is: a budget inside it means this run cannot tell.
  const pass =
    Number.isFinite(ratio) &&
    (limit.max === undefined || low <= limit.max) &&
    (limit.min === undefined || high >= limit.min);
  const marginal =
    pass && ((limit.max !== undefined && high > limit.max) || (limit.min !== undefined && low < limit.min));
  const budget = [
    limit.max !== undefined ? `ratio <= ${limit.max}` : '',
    limit.min !== undefined ? `ratio >= ${limit.min}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    name,
    value: round(value, 4),
    unit,
    baseline: round(baseline, 4),
    ratio: round(ratio, 3),
    ratioLow: round(low, 3),
    ratioHigh: round(high, 3),
    budget,
    pass,
    marginal,
    p95: round(p95(app), 4),
    baselineP95: round(p95(base), 4),
    detail: detail ?? `${app.length} + ${base.length} samples, interleaved`,
  };
}

export function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) {
    g();
    g();
  }
}

export function mib(bytes: number): number {
  return bytes / (1024 * 1024);
}

export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Hands the rows to the runner, or prints them when the module runs on its own. */
export function report(rows: readonly BenchRow[]): void {
  const out = process.env['BENCH_OUT'];
  if (out) writeFileSync(out, JSON.stringify(rows));
  else console.log(JSON.stringify(rows, null, 2));
}

/** Logs progress to stderr so the runner can show it without mixing it into results. */
export function log(message: string): void {
  process.stderr.write(`  ${message}\n`);
}

/** Settles within `ms` or fails (a stuck benchmark must not hang the runner). */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
