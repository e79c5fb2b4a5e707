// Runs on disk: <data>/runs/<id>.json, one file per run, replaced atomically (a crash leaves the
// old or the new file, never a mix). A run of 1,000 vehicles changes hundreds of times a second, so
// saves are coalesced: at most one write per run in flight, the latest snapshot wins; what each
// vehicle was sent and answered goes meanwhile to the run's journal (run-journal.ts), line by line.
// Only the most recent runs are kept; a damaged file is set aside and the run is forgotten, never
// the app stopped.
import { join } from 'node:path';
import { FINISHED_RUN_STATES, type RunSnapshot } from '../../shared/runs';
import {
  ensureFolder,
  readJsonFile,
  removeFile,
  removeStaleTempFiles,
  writeFileAtomic,
  type AtomicFs,
  type OnCorrupt,
} from '../storage/atomic-file';
import * as nodeFs from 'node:fs/promises';
import { RUN_ID_RE, runFileSchema } from './run-file-schema';
import {
  journalRun,
  openRunJournal,
  readRunJournal,
  removeRunJournal,
  type JournalLine,
  type RunJournal,
} from './run-journal';

export const RUNS_FOLDER = 'runs';
/** Finished runs of each kind kept on disk (and listed); older ones are deleted. */
export const RUNS_KEPT = 20;

/**
 * How long a run's progress may wait to be written. A run without a journal writes its start and
 * end at once; one with a journal has them in its journal and writes its file once it has ended.
 */
export const SAVE_DELAY_MS = 1_000;

export function isRunId(id: unknown): id is string {
  return typeof id === 'string' && RUN_ID_RE.test(id);
}

export interface RunStore {
  /** Every run on disk, newest first (damaged files set aside). */
  loadAll(): Promise<RunSnapshot[]>;
  /**
   * Saves within about a second: a run's changes in that time are written once, with the latest
   * snapshot (taken when written, not when asked).
   */
  save(id: string, run: () => RunSnapshot): void;
  /** Saves now and settles when this run's latest snapshot is on disk. */
  saveNow(run: RunSnapshot): Promise<void>;
  /** Removes the run's file and its journal. */
  remove(id: string): Promise<void>;
  /** Settles when every save asked for so far is written. */
  flush(): Promise<void>;
  /** The journal of a run under way (created on first use). */
  openJournal(id: string): RunJournal;
  /** The journal a run left, oldest line first; null when it left none. */
  readJournal(id: string): Promise<JournalLine[] | null>;
  /** Once the run's file holds all its journal said. */
  removeJournal(id: string): Promise<void>;
}

export function createRunStore(options: {
  dataDir: string;
  now?: () => Date;
  onCorrupt?: OnCorrupt;
  onProblem?: (message: string, error: unknown) => void;
  fs?: AtomicFs;
}): RunStore {
  const folder = join(options.dataDir, RUNS_FOLDER);
  const fs = options.fs ?? nodeFs;
  const onProblem = options.onProblem ?? (() => {});
  const fileOf = (id: string) => join(folder, `${id}.json`);
  /** Per run: the write under way, and the snapshot to write after it (the latest asked). */
  const writing = new Map<string, Promise<void>>();
  const pending = new Map<string, () => RunSnapshot>();
  const timers = new Map<string, NodeJS.Timeout>();
  let folderReady: Promise<void> | null = null;

  async function write(run: RunSnapshot): Promise<void> {
    folderReady ??= ensureFolder(folder, { fs }).catch((error: unknown) => {
      folderReady = null;
      throw error;
    });
    await folderReady;
    await writeFileAtomic(fileOf(run.id), JSON.stringify({ version: 1, run }) + '\n', { fs });
  }

  function pump(id: string): Promise<void> {
    const current = writing.get(id);
    if (current) return current;
    const next = (async () => {
      while (pending.has(id)) {
        const take = pending.get(id)!;
        pending.delete(id);
        await write(take()).catch((error: unknown) => onProblem('Could not save a run', error));
      }
    })().finally(() => writing.delete(id));
    writing.set(id, next);
    return next;
  }

  return {
    async loadAll() {
      let names: string[];
      try {
        names = await fs.readdir(folder);
      } catch {
        return [];
      }
      await removeStaleTempFiles(folder, { fs, names });
      const runs = new Map<string, RunSnapshot>();
      for (const name of names) {
        const id = name.endsWith('.json') ? name.slice(0, -5) : '';
        if (!isRunId(id)) continue;
        const read = await readJsonFile(fileOf(id), runFileSchema, options).catch((error: unknown) => {
          onProblem('Could not read a run', error);
          return null;
        });
        if (read?.status === 'ok' && read.value.run.id === id) runs.set(id, read.value.run as RunSnapshot);
      }
      for (const name of names) {
        const id = name.endsWith('.journal') ? name.slice(0, -8) : '';
        if (!isRunId(id)) continue;
        const lines = await readRunJournal(folder, id, fs).catch((error: unknown) => {
          onProblem('Could not read a run journal', error);
          return undefined;
        });
        if (lines === undefined) continue;
        // The journal's own copy of the run is newer than the file's when the app stopped before
        // the file was written (a command to one car writes its file only once it has ended).
        const told = journalRun(lines);
        const filed = runs.get(id);
        if (told && told.id === id && (!filed || told.revision > filed.revision)) {
          runs.set(id, told);
          if (FINISHED_RUN_STATES.includes(told.state)) {
            // Ended: the file takes what the journal said, and the journal has nothing left to add.
            await write(told)
              .then(() => removeRunJournal(folder, id, fs))
              .catch((error: unknown) => onProblem('Could not save a run', error));
          }
        } else if (!filed || FINISHED_RUN_STATES.includes(filed.state)) {
          // A journal whose run file is gone (removed, or set aside as damaged) has nothing to add
          // to, and one of a run its file shows ended was left by a stop before it was removed.
          await removeRunJournal(folder, id, fs).catch((error: unknown) =>
            onProblem('Could not remove a run journal', error),
          );
        }
      }
      return [...runs.values()].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    },
    save(id, run) {
      pending.set(id, run);
      if (timers.has(id)) return;
      const timer = setTimeout(() => {
        timers.delete(id);
        void pump(id);
      }, SAVE_DELAY_MS);
      timer.unref?.();
      timers.set(id, timer);
    },
    async saveNow(run) {
      clearTimeout(timers.get(run.id));
      timers.delete(run.id);
      pending.set(run.id, () => run);
      await pump(run.id);
      // A write that was under way took an older snapshot: this one follows it.
      if (pending.has(run.id)) await pump(run.id);
    },
    async remove(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
      pending.delete(id);
      await writing.get(id);
      await removeFile(fileOf(id), { fs });
      await removeRunJournal(folder, id, fs);
    },
    openJournal: (id) => openRunJournal({ folder, id, fs }),
    readJournal: (id) => readRunJournal(folder, id, fs),
    removeJournal: (id) => removeRunJournal(folder, id, fs),
    async flush() {
      for (const [id, timer] of timers) {
        clearTimeout(timer);
        timers.delete(id);
        void pump(id);
      }
      while (writing.size > 0) await Promise.all([...writing.values()]);
    },
  };
}
