// The audit log as CSV (RFC 4180: CRLF line ends, fields with quotes, commas or line breaks quoted,
// quotes doubled) for the technician's records. Cells that a spreadsheet would run as a formula are
// prefixed with a single quote (CSV injection).
import type { AuditEntry } from '../../shared/types';

export const AUDIT_CSV_COLUMNS = [
  'time',
  'profile',
  'profileId',
  'vin',
  'operation',
  'params',
  'outcome',
  'reason',
  'errorKind',
  'durationMs',
  'id',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: defused against formula injection, then quoted when needed. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsvHeader(): string {
  return AUDIT_CSV_COLUMNS.map(csvCell).join(',') + '\r\n';
}

export function auditCsvRow(entry: AuditEntry): string {
  const cells = [
    entry.time,
    entry.profileName,
    entry.profileId,
    entry.vin,
    entry.operation,
    JSON.stringify(entry.params),
    entry.outcome,
    entry.reason,
    entry.errorKind,
    entry.durationMs,
    entry.id,
  ];
  return cells.map(csvCell).join(',') + '\r\n';
}

export function toAuditCsv(entries: Iterable<AuditEntry>): string {
  let out = auditCsvHeader();
  for (const entry of entries) out += auditCsvRow(entry);
  return out;
}
