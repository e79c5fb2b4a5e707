// The digest both record files carry: SHA-256 over the canonical JSON of the audit entries they
// cover, oldest first, so anyone holding the log can check that the record says what the log says.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/jobs/job-record';
import type { AuditEntry } from '../../shared/types';

export function entriesDigest(entries: readonly AuditEntry[]): string {
  return createHash('sha256').update(canonicalJson(entries)).digest('hex');
}
