// Effects this machine read back from a car while the shop's database was away. An effect is what
// the car confirmed after an action: it cannot be read again later, so it is kept here on disk
// first (and in the job's local copy), then written into the shop's job on the next (re)connect.
// Writing one is setting one key of the job's effects, so a write repeated after a crash changes
// nothing: the shop ends with each effect once whatever fails in between.
import { join } from 'node:path';
import { z } from 'zod';
import { effectSchema, type ActionEffect } from '../../shared/jobs/job-record';
import { ensureFolder, readJsonFile, writeFileAtomic, type OnCorrupt } from '../storage/atomic-file';
import { createSerial } from '../storage/serial';

/** Not the jobs folder: every file there is read as a job. */
export const PENDING_EFFECTS_FOLDER = 'jobs-pending';

const pendingSchema = z.object({
  jobId: z.string(),
  entryId: z.string(),
  effect: effectSchema,
});
export type PendingEffect = z.infer<typeof pendingSchema>;
const fileSchema = z.object({ effects: z.array(pendingSchema) });

export interface PendingEffects {
  all(): Promise<PendingEffect[]>;
  /** Those of one job, by audit entry id. */
  of(jobId: string): Promise<Record<string, ActionEffect>>;
  add(effect: PendingEffect): Promise<void>;
  /** Forgets the ones the shop now holds. */
  remove(done: readonly Pick<PendingEffect, 'jobId' | 'entryId'>[]): Promise<void>;
}

export function createPendingEffects(options: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
  now?: () => Date;
}): PendingEffects {
  const folder = join(options.dataDir, PENDING_EFFECTS_FOLDER);
  const file = join(folder, 'effects.json');
  let cached: PendingEffect[] | null = null;
  const serial = createSerial();
  const key = (e: Pick<PendingEffect, 'jobId' | 'entryId'>) => `${e.jobId}\n${e.entryId}`;

  async function load(): Promise<PendingEffect[]> {
    if (cached) return cached;
    const read = await readJsonFile(file, fileSchema, {
      ...(options.onCorrupt ? { onCorrupt: options.onCorrupt } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    cached = read.status === 'ok' ? read.value.effects : [];
    return cached;
  }
  async function save(effects: PendingEffect[]): Promise<void> {
    await ensureFolder(folder);
    await writeFileAtomic(file, `${JSON.stringify({ effects }, null, 2)}\n`);
    cached = effects;
  }

  return {
    all: () => serial(async () => [...(await load())]),
    of: (jobId) =>
      serial(async () =>
        Object.fromEntries((await load()).filter((e) => e.jobId === jobId).map((e) => [e.entryId, e.effect])),
      ),
    add: (effect) =>
      serial(async () => {
        const kept = (await load()).filter((e) => key(e) !== key(effect));
        await save([...kept, effect]);
      }),
    remove: (done) =>
      serial(async () => {
        const gone = new Set(done.map(key));
        const current = await load();
        const kept = current.filter((e) => !gone.has(key(e)));
        if (kept.length !== current.length) await save(kept);
      }),
  };
}
