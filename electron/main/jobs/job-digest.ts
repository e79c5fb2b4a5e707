// The digest a record file carries, SHA-256 over canonical JSON (keys sorted, arrays in order, so
// the actions' order is part of it). Schema 3 and later digest the whole record but the digest's own value
// and two things that are the export's, not the job's: when it was exported, and the exporting
// machine's own id for the profile (each machine of a shop names the shop's job by its own), so
// the same job exported on two machines, or twice, has one digest. Schemas 1 and 2 digested only
// the audit entries, oldest first.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/jobs/job-record';
import type { AuditEntry } from '../../shared/types';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function entriesDigest(entries: readonly AuditEntry[]): string {
  return sha256(canonicalJson(entries));
}

/** The record as given (any fields, as written), but its `digest.value`, `exportedAt` and `job.profileId`. */
export function recordDigest(record: { digest: object; job: object } & Record<string, unknown>): string {
  const { value: _value, ...digest } = record.digest as Record<string, unknown>;
  const { profileId: _profileId, ...job } = record.job as Record<string, unknown>;
  const { exportedAt: _exportedAt, ...rest } = record;
  return sha256(canonicalJson({ ...rest, job, digest }));
}
