// The crash dumps kept on this machine: counted with the newest for diagnostics, and those older
// than 30 days removed (in every Crashpad subfolder), the rest left alone.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { crashDumpFacts, pruneCrashDumps } from '../../../electron/main/logging/crash-dumps';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-28T12:00:00.000Z');

describe('crash dumps', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'crashpad-'));
    await mkdir(path.join(folder, 'completed'));
    await mkdir(path.join(folder, 'pending'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function dump(relative: string, ageDays: number) {
    const file = path.join(folder, relative);
    await writeFile(file, 'MDMP');
    const at = new Date(now.getTime() - ageDays * DAY);
    await utimes(file, at, at);
  }

  it('counts the dumps and names the newest; none and a missing folder are reported as none', async () => {
    expect(await crashDumpFacts(path.join(folder, 'absent'))).toEqual({
      folder: path.join(folder, 'absent'),
      count: 0,
      newest: null,
    });
    await dump('completed/a.dmp', 40);
    await dump('pending/b.dmp', 2);
    await writeFile(path.join(folder, 'settings.dat'), 'x');
    expect(await crashDumpFacts(folder)).toEqual({
      folder,
      count: 2,
      newest: new Date(now.getTime() - 2 * DAY).toISOString(),
    });
  });

  it('removes the dumps older than 30 days and keeps the rest and other files', async () => {
    await dump('completed/old.dmp', 31);
    await dump('completed/recent.dmp', 29);
    await dump('pending/older.dmp', 90);
    await writeFile(path.join(folder, 'settings.dat'), 'x');
    expect(await pruneCrashDumps(folder, now)).toBe(2);
    expect((await readdir(folder, { recursive: true })).map(String).sort()).toEqual(
      ['completed', path.join('completed', 'recent.dmp'), 'pending', 'settings.dat'].sort(),
    );
    expect(await pruneCrashDumps(path.join(folder, 'absent'), now)).toBe(0);
  });
});
