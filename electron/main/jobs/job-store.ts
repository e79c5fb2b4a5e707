// Where jobs are kept: the JobStore port, and its solo-mode implementation in the data folder (one
// JSON file per job, written atomically). "One open job per vehicle per profile" is decided here,
// under one queue, so two opens racing in this process cannot both win; the data folder's lock
// keeps other processes out.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/result';
import {
  jobSchema,
  storedJobSchema,
  type ActionEffect,
  type Job,
  type JobNote,
} from '../../shared/jobs/job-record';
import {
  ensureFolder,
  errorCode,
  isTempFileName,
  readJsonFile,
  writeFileAtomic,
  type OnCorrupt,
} from '../storage/atomic-file';
import { createSerial } from '../storage/serial';
import { tm } from '../i18n/main-words';

export interface JobQuery {
  profileId: string;
  vin?: string;
  technician?: string;
  /** Matched case-insensitively as a part of the repair order. */
  repairOrder?: string;
  status?: 'open' | 'closed';
  /** ISO dates or times on the first opening, `to` inclusive (a date alone is the whole UTC day). */
  from?: string;
  to?: string;
}

export interface JobStore {
  /** Stores a new open job; refused ('busy') when the vehicle already has an open job in the profile. */
  create(job: Job): Promise<Job>;
  get(id: string): Promise<Job | null>;
  openFor(profileId: string, vin: string): Promise<Job | null>;
  /** Newest first. */
  list(query: JobQuery): Promise<Job[]>;
  /** Applies `change` to the stored job under the store's queue; null when there is no such job. */
  update(id: string, change: (job: Job) => Job): Promise<Job | null>;
  /**
   * Adds a fact made from the job as stored: an effect the car confirmed after an audit entry, or a
   * note. Neither can conflict with another machine's change, so a shop keeps them even while the
   * job's other changes are refused (the reading cannot be taken again; the note was written).
   */
  addFact(id: string, make: (job: Job) => JobFact): Promise<Job | null>;
}

/** What a job gains without deciding anything another machine could decide otherwise. */
export type JobFact =
  { kind: 'effect'; entryId: string; effect: ActionEffect } | { kind: 'note'; note: JobNote };

const sameNote = (a: JobNote, b: JobNote) =>
  a.time === b.time && a.technician === b.technician && a.text === b.text;

/** The job with the fact; one it already holds is not added again (an effect is set, not added). */
export function withFact(job: Job, fact: JobFact): Job {
  if (fact.kind === 'effect') return { ...job, effects: { ...job.effects, [fact.entryId]: fact.effect } };
  if (job.notes.some((note) => sameNote(note, fact.note))) return job;
  return { ...job, notes: [...job.notes, fact.note].sort((a, b) => a.time.localeCompare(b.time)) };
}

export const JOBS_FOLDER = 'jobs';
const ID_RE = /^[A-Za-z0-9-]{1,64}$/;

export function matchesQuery(job: Job, query: JobQuery): boolean {
  if (job.profileId !== query.profileId) return false;
  if (query.vin && job.vin !== query.vin.toUpperCase()) return false;
  if (query.technician && job.technician.toLowerCase() !== query.technician.toLowerCase()) return false;
  if (query.repairOrder && !job.repairOrder.toLowerCase().includes(query.repairOrder.toLowerCase()))
    return false;
  if (query.status && job.status !== query.status) return false;
  const opened = job.periods[0]!.openedAt;
  if (query.from && opened < new Date(query.from).toISOString()) return false;
  // A date alone is the whole UTC day, as in the audit log's filters.
  const to = query.to && /^\d{4}-\d{2}-\d{2}$/.test(query.to) ? Date.parse(query.to) + 86_399_999 : query.to;
  if (to !== undefined && to !== '' && opened > new Date(to).toISOString()) return false;
  return true;
}

const newestFirst = (a: Job, b: Job) => b.periods[0]!.openedAt.localeCompare(a.periods[0]!.openedAt);

/** The solo store, with what the shop adapter needs of it as its local copy. */
export interface FileJobStore extends JobStore {
  /**
   * Keeps a job as another authority decided it (the shop's database), without this store's own
   * one-open-job check: the database made that check for every machine.
   */
  put(job: Job): Promise<void>;
}

export function createFileJobStore(options: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
  now?: () => Date;
}): FileJobStore {
  const folder = join(options.dataDir, JOBS_FOLDER);
  const fileOf = (id: string) => {
    if (!ID_RE.test(id)) throw new AppError('invalid_input', tm('errors.unknownJob'));
    return join(folder, `${id}.json`);
  };
  /** Every job, loaded once; the files stay the truth (each change is written before it is kept). */
  let loaded: Promise<Map<string, Job>> | null = null;
  const serial = createSerial();

  async function load(): Promise<Map<string, Job>> {
    const jobs = new Map<string, Job>();
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return jobs;
      throw new AppError(
        'storage',
        tm('errors.jobsFolderUnreadable', { code: errorCode(error) ?? tm('errors.readFailed') }),
      );
    }
    for (const name of names) {
      if (!name.endsWith('.json') || isTempFileName(name)) continue;
      const read = await readJsonFile(join(folder, name), storedJobSchema, {
        onCorrupt: options.onCorrupt,
        now: options.now,
      });
      if (read.status === 'ok') jobs.set(read.value.id, read.value);
    }
    return jobs;
  }
  const all = () => (loaded ??= load().catch((error) => ((loaded = null), Promise.reject(error))));

  async function write(job: Job): Promise<void> {
    await ensureFolder(folder);
    await writeFileAtomic(fileOf(job.id), `${JSON.stringify(job, null, 2)}\n`);
  }

  const openIn = (jobs: Map<string, Job>, profileId: string, vin: string) =>
    [...jobs.values()].find(
      (job) => job.profileId === profileId && job.vin === vin && job.status === 'open',
    ) ?? null;

  const update: JobStore['update'] = (id, change) =>
    serial(async () => {
      const jobs = await all();
      const job = jobs.get(id);
      if (!job) return null;
      const next = jobSchema.parse(change(job));
      if (next.status === 'open' && job.status !== 'open' && openIn(jobs, next.profileId, next.vin))
        throw new AppError('busy', tm('errors.jobOpenOther'));
      await write(next);
      jobs.set(id, next);
      return next;
    });

  return {
    create: (job) =>
      serial(async () => {
        const jobs = await all();
        const open = openIn(jobs, job.profileId, job.vin);
        if (open) throw new AppError('busy', tm('errors.jobOpen', { repairOrder: open.repairOrder }));
        if (jobs.has(job.id)) throw new AppError('invalid_input', tm('errors.jobIdTaken'));
        await write(job);
        jobs.set(job.id, job);
        return job;
      }),
    async get(id) {
      fileOf(id);
      return (await all()).get(id) ?? null;
    },
    async openFor(profileId, vin) {
      return openIn(await all(), profileId, vin);
    },
    async list(query) {
      return [...(await all()).values()].filter((job) => matchesQuery(job, query)).sort(newestFirst);
    },
    put: (job) =>
      serial(async () => {
        const jobs = await all();
        const next = jobSchema.parse(job);
        await write(next);
        jobs.set(next.id, next);
      }),
    addFact: (id, make) => update(id, (job) => withFact(job, make(job))),
    update,
  };
}
