// A run read back from disk is sent again by "Retry failed", and the API client trusts what it is
// given: so the run store checks a saved run's VINs and command as the IPC edge checks a new run's,
// and sets a file that fails aside instead of loading it.
import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRunStore, RUNS_FOLDER } from '../../../electron/main/runs/run-store';
import type { RunSnapshot } from '../../../electron/shared/runs';
import { bulkRunSnapshot } from './run-fixture';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const VIN = '5YJ3E1EA7KF317000';

function saved(id: string, change: (run: RunSnapshot) => void = () => {}): RunSnapshot {
  return bulkRunSnapshot(id, [VIN], change);
}

async function storeWith(runs: RunSnapshot[]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-run-file-'));
  folders.push(dataDir);
  const folder = path.join(dataDir, RUNS_FOLDER);
  await mkdir(folder);
  for (const run of runs)
    await writeFile(path.join(folder, `${run.id}.json`), JSON.stringify({ version: 1, run }));
  const corrupt: string[] = [];
  const store = createRunStore({ dataDir, onCorrupt: (report) => corrupt.push(path.basename(report.path)) });
  return { store, folder, corrupt };
}

const id = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;

describe('runs read back from disk', () => {
  it('loads a run whose VINs and command pass the IPC edge’s rules, and sets the others aside', async () => {
    const { store, folder, corrupt } = await storeWith([
      saved(id(1)),
      saved(id(2), (run) => (run.items[0]!.vin = '5YJ3E1EA7KF31700/')),
      saved(id(3), (run) => (run.command = { name: 'set_charge_limit', options: { percent: 101 } })),
      saved(id(4), (run) => (run.command = { name: 'close_windows', options: { percent: 80 } })),
    ]);
    const loaded = await store.loadAll();
    expect(loaded.map((run) => run.id)).toEqual([id(1)]);
    expect(loaded[0]).toMatchObject({ revision: 3, items: [{ vin: VIN }] });
    expect(corrupt.sort()).toEqual([id(2), id(3), id(4)].map((n) => `${n}.json`));
    expect((await readdir(folder)).filter((name) => name.endsWith('.json') && name.length === 41)).toEqual([
      `${id(1)}.json`,
    ]);
  });

  it('loads a workshop command’s run and a template roll-out with its template', async () => {
    const { store, corrupt } = await storeWith([
      saved(id(9), (run) => (run.command = { name: 'lock', options: {} })),
      saved(id(10), (run) => {
        run.kind = 'template-rollout';
        run.command = null;
        run.template = { name: 'Fleet', fields: { BatteryLevel: { interval_seconds: 60 } } };
      }),
    ]);
    const loaded = await store.loadAll();
    expect(loaded.map((run) => run.id).sort()).toEqual([id(9), id(10)]);
    expect(loaded.find((run) => run.id === id(10))?.template?.name).toBe('Fleet');
    expect(corrupt).toEqual([]);
  });

  it('keeps the mark of a run the app started by itself, and sets aside a file with any other starter', async () => {
    const { store, corrupt } = await storeWith([
      saved(id(6), (run) => (run.startedBy = 'app')),
      saved(id(7)),
      saved(id(8), (run) => ((run as { startedBy?: unknown }).startedBy = 'renderer')),
    ]);
    const loaded = new Map((await store.loadAll()).map((run) => [run.id, run]));
    expect(loaded.get(id(6))?.startedBy).toBe('app');
    expect(loaded.get(id(7))).toBeDefined();
    expect(loaded.get(id(7))).not.toHaveProperty('startedBy');
    expect(corrupt).toEqual([`${id(8)}.json`]);
  });

  it('takes a file written before runs counted their events as revision 0', async () => {
    const old = saved(id(5)) as Partial<RunSnapshot>;
    delete old.revision;
    const { store } = await storeWith([old as RunSnapshot]);
    expect((await store.loadAll())[0]).toMatchObject({ id: id(5), revision: 0 });
  });
});
