// Runs on disk: <data>/runs/<id>.json, one file per run, replaced atomically (a crash leaves the
// old or the new file, never a mix). A run of 1,000 vehicles changes hundreds of times a second, so
// saves are coalesced: at most one write per run in flight, the latest snapshot wins. Only the most
// recent runs are kept; a damaged file is set aside and the run is forgotten, never the app stopped.
import { join } from 'node:path';
import { z } from 'zod';
import { runCommandSchema, vinSchema } from '../../shared/ipc/schemas';
import { ERROR_KINDS } from '../../shared/result';
import { commandOutcomeSchema } from './command-outcome-schema';
import type { RunSnapshot } from '../../shared/runs';
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

export const RUNS_FOLDER = 'runs';
/** Finished runs of each kind kept on disk (and listed); older ones are deleted. */
export const RUNS_KEPT = 20;

const RUN_ID_RE = /^[0-9a-f-]{36}$/;

/** How long a run's progress may wait to be written; its start and end are written at once. */
export const SAVE_DELAY_MS = 1_000;

export function isRunId(id: unknown): id is string {
  return typeof id === 'string' && RUN_ID_RE.test(id);
}

const iso = z.iso.datetime();
const effectSchema = z.object({
  value: z.number().nullable(),
  text: z.string(),
  confirmed: z.boolean().nullable(),
  asOf: iso.nullable(),
});
const itemSchema = z.object({
  // Read back from disk and sent again by "Retry failed": checked as the IPC edge checks a VIN.
  vin: vinSchema,
  status: z.enum(['queued', 'sending', 'waiting', 'succeeded', 'failed', 'skipped', 'not-sent']),
  message: z.string().nullable(),
  skipReason: z.string().nullable(),
  errorKind: z.enum(ERROR_KINDS).nullable(),
  at: iso.nullable(),
  phase: z.enum(['checking', 'waking', 'sending', 'verifying', 'reading']).nullable(),
  effect: effectSchema.nullable(),
  auditId: z.string().nullable(),
  woke: z.boolean(),
  durationMs: z.number().nonnegative().nullable(),
  // A command to one car's outcome as main summarised it; runs saved before it have none.
  outcome: commandOutcomeSchema.nullable().optional(),
});
const countsSchema = z.object({
  total: z.number(),
  queued: z.number(),
  sending: z.number(),
  waiting: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  skipped: z.number(),
  notSent: z.number(),
});
export const runFileSchema = z.object({
  version: z.literal(1),
  run: z.object({
    id: z.string().regex(RUN_ID_RE),
    kind: z.enum(['bulk-command', 'garage-refresh', 'vehicle-command', 'template-rollout']),
    profileId: z.string(),
    profileName: z.string(),
    title: z.string(),
    state: z.enum(['running', 'cancelling', 'completed', 'cancelled', 'failed', 'interrupted']),
    startedAt: iso,
    endedAt: iso.nullable(),
    command: runCommandSchema.nullable(),
    // Runs saved before roll-outs existed have no template.
    template: z
      .object({
        name: z.string(),
        fields: z.record(z.string(), z.object({ interval_seconds: z.number() })),
      })
      .nullable()
      .default(null),
    alertsAndCertificates: z.boolean(),
    retryOf: z.string().nullable(),
    // Runs the app started by itself; files of runs a technician started have none.
    startedBy: z.literal('app').optional(),
    stoppedBecause: z.string().nullable(),
    // Files written before runs counted their events have none: 0.
    revision: z.number().int().nonnegative().default(0),
    waitingUntil: iso.nullable(),
    summary: z.string(),
    counts: countsSchema,
    items: z.array(itemSchema),
  }),
});

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
  remove(id: string): Promise<void>;
  /** Settles when every save asked for so far is written. */
  flush(): Promise<void>;
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
      const runs: RunSnapshot[] = [];
      for (const name of names) {
        const id = name.endsWith('.json') ? name.slice(0, -5) : '';
        if (!isRunId(id)) continue;
        const read = await readJsonFile(fileOf(id), runFileSchema, options).catch((error: unknown) => {
          onProblem('Could not read a run', error);
          return null;
        });
        if (read?.status === 'ok' && read.value.run.id === id) runs.push(read.value.run as RunSnapshot);
      }
      return runs.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
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
    },
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
