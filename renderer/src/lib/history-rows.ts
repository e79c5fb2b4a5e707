// The History tab's rows: the vehicle's audit entries and its jobs' openings, closings and notes, in
// one list, newest first. A job's events live in the job file, not in the audit log, so they are
// merged here where the technician reads the car's history.
import type { Job } from '../../../electron/shared/jobs/job-record';
import type { AuditEntry } from '../../../electron/shared/types';
import { nameWithRole } from '../../../electron/shared/typed-name-role';
import { t } from './i18n.svelte';

export interface JobRow {
  kind: 'job';
  id: string;
  time: string;
  action: string;
  technician: string;
  details: string;
}

export type HistoryRow = { kind: 'audit'; id: string; time: string; entry: AuditEntry } | JobRow;

const EVENT_KEYS = {
  opened: 'historyJob.opened',
  closed: 'historyJob.closed',
  reopened: 'historyJob.reopened',
} as const;

/** Each job's events and notes as rows of the vehicle's history. */
export function jobRows(jobs: readonly Job[]): JobRow[] {
  return jobs.flatMap((job) => {
    const order = job.repairOrder;
    const events = job.events.map((event, i) => ({
      kind: 'job' as const,
      id: `${job.id}:event:${i}`,
      time: event.time,
      action: t(EVENT_KEYS[event.kind], { order }),
      technician: nameWithRole(event.technician, event.role, t),
      details: event.kind === 'opened' && job.complaint ? job.complaint : '',
    }));
    const notes = job.notes.map((note, i) => ({
      kind: 'job' as const,
      id: `${job.id}:note:${i}`,
      time: note.time,
      action: t('historyJob.note', { order }),
      technician: nameWithRole(note.technician, note.role, t),
      details: note.text,
    }));
    return [...events, ...notes];
  });
}

/** Audit entries and job rows, newest first. */
export function historyRows(entries: readonly AuditEntry[], jobs: readonly JobRow[]): HistoryRow[] {
  return [
    ...entries.map((entry) => ({ kind: 'audit' as const, id: entry.id, time: entry.time, entry })),
    ...jobs,
  ].sort((a, b) => b.time.localeCompare(a.time));
}
