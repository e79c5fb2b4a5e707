// Crash-safe file replacement and forgiving JSON reads. A write goes to a temp file in the same
// folder, is fsynced, renamed over the target and the folder is fsynced, so after a crash the target
// holds either the old or the new content, never a mix. A JSON file that does not parse or does not
// match its schema is renamed aside and reported instead of taking the app down.
import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { z } from 'zod';
import { AppError } from '../../shared/result';
import { withFileLock } from './file-lock';
import { tm } from '../i18n/main-words';

/** The parts of node:fs/promises used here; tests inject failures through it. */
export type AtomicFs = Pick<typeof nodeFs, 'open' | 'rename' | 'unlink' | 'readFile' | 'readdir' | 'mkdir'>;

export interface CorruptReport {
  /** The file that failed to parse or validate. */
  path: string;
  /** Where it was moved, or null if it could not be moved (it is then left in place). */
  setAsidePath: string | null;
  /** Short description of what was wrong (no file content). */
  reason: string;
}

export type OnCorrupt = (report: CorruptReport) => void;

export type JsonRead<T> =
  { status: 'ok'; value: T } | { status: 'missing' } | { status: 'corrupt'; report: CorruptReport };

export interface AtomicOptions {
  fs?: AtomicFs;
  /**
   * false: replaced atomically but not synced to disk. For what can be fetched again (the offline
   * cache): a killed process still leaves the old or the new file; after a power cut the file may
   * come back empty, which its reader sets aside as damaged, and the next read refills it. Two
   * syncs per entry would otherwise double what a command to a car waits on.
   */
  durable?: boolean;
}

// `.<target>.<16 hex>.tmp`: hidden, and recognisable so leftovers of a killed write can be removed.
const TEMP_RE = /^\..+\.[0-9a-f]{16}\.tmp$/;
const inFlightTemps = new Set<string>();

export function isTempFileName(name: string): boolean {
  return TEMP_RE.test(name);
}

function tempPathFor(target: string): string {
  return join(dirname(resolve(target)), `.${basename(target)}.${randomBytes(8).toString('hex')}.tmp`);
}

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

type Content = string | Uint8Array | AsyncIterable<string | Uint8Array>;

/** Writes `data` to `target` atomically and durably; concurrent writes to one target are serialized. */
export function writeFileAtomic(target: string, data: Content, options: AtomicOptions = {}): Promise<void> {
  return withFileLock(target, () =>
    writeUnlocked(target, data, options.fs ?? nodeFs, options.durable ?? true),
  );
}

async function writeUnlocked(target: string, data: Content, fs: AtomicFs, durable: boolean): Promise<void> {
  const temp = tempPathFor(target);
  inFlightTemps.add(temp);
  try {
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data);
      else for await (const piece of data) await handle.writeFile(piece); // writes all, at the current position
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await renameWithRetry(fs, temp, target);
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined);
    throw new AppError(
      'storage',
      tm('errors.couldNotSave', {
        file: basename(target),
        code: errorCode(error) ?? tm('errors.writeFailed'),
      }),
    );
  } finally {
    inFlightTemps.delete(temp);
  }
  if (durable) await syncFolder(fs, dirname(target));
}

// Windows refuses to rename over a file another process (antivirus, indexer) briefly holds open.
async function renameWithRetry(fs: AtomicFs, from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.rename(from, to);
      return;
    } catch (error) {
      const code = errorCode(error);
      if (attempt >= 5 || (code !== 'EPERM' && code !== 'EACCES' && code !== 'EBUSY')) throw error;
      await new Promise((done) => setTimeout(done, 20 * (attempt + 1)));
    }
  }
}

