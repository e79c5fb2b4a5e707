// What a process waits on, tallied by name (a tool for shop-profile.ts's --waits, not a budget row):
// each file handle's sync, datasync and stat, named by the first frames of the project's code that
// awaited it, and each PostgreSQL query by its first words, with their wall time; and, per command,
// how long the event loop was busy or idle while the command was awaited. A command that awaits
// more I/O shows more idle time; one that waits behind other work on the loop shows more busy time.
import { open } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

interface Tally {
  n: number;
  ms: number;
}

const tallies = new Map<string, Tally>();

function tally(key: string, ms: number): void {
  const t = tallies.get(key) ?? { n: 0, ms: 0 };
  t.n++;
  t.ms += ms;
  tallies.set(key, t);
}

/** The first frames of electron/main that led here (async frames included). */
function caller(): string {
  return (new Error().stack ?? '')
    .split('\n')
    .filter((line) => line.includes('electron/main/'))
    .slice(0, 2)
    .map((line) => line.replace(/.*electron\/main\//, '').replace(/\)$/, ''))
    .join(' < ');
}

/** Wraps file handles' syncs and stats and pg's Client#query for the rest of the process. */
export async function watchAwaitedIo(): Promise<void> {
  const handle = await open(fileURLToPath(import.meta.url), 'r');
  const proto = Object.getPrototypeOf(handle) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  await handle.close();
  for (const name of ['sync', 'datasync', 'stat']) {
    const original = proto[name]!;
    proto[name] = async function (this: unknown, ...args: unknown[]) {
      const key = `${name} ${caller()}`;
      const t0 = performance.now();
      try {
        return await original.apply(this, args);
      } finally {
        tally(key, performance.now() - t0);
      }
    };
  }
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    const result = query.apply(this, args);
    const text =
      typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '?');
    const key = `query ${text.replace(/\s+/g, ' ').slice(0, 60)}`;
    if (result instanceof Promise)
      void result.then(
        () => tally(key, performance.now() - t0),
        () => tally(key, performance.now() - t0),
      );
    return result;
  };
}

/** Awaits `work`, tallying its wall time and how much of it the event loop was busy or idle. */
export async function timeAwait<T>(name: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const loop0 = performance.eventLoopUtilization();
  try {
    return await work();
  } finally {
    const loop = performance.eventLoopUtilization(loop0);
    tally(`${name} (wall)`, performance.now() - t0);
    tally(`${name} (loop busy)`, loop.active);
    tally(`${name} (loop idle)`, loop.idle);
  }
}

/** The tallies since the last call, largest first, per command; then they start again. */
export function takeTallies(commands: number, top = 16): string {
  const lines = [...tallies]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, top)
    .map(
      ([key, t]) =>
        `  ${key.padEnd(72)} ${(t.n / commands).toFixed(2)}/command ${(t.ms / commands).toFixed(2)} ms/command`,
    );
  tallies.clear();
  return lines.join('\n');
}
