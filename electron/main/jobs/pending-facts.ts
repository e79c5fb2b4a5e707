// Job changes this machine made while the shop's database was away, of the two kinds that cannot
// conflict with what another machine does meanwhile: an effect read back from the car after an
// action (a reading that cannot be taken again) and a note (only ever added). Each is kept here on
// disk first (and in the job's local copy), then written into the shop's job on the next
// (re)connect. Applying one twice changes nothing (an effect sets one key; a note already there is
// not added again), so the shop ends with each once whatever fails in between. Opening, closing and
// reopening stay refused while the database is away (shop-job-store.ts says why).
//
// Each is kept with who wrote it: the database role the profile wrote as then (a shared desk's
// person, or the profile's database user) and the profile. The shop's server stamps the role of
// the connection that writes a line into a job, so a fact is given to the shop only over its own
// writer's connection: the next person at a desk, or a profile whose database user was changed,
// leaves it waiting. A fact kept before facts named their writer is the profile's configured
// user's, the role the profile wrote as then.
import { join } from 'node:path';
import { z } from 'zod';
import { effectSchema, jobNoteSchema, type Job } from '../../shared/jobs/job-record';
import { withFact, type JobFact } from './job-store';
import { ensureFolder, readJsonFile, writeFileAtomic, type OnCorrupt } from '../storage/atomic-file';
import { createSerial } from '../storage/serial';

/** Not the jobs folder: every file there is read as a job. */
export const PENDING_FACTS_FOLDER = 'jobs-pending';

const writer = { role: z.string().optional(), profileId: z.string().optional() };
const pendingSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('effect'),
    jobId: z.string(),
    entryId: z.string(),
    effect: effectSchema,
    ...writer,
  }),
  z.object({ kind: z.literal('note'), jobId: z.string(), note: jobNoteSchema, ...writer }),
]);
/**
 * A fact kept for one job until the shop has it, with the database role that wrote it and the
 * profile (absent on facts kept before they were named: see above).
 */
export type PendingChange = JobFact & { jobId: string; role?: string; profileId?: string };

/** Whether `change` is given to the shop of `profileId` by a connection of `role` (see above). */
export function writtenBy(
  change: PendingChange,
  profileId: string,
  role: string,
  formerWriter: string | null,
): boolean {
  return (change.profileId ?? profileId) === profileId && (change.role ?? formerWriter) === role;
}
const fileSchema = z.object({ changes: z.array(pendingSchema) });

const keyOf = (change: PendingChange) =>
  change.kind === 'effect'
    ? `effect\n${change.jobId}\n${change.entryId}`
    : `note\n${change.jobId}\n${change.note.time}\n${change.note.technician}\n${change.note.text}`;

/** The job with its pending facts applied (each at most once). */
export function applyPending(job: Job, changes: readonly PendingChange[]): Job {
  return changes.filter((change) => change.jobId === job.id).reduce(withFact, job);
}

export interface PendingFacts {
  all(): Promise<PendingChange[]>;
  of(jobId: string): Promise<PendingChange[]>;
  add(change: PendingChange): Promise<void>;
  /** Forgets the ones the shop now holds. */
  remove(done: readonly PendingChange[]): Promise<void>;
}

export function createPendingFacts(options: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
  now?: () => Date;
}): PendingFacts {
  const folder = join(options.dataDir, PENDING_FACTS_FOLDER);
  const file = join(folder, 'changes.json');
  let cached: PendingChange[] | null = null;
  const serial = createSerial();

  async function load(): Promise<PendingChange[]> {
    if (cached) return cached;
    const read = await readJsonFile(file, fileSchema, {
      ...(options.onCorrupt ? { onCorrupt: options.onCorrupt } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    cached = read.status === 'ok' ? read.value.changes : [];
    return cached;
  }
  async function save(changes: PendingChange[]): Promise<void> {
    await ensureFolder(folder);
    await writeFileAtomic(file, `${JSON.stringify({ changes }, null, 2)}\n`);
    cached = changes;
  }

  return {
    all: () => serial(async () => [...(await load())]),
    of: (jobId) => serial(async () => (await load()).filter((change) => change.jobId === jobId)),
    add: (change) =>
      serial(async () => {
        const kept = (await load()).filter((other) => keyOf(other) !== keyOf(change));
        await save([...kept, change]);
      }),
    remove: (done) =>
      serial(async () => {
        const gone = new Set(done.map(keyOf));
        const current = await load();
        const kept = current.filter((change) => !gone.has(keyOf(change)));
        if (kept.length !== current.length) await save(kept);
      }),
  };
}
