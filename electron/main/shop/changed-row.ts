// A change of a live table as the listener emits it, and the row a read (or an own write's
// RETURNING) brings of it: the listener's read and this app's own uploads make the same change of it.
import { readingValuesOf } from '../../shared/shop-board';
import type { OwnWrites } from './own-writes';
import type { ShopReading } from './reading';

export const CHANGE_TABLES = {
  shop_vehicles: 'vehicle',
  audit_entries: 'audit',
  claims: 'claim',
  jobs: 'job',
  telemetry_templates: 'template',
  shop_requests: 'request',
  vehicle_readings: 'reading',
} as const;
export type ShopChangeKind = (typeof CHANGE_TABLES)[keyof typeof CHANGE_TABLES];

export interface ShopChange {
  kind: ShopChangeKind;
  garageId: string;
  vin: string;
  /** The row's id (audit entry, claim or job id; the vehicle row's id). */
  id: string;
  seq: number;
  /** True when found by a catch-up after a reconnect rather than notified. */
  caughtUp: boolean;
  /** Where an audit entry or a reading was written, as its row says (absent for other kinds). */
  origin?: { machine: string; profileId: string | null };
  /** A reading's row, read with the change (kind 'reading' only). */
  reading?: ShopReading;
  /** An audit entry's whole row as JSON, read with the change by the listener (kind 'audit' only). */
  auditRow?: unknown;
}

/** A change as written or read, before the listener says how it came (caughtUp). */
export type WrittenChange = Omit<ShopChange, 'caughtUp'>;
/** This app's own writes, as its listener follows them (own-writes.ts). */
export type OwnChanges = OwnWrites<WrittenChange>;

/** A changed row's columns (the read's, and what an own write's RETURNING names the same way). */
export interface ChangedRow {
  kind: string;
  garage_id: string;
  vin: string;
  id: string;
  seq: string;
  machine: string | null;
  profile_id: string | null;
  read_at: Date | null;
  source: string | null;
  /** A reading's values; an audit entry's whole row as JSON (the listener's read only). */
  vals: unknown;
  technician: string | null;
}

export function changeOfRow(row: ChangedRow): WrittenChange {
  const kind = CHANGE_TABLES[row.kind as keyof typeof CHANGE_TABLES];
  const change: WrittenChange = {
    kind,
    garageId: row.garage_id,
    vin: row.vin,
    id: row.id,
    seq: Number(row.seq),
  };
  if (row.machine !== null) change.origin = { machine: row.machine, profileId: row.profile_id };
  if (kind === 'audit' && row.vals !== null && typeof row.vals === 'object') change.auditRow = row.vals;
  if (kind === 'reading' && row.read_at !== null && row.machine !== null)
    change.reading = {
      vin: row.vin,
      readAt: row.read_at.toISOString(),
      source: row.source ?? '',
      values: readingValuesOf(row.vals),
      technician: row.technician ?? '',
      machine: row.machine,
    };
  return change;
}
