// An entry of the shop's audit log as a job record holds it. In shop mode a job covers every
// technician's actions on the car, so its entries come from the shop's log, from this machine's
// outbox (not uploaded yet) and from its local log; whichever the entry is read from, and on
// whichever machine, it must come out the same, or a record exported before an upload would no
// longer verify after it. So only what the acting app recorded is kept (not the database role or
// the time the server received it, which an entry waiting in the outbox does not have yet), in the
// form the shop stores it: times to the millisecond in UTC, durations in whole milliseconds.
import { AUDIT_OUTCOMES, type AuditEntry, type AuditOutcome } from '../types';
import type { JobEntryCoverage } from './job-record';

/** The fields the acting app sent the shop for one entry (the outbox's and the table's). */
export interface ShopEntryFields {
  id: string;
  time: string;
  vin: string;
  operation: string;
  params?: Record<string, unknown> | null;
  outcome: string;
  reason?: string | null;
  errorKind?: string | null;
  durationMs?: number | null;
  technician: string;
  machine: string;
  profileId?: string | null;
}

const OUTCOMES: readonly string[] = AUDIT_OUTCOMES;

/** The record's form of a shop entry, or null when it cannot be one (an outcome this app never writes). */
export function jobEntryOfShop(entry: ShopEntryFields): AuditEntry | null {
  const time = new Date(entry.time);
  if (!OUTCOMES.includes(entry.outcome) || Number.isNaN(time.getTime())) return null;
  return {
    id: entry.id,
    time: time.toISOString(),
    // The acting machine's profile: the same on every machine that reads the entry.
    profileId: entry.profileId ?? '',
    // Another machine's profile name is not in the shop; the technician is who the entry names.
    profileName: entry.technician,
    vin: entry.vin,
    operation: entry.operation,
    params: entry.params ?? {},
    outcome: entry.outcome as AuditOutcome,
    ...(entry.reason ? { reason: entry.reason } : {}),
    ...(entry.errorKind ? { errorKind: entry.errorKind } : {}),
    durationMs: Math.max(0, Math.round(entry.durationMs ?? 0)),
    technician: entry.technician,
    machine: entry.machine,
  };
}

/** A job's entries in shop mode and how complete they are; `reason`: why the shop's log was not read. */
export interface ShopJobEntries {
  entries: AuditEntry[];
  /** Entry id → the database role that wrote it, for the entries read from the shop's log. */
  roles?: Record<string, string>;
  coverage: JobEntryCoverage;
  reason?: string;
}