/** Makes a rename in `folder` durable; a no-op where folders cannot be opened (Windows). */
export async function syncFolder(fs: AtomicFs, folder: string): Promise<void> {
  let handle: nodeFs.FileHandle | undefined;
  try {
    handle = await fs.open(folder, 'r');
    await handle.sync();
  } catch {
    // EISDIR/EPERM on Windows, EINVAL on some file systems: the rename itself is still atomic.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Removes a file under the same per-path queue as writes; a missing file is not an error. */
export function removeFile(target: string, options: AtomicOptions = {}): Promise<void> {
  const fs = options.fs ?? nodeFs;
  return withFileLock(target, async () => {
    try {
      await fs.unlink(target);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') {
        throw new AppError(
          'storage',
          tm('errors.couldNotDelete', { file: basename(target), code: String(errorCode(error)) }),
        );
      }
    }
  });
}

/** A file-name-safe timestamp, e.g. 20250131T120000123Z. */
export function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

/**
 * Moves a bad file to `<name>.corrupt-<timestamp>` next to it so the app can start afresh while the
 * evidence is kept. Not serialized itself: callers hold the file's lock or own the file.
 */
export async function setAside(
  path: string,
  reason: string,
  now: () => Date,
  fs: AtomicFs = nodeFs,
): Promise<CorruptReport> {
  const base = `${path}.corrupt-${fileTimestamp(now())}`;
  for (let n = 0; n < 100; n++) {
    const candidate = n === 0 ? base : `${base}-${n}`;
    // Never overwrite earlier evidence; the app is the only writer of its folder, so probing is enough.
    if (await exists(fs, candidate)) continue;
    try {
      await fs.rename(path, candidate);
      return { path, setAsidePath: candidate, reason };
    } catch {
      break;
    }
  }
  return { path, setAsidePath: null, reason };
}

async function exists(fs: AtomicFs, path: string): Promise<boolean> {
  try {
    const handle = await fs.open(path, 'r');
    await handle.close();
    return true;
  } catch (error) {
    return errorCode(error) !== 'ENOENT';
  }
}

/** Short reason for a zod failure: paths only, never the offending values. */
export function describeSchemaError(error: z.ZodError): string {
  const paths = error.issues.slice(0, 3).map((issue) => issue.path.join('.') || '(root)');
  return `does not match the expected shape (at ${paths.join(', ')})`;
}

export interface ReadJsonOptions extends AtomicOptions {
  now?: () => Date;
  onCorrupt?: OnCorrupt;
}

/**
 * Reads and validates a JSON file. Missing → 'missing'; unparsable or invalid → set aside, reported
 * through `onCorrupt` and returned as 'corrupt'. Other I/O failures (permissions) throw AppError 'storage'.
 */
export function readJsonFile<T>(
  path: string,
  schema: z.ZodType<T>,
  options: ReadJsonOptions = {},
): Promise<JsonRead<T>> {
  return withFileLock(path, () => readJsonUnlocked(path, schema, options));
}

/** readJsonFile for callers that already hold the path's lock. */
export async function readJsonUnlocked<T>(
  path: string,
  schema: z.ZodType<T>,
  options: ReadJsonOptions = {},
): Promise<JsonRead<T>> {
  const fs = options.fs ?? nodeFs;
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { status: 'missing' };
    throw new AppError(
      'storage',
      tm('errors.couldNotRead', { file: basename(path), code: errorCode(error) ?? tm('errors.readFailed') }),
    );
  }
  const reason = problemOf(text, schema);
  if (reason.ok) return { status: 'ok', value: reason.value };
  const report = await setAside(path, reason.problem, options.now ?? (() => new Date()), fs);
  options.onCorrupt?.(report);
  return { status: 'corrupt', report };
}

function problemOf<T>(
  text: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: text.length === 0 ? 'is empty' : 'is not valid JSON' };
  }
  const parsed = schema.safeParse(data);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: describeSchemaError(parsed.error) };
}

/**
 * Deletes temp files left in `folder` by writes that were killed before their rename. Temp files of
 * writes still running in this process are kept. Returns the names removed.
 */
export async function removeStaleTempFiles(
  folder: string,
  options: AtomicOptions & {
    /** The folder's listing, when the caller already has it. */ names?: string[];
  } = {},
): Promise<string[]> {
  const fs = options.fs ?? nodeFs;
  let names: string[];
  try {
    names = options.names ?? (await fs.readdir(folder));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const full = join(resolve(folder), name);
    if (!isTempFileName(name) || inFlightTemps.has(full)) continue;
    await fs.unlink(full).then(
      () => removed.push(name),
      () => undefined,
    );
  }
  return removed;
}

/** Creates a folder (and parents) or throws AppError 'storage'. */
export async function ensureFolder(folder: string, options: AtomicOptions = {}): Promise<void> {
  const fs = options.fs ?? nodeFs;
  try {
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new AppError(
      'storage',
      tm('errors.couldNotCreateFolder', { folder: basename(folder), code: String(errorCode(error)) }),
    );
  }
}
