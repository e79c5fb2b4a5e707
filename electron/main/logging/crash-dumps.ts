// The crash dumps Crashpad keeps on this machine (under Electron's crashDumps path; nothing is
// uploaded): how many there are and the newest, for diagnostics, and those older than 30 days
// removed at start, so a machine that crashed often does not fill its disk with them.
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

export const CRASH_DUMP_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Bounds a scan of a folder that is not what it should be. */
const SCAN_MAX = 2000;

export interface CrashDumpFacts {
  folder: string;
  count: number;
  /** When the newest dump was written, or null with none. */
  newest: string | null;
}

async function dumpFiles(folder: string): Promise<{ file: string; mtimeMs: number }[]> {
  let names: string[];
  try {
    names = (await readdir(folder, { recursive: true })).map(String);
  } catch {
    // No folder yet (nothing ever crashed) or unreadable: no dumps to report.
    return [];
  }
  const found: { file: string; mtimeMs: number }[] = [];
  for (const name of names.filter((each) => each.toLowerCase().endsWith('.dmp')).slice(0, SCAN_MAX)) {
    const file = path.join(folder, name);
    try {
      const info = await stat(file);
      if (info.isFile()) found.push({ file, mtimeMs: info.mtimeMs });
    } catch {
      // Removed meanwhile.
    }
  }
  return found;
}

export async function crashDumpFacts(folder: string): Promise<CrashDumpFacts> {
  const dumps = await dumpFiles(folder);
  const newest = dumps.reduce<number | null>(
    (max, dump) => (max === null || dump.mtimeMs > max ? dump.mtimeMs : max),
    null,
  );
  return { folder, count: dumps.length, newest: newest === null ? null : new Date(newest).toISOString() };
}

/** Removes dumps older than `maxAgeMs`; answers how many were removed. */
export async function pruneCrashDumps(
  folder: string,
  now: Date,
  maxAgeMs = CRASH_DUMP_MAX_AGE_MS,
): Promise<number> {
  let removed = 0;
  for (const dump of await dumpFiles(folder)) {
    if (now.getTime() - dump.mtimeMs <= maxAgeMs) continue;
    try {
      await unlink(dump.file);
      removed++;
    } catch {
      // In use or already gone: the next start tries again.
    }
  }
  return removed;
}
