// Who wrote a shop job's events and notes: the database role of the session that wrote each, kept
// beside the name typed (which anyone may type, a colleague's too), so the Job tab, the record and
// its PDF can name the role where the two differ. What the job held before keeps the role it was
// written with; only what this change adds is this session's. The shop's server stamps the same on
// every write (sql/016-job-line-roles.sql), whatever a client sends, and the job the app keeps and
// shows is the row the shop answered; this names the same role in what the app sends. Pure.
import type { Job, JobEvent, JobNote } from '../../shared/jobs/job-record';

const sameEvent = (a: JobEvent, b: JobEvent) =>
  a.time === b.time && a.kind === b.kind && a.technician === b.technician;
const sameNote = (a: JobNote, b: JobNote) =>
  a.time === b.time && a.technician === b.technician && a.text === b.text;

/** Each item as `before` held it (a role once written stays), or, when new, written by `role`. */
function written<T extends { role?: string | undefined }>(
  items: readonly T[],
  before: readonly T[],
  same: (a: T, b: T) => boolean,
  role: string,
): T[] {
  return items.map((item) => before.find((old) => same(old, item)) ?? { ...item, role });
}

/**
 * The job as a session of `role` writes it to the shop: the events and notes it adds to `before`
 * (null: a job new to the shop) carry that role; those `before` held stay as they were.
 */
export function withWriterRole(job: Job, before: Job | null, role: string): Job {
  return {
    ...job,
    events: written(job.events, before?.events ?? [], sameEvent, role),
    notes: written(job.notes, before?.notes ?? [], sameNote, role),
  };
}

/**
 * The job as the shop's row says it was opened: the role the server stamped on the row (`db_role`)
 * is the opening's, whatever the details say; null (a row from before roles) leaves them as they are.
 */
export function withOpenerRole(job: Job, dbRole: string | null): Job {
  if (!dbRole) return job;
  let first = true;
  const events = job.events.map((event) => {
    if (event.kind !== 'opened' || !first) return event;
    first = false;
    return event.role === dbRole ? event : { ...event, role: dbRole };
  });
  return { ...job, events };
}
