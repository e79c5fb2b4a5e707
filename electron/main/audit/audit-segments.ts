// Where the audit log lives: one append-only JSON-lines file per month of operation time,
// <data>/audit/segments/YYYY-MM.jsonl, each with a derived summary YYYY-MM.index.json. Also the
// one-time move of the single-file log of earlier versions (audit/audit.jsonl) into segments.
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode, syncFolder, type AtomicFs } from '../storage/atomic-file';
import { linesForward } from './line-reader';

export const SEGMENTS_FOLDER = 'segments';
export const LEGACY_FILE = 'audit.jsonl';
const MIGRATING_FOLDER = 'segments.migrating';
const SEGMENT_RE = /^(\d{4}-\d{2})\.jsonl$/;

/** "2025-03" for an ISO time. */
export const monthOf = (isoTime: string): string => isoTime.slice(0, 7);

export const segmentFile = (folder: string, month: string) => join(folder, `${month}.jsonl`);
export const indexFile = (folder: string, month: string) => join(folder, `${month}.index.json`);

/** The months that have a segment, oldest first. */
export async function listMonths(folder: string, fs: AtomicFs = nodeFs): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => SEGMENT_RE.exec(name)?.[1])
    .filter((month): month is string => month !== undefined)
    .sort();
}

async function exists(fs: AtomicFs, path: string): Promise<boolean> {
  try {
    await fs.readdir(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return false;
    throw error;
  }
}

/**
 * Moves audit/audit.jsonl into month segments. Kill-safe: the segments are built in a folder of
 * their own, fsynced, and only then renamed into place; the old file is removed after that. A
 * run killed before the rename starts over; one killed after it only has the old file to remove.
 */
export async function migrateLegacyLog(
  auditFolder: string,
  parseMonth: (line: string) => string | null,
  fs: AtomicFs = nodeFs,
): Promise<number> {
  const legacy = join(auditFolder, LEGACY_FILE);
  const segments = join(auditFolder, SEGMENTS_FOLDER);
  let legacyExists = true;
  try {
    await (await fs.open(legacy, 'r')).close();
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    legacyExists = false;
  }
  if (!legacyExists) return 0;
  if (await exists(fs, segments)) {
    // Migrated already; only the removal of the old file was cut short.
    await fs.unlink(legacy);
    await syncFolder(fs, auditFolder);
    return 0;
  }
  const building = join(auditFolder, MIGRATING_FOLDER);
  await nodeFs.rm(building, { recursive: true, force: true });
  await fs.mkdir(building, { recursive: true });
  const handles = new Map<string, nodeFs.FileHandle>();
  const pending = new Map<string, string[]>();
  let moved = 0;
  const flush = async (month: string) => {
    const lines = pending.get(month);
    if (!lines || lines.length === 0) return;
    let handle = handles.get(month);
    if (!handle) {
      handle = await fs.open(segmentFile(building, month), 'a', 0o600);
      handles.set(month, handle);
    }
    await handle.appendFile(lines.join('\n') + '\n', 'utf8');
    pending.set(month, []);
  };
  try {
    for await (const line of linesForward(legacy, fs)) {
      const month = parseMonth(line);
      if (month === null) continue; // torn or foreign lines stay behind, as they were unreadable
      const lines = pending.get(month) ?? [];
      lines.push(line);
      pending.set(month, lines);
      moved++;
      if (lines.length >= 1000) await flush(month);
    }
    for (const month of pending.keys()) await flush(month);
    for (const handle of handles.values()) await handle.sync();
  } finally {
    for (const handle of handles.values()) await handle.close();
  }
  await syncFolder(fs, building);
  await fs.rename(building, segments);
  await syncFolder(fs, auditFolder);
  await fs.unlink(legacy);
  await syncFolder(fs, auditFolder);
  return moved;
}
