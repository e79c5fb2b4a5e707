// The audit log as CSV (RFC 4180: CRLF line ends, fields with quotes, separators or line breaks
// quoted, quotes doubled) for the technician's records. Cells that a spreadsheet would run as a
// formula are prefixed with a single quote (CSV injection). Written for the spreadsheet the
// technician opens it in: UTF-8 with a byte order mark (without it Excel on Windows reads the
// file in the ANSI code page and garbles "°" and accented names), and separated the way Excel
// splits a double-clicked file in the technician's region: ';' where the decimal mark is ','.
// One column set for every export of entries (the log's export, a vehicle's history, a bulk run's
// results): in the technician's words and time zone with the UTC time beside it, the vehicle's
// names, and what the service confirmed; the raw operation and ids last, for matching by machine.
import { actionText, effectText, outcomeText, valuesText } from '../../shared/audit-words';
import type { AuditEntry } from '../../shared/types';
import { tm, type MessageKey } from '../i18n/main-words';

export const AUDIT_CSV_COLUMNS = [
  'Local time',
  'UTC time',
  'Profile',
  'Vehicle',
  'VIN',
  'Plate',
  'Model',
  'Action',
  'Values',
  'Outcome',
  'Confirmed effect',
  'Reason',
  'Duration (ms)',
  'Run',
  'Operation',
  'Profile id',
  'Entry id',
] as const;

/** What the garage knows to name a vehicle by; absent parts stay empty cells. */
export interface VehicleNames {
  nickname: string | null;
  plate: string | null;
  model: string | null;
}

/** The names of a profile's vehicle, or undefined when it is no longer in that garage. */
export type VehicleLookup = (profileId: string, vin: string) => VehicleNames | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Starts every CSV file the app writes: tells Excel the text is UTF-8. */
export const CSV_BOM = '\uFEFF';

export interface CsvDialect {
  separator: ',' | ';';
}

export const COMMA_CSV: CsvDialect = { separator: ',' };

/** The separator Excel expects in this locale: ';' where numbers are written with a decimal comma. */
export function csvDialectFor(locale: string | null | undefined): CsvDialect {
  try {
    const decimal = new Intl.NumberFormat(locale ?? undefined)
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value;
    return decimal === ',' ? { separator: ';' } : COMMA_CSV;
  } catch {
    // An unknown locale tag: the format every program reads.
    return COMMA_CSV;
  }
}

/** One CSV field: defused against formula injection, then quoted when needed. */
export function csvCell(value: string | number | null | undefined, dialect: CsvDialect = COMMA_CSV): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = /["\r\n]/.test(text) || text.includes(',') || text.includes(dialect.separator);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells, with its CRLF. */
export function csvLine(cells: readonly (string | number | null | undefined)[], dialect: CsvDialect): string {
  return cells.map((cell) => csvCell(cell, dialect)).join(dialect.separator) + '\r\n';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2025-03-01 11:00:00 (UTC+01:00)": the time in this machine's zone, its offset named. */
export function localTimeText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${day} ${time} (${zone})`;
}

/** The column's title in main's language; the list above names the columns for the code. */
const COLUMN_TITLE = {
  'Local time': 'csvColumn.localTime',
  'UTC time': 'csvColumn.utcTime',
  Profile: 'csvColumn.profile',
  Vehicle: 'csvColumn.vehicle',
  VIN: 'csvColumn.vin',
  Plate: 'csvColumn.plate',
  Model: 'csvColumn.model',
  Action: 'csvColumn.action',
  Values: 'csvColumn.values',
  Outcome: 'csvColumn.outcome',
  'Confirmed effect': 'csvColumn.effect',
  Reason: 'csvColumn.reason',
  'Duration (ms)': 'csvColumn.duration',
  Run: 'csvColumn.run',
  Operation: 'csvColumn.operation',
  'Profile id': 'csvColumn.profileId',
  'Entry id': 'csvColumn.entryId',
} as const satisfies Record<(typeof AUDIT_CSV_COLUMNS)[number], MessageKey>;

/** The header line, each column titled in main's language. */
export function auditCsvHeader(dialect: CsvDialect = COMMA_CSV): string {
  return csvLine(
    AUDIT_CSV_COLUMNS.map((column) => tm(COLUMN_TITLE[column])),
    dialect,
  );
}

/**
 * A removed vehicle is no longer in the garage: its removal entry kept the names it had, so its
 * rows still say which car it was.
 */
function namesFromEntry(entry: AuditEntry): Partial<VehicleNames> {
  const text = (key: string) =>
    typeof entry.params[key] === 'string' ? (entry.params[key] as string) : null;
  return { nickname: text('nickname'), plate: text('plate'), model: text('model') };
}

export function auditCsvRow(
  entry: AuditEntry,
  names?: VehicleNames,
  dialect: CsvDialect = COMMA_CSV,
): string {
  const known = names ?? (entry.operation === 'removeVehicle' ? namesFromEntry(entry) : {});
  const runId = entry.runId ?? entry.params['runId'];
  const cells = [
    localTimeText(entry.time),
    entry.time,
    entry.profileName,
    known.nickname,
    entry.vin,
    known.plate,
    known.model,
    actionText(entry.operation, tm),
    valuesText(entry.operation, entry.params, tm),
    outcomeText(entry.outcome, tm),
    effectText(entry, tm),
    entry.reason ?? (entry.errorKind ? tm('csvColumn.errorKind', { kind: entry.errorKind }) : ''),
    entry.durationMs,
    typeof runId === 'string' ? runId : '',
    entry.operation,
    entry.profileId,
    entry.id,
  ];
  return csvLine(cells, dialect);
}

/** A whole file's text, byte order mark first. */
export function toAuditCsv(
  entries: Iterable<AuditEntry>,
  lookup?: VehicleLookup,
  dialect: CsvDialect = COMMA_CSV,
): string {
  let out = CSV_BOM + auditCsvHeader(dialect);
  for (const entry of entries) out += auditCsvRow(entry, lookup?.(entry.profileId, entry.vin), dialect);
  return out;
}
