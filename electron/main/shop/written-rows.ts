// A job or a claim as the shop answered the write that made it so: what the outbox keeps of the
// database's own rows this desk wrote, to put them back after a restore (write-log.ts).
import type { Claim } from './claims';
import type { JobColumns } from './jobs';

/** A job's row after one write: its columns, the app's record, who opened it and when it was written. */
export type JobWrite = JobColumns & {
  details: unknown;
  /** The role that opened the job (db_role, the server's stamp); null on jobs from before roles. */
  role: string | null;
  /** The server's time of this write (jobs.updated_at): which of two states of a job is newer. */
  at: string;
};

/** A claim's row after one write (taken, released, taken over), with the role it belongs to. */
export type ClaimWrite = Omit<Claim, 'garageId' | 'seq' | 'dbRole'> & { role: string };
