// Writes the audit log's lines to their month's file, each fsynced before its append returns. The
// month being written stays open while appends keep coming (a bulk run, a burst of commands), so an
// append costs an fstat, a write and an fsync instead of also a mkdir, an open, a read and a close.
// The stat sees what would make the open file the wrong one to write to: deleted behind the app
// (the entry would go nowhere), or written by someone else (its last line may be torn). The file is
// then opened again by name and checked as on first use, as it is after a failed write.
import { fstatSync, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { ensureFolder, syncFolder, type AtomicFs } from '../storage/atomic-file';
import { segmentFile } from './audit-segments';

/** How long a month's file stays open after its last append. */
export const SEGMENT_IDLE_CLOSE_MS = 5_000;

/** The file's size before the append and after it. */
export interface AppendedSizes {
  before: number;
  after: number;
}

export interface SegmentAppender {
  /** Appends `line` and a newline to the month's file; resolves once fsynced. One at a time. */
  append(month: string, line: string): Promise<AppendedSizes>;
  /** Closes the open file, if any; a later append opens it again. */
  close(): Promise<void>;
}

interface OpenSegment {
  month: string;
  handle: FileHandle;
  /** The size this appender left the file at: anything else means another writer. */
  size: number;
  /** Created by this open: the folder entry is synced after the first write. */
  created: boolean;
  /** The file did not end with a newline (a write torn by a crash). */
  torn: boolean;
}

export function createSegmentAppender(options: {
  folder: string;
  fs: AtomicFs;
  idleCloseMs?: number;
}): SegmentAppender {
  const { folder, fs } = options;
  const idleCloseMs = options.idleCloseMs ?? SEGMENT_IDLE_CLOSE_MS;
  let open: OpenSegment | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  // Appends and closes queue behind each other, so an idle close never lands mid-append.
  let tail: Promise<unknown> = Promise.resolve();

  function queued<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  }

  async function closeOpen(): Promise<void> {
    const closing = open;
    open = null;
    await closing?.handle.close().catch(() => undefined);
  }

  async function openMonth(month: string): Promise<OpenSegment> {
    await ensureFolder(folder, { fs });
    const handle = await fs.open(segmentFile(folder, month), 'a+', 0o600);
    try {
      const { size } = await handle.stat();
      let torn = false;
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        torn = last[0] !== 0x0a;
      }
      return { month, handle, size, created: size === 0, torn };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  /** The month's file, open and as this appender left it. */
  async function segmentFor(month: string): Promise<OpenSegment> {
    if (open && open.month === month) {
      // fstat of an open descriptor answers from the inode in memory, without waiting on the disk:
      // asked synchronously, it does not queue behind the syncs in libuv's pool that every command
      // waits on (an audited command costs this stat, a write and an fsync).
      const found = statOpen(open.handle);
      if (found && found.nlink > 0 && found.size === open.size) return open;
    }
    await closeOpen();
    open = await openMonth(month);
    return open;
  }

  function closeWhenIdle(): void {
    if (idleTimer) {
      idleTimer.refresh();
      return;
    }
    idleTimer = setTimeout(() => {
      idleTimer = null;
      void queued(closeOpen);
    }, idleCloseMs);
    idleTimer.unref?.();
  }

  return {
    append(month, line) {
      return queued(async () => {
        const segment = await segmentFor(month);
        // A crash mid-append leaves a line without its newline: start ours on a line of its own.
        const text = Buffer.from(`${segment.torn ? '\n' : ''}${line}\n`, 'utf8');
        try {
          await segment.handle.appendFile(text);
          await segment.handle.sync();
        } catch (error) {
          // Part of the line may be on disk: the next append reopens and checks the last byte.
          await closeOpen();
          throw error;
        }
        const before = segment.size;
        segment.size += text.length;
        segment.torn = false;
        if (segment.created) {
          segment.created = false;
          await syncFolder(fs, folder);
        }
        closeWhenIdle();
        return { before, after: segment.size };
      });
    },

    close() {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      return queued(closeOpen);
    },
  };
}

/** The open file's link count and size; null when it cannot be asked (then it is opened again). */
function statOpen(handle: FileHandle): Pick<Stats, 'nlink' | 'size'> | null {
  try {
    return fstatSync(handle.fd);
  } catch {
    return null;
  }
}
