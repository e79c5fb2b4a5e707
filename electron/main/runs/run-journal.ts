// A run's journal: <data>/runs/<id>.journal, one JSON line per change of one vehicle, appended while
// the run goes on. The run's own file is rewritten at most once a second (a 1,000-vehicle run
// changes hundreds of times a second), so after a crash it lags behind; the journal does not. Before
// each request leaves, a "sent" line naming the audit entry its answer will write is on disk; after
// each vehicle's outcome, the item itself. A restart replays the journal over the run's file and
// looks up the named audit entries (run-recovery.ts), so what was sent is never called "not sent".
// A "sent" line is synced to disk before the request leaves (a power cut must not lose it either);
// an item line is only written (a killed process loses nothing the kernel has, and the outcomes
// that matter are fsynced in the audit log already), so each send costs one sync, shared by the
// sends of the same moment. The journal goes once the run's last state is in its file.
//
// The run itself is a line too: its start (before the first send, so the sync of that send carries
// it) and its end. A command to one car thus waits on no write of the run's file: it has none
// until the next start, its journal (synced once it has ended) being its record meanwhile, and a
// journal whose file is missing or older tells the run (run-store.ts loadAll).
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { tm } from '../i18n/main-words';
import { AppError } from '../../shared/result';
import type { RunItem, RunSnapshot } from '../../shared/runs';
import { ensureFolder, errorCode, removeFile, syncFolder, type AtomicFs } from '../storage/atomic-file';
import { runFileSchema, runItemSchema } from './run-file-schema';

/** A request about to leave for `vin`: its answer is the audit entry `auditId` of `operation`. */
export interface SentMark {
  type: 'sent';
  vin: string;
  operation: string;
  auditId: string;
  at: string;
}

/** One vehicle's part of the run as it now stands (an outcome, a wait, a cancel). */
export interface ItemLine {
  type: 'item';
  item: RunItem;
}

/** The whole run as it stood when it started or ended. */
export interface RunLine {
  type: 'run';
  run: RunSnapshot;
}

export type JournalLine = SentMark | ItemLine | RunLine;

const lineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('sent'),
    vin: z.string(),
    operation: z.string().max(80),
    auditId: z.string().max(64),
    at: z.iso.datetime(),
  }),
  z.object({ type: z.literal('item'), item: runItemSchema }),
  z.object({ type: z.literal('run'), run: runFileSchema.shape.run }),
]);

/** The run as the journal's newest "run" line tells it; null when it has none. */
export function journalRun(lines: readonly JournalLine[] | null): RunSnapshot | null {
  for (let i = (lines?.length ?? 0) - 1; i >= 0; i--) {
    const line = lines![i]!;
    if (line.type === 'run') return line.run;
  }
  return null;
}

export const journalFile = (folder: string, id: string) => join(folder, `${id}.journal`);

export interface RunJournal {
  /**
   * Appends `line`; settles once it is written, and for a "sent" line once it is synced to disk
   * (with whatever else was written meanwhile).
   */
  append(line: JournalLine): Promise<void>;
  /**
   * Creates and opens the file now, its name synced into the folder, so the first line's sync costs
   * only that line's (a journal made ready before its run starts).
   */
  prepare(): Promise<void>;
  /** Closes the file; the journal stays on disk until removed. With `sync`, synced to disk first. */
  close(options?: { sync?: boolean }): Promise<void>;
}

/**
 * Opens (creates) the journal of run `id` in `folder`. Appends queue behind each other; those that
 * arrive while one is being written go together in the next write, so four sends at once cost one
 * sync, not four.
 */
export function openRunJournal(options: { folder: string; id: string; fs: AtomicFs }): RunJournal {
  const { folder, fs } = options;
  const path = journalFile(folder, options.id);
  let handle: Promise<FileHandle> | null = null;
  let waiting: {
    text: string;
    sync: boolean;
    settle: { resolve: () => void; reject: (error: unknown) => void }[];
  } | null = null;
  let flushing: Promise<void> | null = null;
  /** The sync of the folder after the journal was created; its name is durable once it settles. */
  let named: Promise<void> = Promise.resolve();
  /**
   * The first failure, refused to every later line. A journal missing a line (its start, say)
   * would tell a crash a wrong story, so once one is lost nothing more is sent on its word.
   */
  let failed: AppError | null = null;

  function opened(): Promise<FileHandle> {
    handle ??= (async () => {
      await ensureFolder(folder, { fs });
      const file = await fs.open(path, 'a', 0o600);
      // The name itself must outlive a crash, or the lines in it are lost with it: the folder is
      // synced before the first sync of a line is done (the two go at once, see flush).
      named = syncFolder(fs, folder);
      return file;
    })();
    handle.catch(() => (handle = null));
    return handle;
  }

  async function flush(): Promise<void> {
    while (waiting) {
      // The batch is taken once the file is at hand, not before: lines appended in the same step
      // (a run's start line and its first send's mark) then go in one write and one sync.
      let file: FileHandle | null = null;
      let opening: unknown = null;
      try {
        if (failed) throw failed;
        file = await opened();
      } catch (error) {
        opening = error;
      }
      const batch = waiting;
      waiting = null;
      try {
        if (!file) throw opening;
        await file.appendFile(batch.text, 'utf8');
        if (batch.sync) await Promise.all([file.datasync(), named]);
        for (const s of batch.settle) s.resolve();
      } catch (error) {
        failed ??= new AppError(
          'storage',
          tm('mainRuns.journalFailed', { code: errorCode(error) ?? tm('mainRuns.journalWriteFailed') }),
        );
        for (const s of batch.settle) s.reject(failed);
      }
    }
    // Cleared in the same step that found nothing waiting: a line appended by a caller woken by
    // the last batch then starts a flush of its own (a `.finally` would clear it a step too late).
    flushing = null;
  }

  return {
    append(line) {
      if (failed) return Promise.reject(failed);
      return new Promise<void>((resolve, reject) => {
        const text = JSON.stringify(line) + '\n';
        const sync = line.type === 'sent';
        if (waiting) {
          waiting.text += text;
          waiting.sync ||= sync;
          waiting.settle.push({ resolve, reject });
        } else waiting = { text, sync, settle: [{ resolve, reject }] };
        flushing ??= flush();
      });
    },
    async prepare() {
      await opened();
      await named;
    },
    async close(closing = {}) {
      await flushing;
      const file = await handle?.catch(() => null);
      handle = null;
      try {
        if (closing.sync && file && !failed) await file.datasync();
      } finally {
        await file?.close().catch(() => undefined);
      }
    },
  };
}

/**
 * The journal's lines, oldest first; null when the run has none (a run saved by an older version,
 * or one that ended cleanly). A line torn by the crash, or damaged, is skipped.
 */
export async function readRunJournal(
  folder: string,
  id: string,
  fs: Pick<AtomicFs, 'readFile'>,
): Promise<JournalLine[] | null> {
  let text: string;
  try {
    text = await fs.readFile(journalFile(folder, id), 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  const lines: JournalLine[] = [];
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      continue;
    }
    const parsed = lineSchema.safeParse(data);
    if (parsed.success) lines.push(parsed.data as JournalLine);
  }
  return lines;
}

export function removeRunJournal(folder: string, id: string, fs: AtomicFs): Promise<void> {
  return removeFile(journalFile(folder, id), { fs });
}
