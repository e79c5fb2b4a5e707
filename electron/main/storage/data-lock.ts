// One writer per data folder, across processes: every store keeps its data in memory and the
// last writer wins, so a second copy of the app (another install, a portable build, a helper
// process) on the same folder would silently lose acknowledged writes. The lock is a file created
// exclusively, holding the holder's pid, its start time and executable. A lock is stale, and taken
// over, when its process is gone (a crash, a kill), when it was written before the machine last
// booted (a power cut), or when its pid now belongs to another process (pids are reused: a
// different start time or executable); anything else refuses to start with a message that says
// who holds it.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../../shared/result';
import { errorCode } from './atomic-file';
import { bootTimeMs, executableName, liveIdentity, ownIdentity } from './process-identity';

export const LOCK_FILE = 'vehicle-garage.lock';
/** A lock file still empty this long after it was created belongs to a writer that died creating it. */
const EMPTY_LOCK_GRACE_MS = 5_000;

/** A lock this much older than the boot time is from before the boot (the boot time is coarse). */
const BOOT_MARGIN_MS = 2_000;

interface LockBody {
  pid: number;
  host: string;
  since: string;
  nonce: string;
  /** Linux: the holder's start time in clock ticks since boot. Absent in older locks. */
  startTicks?: number | null;
  /** The holder's executable. Absent in older locks. */
  exe?: string;
}

export interface DataLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Whether process `pid` exists (a process of another user counts). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

async function readBody(
  path: string,
): Promise<{ body: LockBody | null; ageMs: number; writtenAt: number } | null> {
  try {
    const [text, info] = await Promise.all([fs.readFile(path, 'utf8'), fs.stat(path)]);
    let body: LockBody | null = null;
    try {
      const parsed = JSON.parse(text) as LockBody;
      if (Number.isSafeInteger(parsed.pid) && typeof parsed.nonce === 'string') body = parsed;
    } catch {
      body = null;
    }
    return { body, ageMs: Date.now() - info.mtimeMs, writtenAt: info.mtimeMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

/** Locks held by this process, by path: a second core on the same folder is refused as well. */
const heldHere = new Set<string>();

/** Another copy of the app holds the data folder: its message names that copy, for the user. */
export class DataFolderInUseError extends AppError {
  constructor(message: string) {
    super('storage', message);
    this.name = 'DataFolderInUseError';
  }
}

function refusal(dataDir: string, body: LockBody | null): AppError {
  const who = body
    ? `another copy of Vehicle Garage (process ${body.pid}${body.host === hostname() ? '' : ` on ${body.host}`}, since ${body.since}${body.exe ? `, ${body.exe}` : ''})`
    : 'another copy of Vehicle Garage that is starting';
  return new DataFolderInUseError(
    `The data folder ${dataDir} is in use by ${who}. Close that copy first; two copies on one folder would lose each other's changes.`,
  );
}

/** Takes the data folder's lock or throws AppError 'storage' saying who holds it. */
export async function acquireDataLock(dataDir: string): Promise<DataLock> {
  await fs.mkdir(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  if (heldHere.has(path))
    throw refusal(dataDir, { pid: process.pid, host: hostname(), since: 'now', nonce: '' });
  const own = await ownIdentity();
  const body: LockBody = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
    startTicks: own.startTicks,
    ...(own.exe === null ? {} : { exe: own.exe }),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await fs.open(path, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify(body));
        await handle.sync();
      } finally {
        await handle.close();
      }
      heldHere.add(path);
      return { path, release: () => release(path, body.nonce) };
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const found = await readBody(path);
    if (found === null) continue; // released meanwhile: try again
    const { body: holder, ageMs } = found;
    const stale = holder === null ? ageMs > EMPTY_LOCK_GRACE_MS : await holderGone(holder, found.writtenAt);
    if (!stale) throw refusal(dataDir, holder);
    // Move the stale lock aside (atomic: of two processes taking over, one wins the rename), make
    // sure what was moved is the lock judged stale, and try to create ours again.
    const aside = `${path}.stale-${randomBytes(4).toString('hex')}`;
    try {
      await fs.rename(path, aside);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue;
      throw error;
    }
    const moved = await readBody(aside);
    if (holder !== null && moved?.body?.nonce !== holder.nonce) {
      // Someone else took over first and we moved their fresh lock: give it back, then refuse.
      await fs.link(aside, path).catch(() => undefined);
      await fs.unlink(aside).catch(() => undefined);
      throw refusal(dataDir, moved?.body ?? null);
    }
    await fs.unlink(aside).catch(() => undefined);
  }
  throw refusal(dataDir, null);
}

/**
 * Whether the process that wrote `holder` is certainly not running any more. Only this machine's
 * locks are judged; an unknown (another user's process the OS will not describe) is not proof.
 */
async function holderGone(holder: LockBody, fileWrittenAt: number): Promise<boolean> {
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid || !alive(holder.pid)) return true;
  // Written before the machine last booted: whatever runs under that pid now started after it.
  const since = Date.parse(holder.since);
  const writtenAt = Number.isFinite(since) ? Math.min(since, fileWrittenAt) : fileWrittenAt;
  if (writtenAt < (await bootTimeMs()) - BOOT_MARGIN_MS) return true;
  // The pid is alive: is it still the process that wrote the lock?
  const live = await liveIdentity(holder.pid);
  const recordedTicks = holder.startTicks ?? null;
  if (recordedTicks !== null && live.startTicks !== null && recordedTicks !== live.startTicks) return true;
  // An older lock names no executable: the writer was this app, so compare with ours.
  const recordedName = executableName(holder.exe ?? process.execPath);
  if (live.name !== null && live.name.replace(/ \(deleted\)$/, '') !== recordedName) return true;
  return false;
}

async function release(path: string, nonce: string): Promise<void> {
  if (!heldHere.delete(path)) return;
  const found = await readBody(path).catch(() => null);
  // Only our own lock is removed, never one another process took over.
  if (found?.body?.nonce === nonce) await fs.unlink(path).catch(() => undefined);
}
