// The shop's audit log on the server: appended with the app's own UUIDs (a repeated upload inserts
// nothing twice), read per vehicle newest first with keyset pages on (time, id), which the index
// (garage_id, vin, time DESC, id DESC) answers without sorting however long the history.
import type { ClientBase, Pool } from 'pg';
import type { ChangedRow } from './changed-row';
import { toShopError } from './errors';
import type { GarageChange } from './garage-changes';
import type { TemplateChange } from './template-changes';
import type { ClaimWrite, JobWrite } from './written-rows';
import { storableJson } from '../../shared/storable-text';

/** One audit entry as the shop stores it; `id` is made by the app when the action is recorded. */
export interface ShopAuditInput {
  id: string;
  /** ISO time of the action. */
  time: string;
  vin: string;
  operation: string;
  params: Record<string, unknown>;
  outcome: string;
  reason?: string | null;
  errorKind?: string | null;
  /** What the car confirmed (e.g. `{ chargeLimit: { from: 80, to: 90, confirmedAt } }`). */
  effect?: Record<string, unknown> | null;
  durationMs?: number | null;
  technician: string;
  machine: string;
  profileId?: string | null;
  runId?: string | null;
  /** True for an entry of a bulk command (sent to many vehicles at once); null when not said. */
  bulk?: boolean | null;
  /**
   * Set when the action changed the shop's garage (a vehicle added, removed or renamed in shop
   * mode): applied to the shop's garage in the transaction that inserts this entry, so only once.
   * Not a column: the entry's own fields say what was done.
   */
  garage?: GarageChange | null;
  /** Set when the action changed a shop template: applied like `garage` (see template-changes.ts). */
  template?: TemplateChange | null;
  /**
   * Set on the entry that keeps a job this desk wrote, as the shop answered (write-log.ts): put back
   * only when the entry is sent again after a restore. Not a column.
   */
  job?: JobWrite | null;
  /** Set on the entry that keeps the claims one claim action wrote, in order (write-log.ts). */
  claims?: ClaimWrite[] | null;
}

export interface ShopAuditEntry extends ShopAuditInput {
  garageId: string;
  /** The database role that wrote the row, set by the server. */
  dbRole: string;
  receivedAt: string;
  /** When the entry came back after the shop was restored to an earlier point (set by the server). */
  resentAt?: string | null;
  seq: number;
}

/** Where the next page starts: the last entry of the previous page. */
export interface AuditCursor {
  time: string;
  id: string;
}

export const AUDIT_PAGE_DEFAULT = 100;
export const AUDIT_PAGE_MAX = 1000;

interface AuditRow {
  id: string;
  garage_id: string;
  time: Date;
  vin: string;
  operation: string;
  params: Record<string, unknown>;
  outcome: string;
  reason: string | null;
  error_kind: string | null;
  effect: Record<string, unknown> | null;
  duration_ms: number | null;
  technician: string;
  machine: string;
  profile_id: string | null;
  run_id: string | null;
  bulk: boolean | null;
  db_role: string;
  received_at: Date;
  resent_at: Date | null;
  change_seq: string;
}

const COLUMNS = `id, garage_id, time, vin, operation, params, outcome, reason, error_kind, effect, duration_ms,
  technician, machine, profile_id, run_id, bulk, db_role, received_at, resent_at, change_seq`;

export function auditFromRow(row: AuditRow): ShopAuditEntry {
  return {
    id: row.id,
    garageId: row.garage_id,
    time: row.time.toISOString(),
    vin: row.vin,
    operation: row.operation,
    params: row.params,
    outcome: row.outcome,
    reason: row.reason,
    errorKind: row.error_kind,
    effect: row.effect,
    durationMs: row.duration_ms,
    technician: row.technician,
    machine: row.machine,
    profileId: row.profile_id,
    runId: row.run_id,
    bulk: row.bulk,
    dbRole: row.db_role,
    receivedAt: row.received_at.toISOString(),
    ...(row.resent_at ? { resentAt: row.resent_at.toISOString() } : {}),
    seq: Number(row.change_seq),
  };
}

/**
 * An audit entry from its row as JSON (`to_jsonb` of the table's row, as the live listener reads
 * it), or null when it is not one: the same checks a row's columns get from the driver.
 */
export function auditFromJson(json: unknown): ShopAuditEntry | null {
  if (json === null || typeof json !== 'object') return null;
  const row = json as Record<string, unknown>;
  const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
  const time = date(row['time']);
  const received = date(row['received_at']);
  if (typeof row['id'] !== 'string' || typeof row['garage_id'] !== 'string' || !time || !received)
    return null;
  if (Number.isNaN(time.getTime()) || Number.isNaN(received.getTime())) return null;
  return auditFromRow({
    ...(row as unknown as AuditRow),
    time,
    received_at: received,
    resent_at: date(row['resent_at']),
    change_seq: String(row['change_seq']),
  });
}

/**
 * Inserts `entries` in their order in one statement; ids already present are skipped. Returns how
 * many rows were new. Runs on `client` so the caller decides the transaction.
 */
export async function insertAuditEntries(
  client: ClientBase,
  garageId: string,
  entries: readonly ShopAuditInput[],
): Promise<number> {
  return (await insertNewAuditEntries(client, garageId, entries)).size;
}

/** The entries as the shop's columns take them, as JSON (made storable first). */
function auditRowsJson(entries: readonly ShopAuditInput[]): string {
  return storableJson(
    entries.map((entry) => ({
      id: entry.id,
      time: entry.time,
      vin: entry.vin,
      operation: entry.operation,
      params: entry.params ?? {},
      outcome: entry.outcome,
      reason: entry.reason ?? null,
      error_kind: entry.errorKind ?? null,
      effect: entry.effect ?? null,
      duration_ms: entry.durationMs == null ? null : Math.round(entry.durationMs),
      technician: entry.technician,
      machine: entry.machine,
      profile_id: entry.profileId ?? null,
      run_id: entry.runId ?? null,
      bulk: entry.bulk ?? null,
    })),
  );
}

const INSERT_NEW = `INSERT INTO audit_entries (id, garage_id, time, vin, operation, params, outcome, reason, error_kind,
                                effect, duration_ms, technician, machine, profile_id, run_id, bulk)
     SELECT r.id, $1, r.time, r.vin, r.operation, coalesce(r.params, '{}'), r.outcome, r.reason, r.error_kind,
            r.effect, r.duration_ms, r.technician, r.machine, r.profile_id, r.run_id, r.bulk
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(value, n),
            LATERAL jsonb_to_record(e.value) AS r(id uuid, time timestamptz, vin text, operation text,
              params jsonb, outcome text, reason text, error_kind text, effect jsonb, duration_ms integer,
              technician text, machine text, profile_id text, run_id text, bulk boolean)
      ORDER BY e.n
     ON CONFLICT (id) DO NOTHING
     RETURNING 'audit_entries' AS kind, garage_id, vin, id::text AS id, change_seq AS seq, machine, profile_id,
               NULL::timestamptz AS read_at, NULL::text AS source, NULL::jsonb AS vals, NULL::text AS technician`;

// The server inserts those it does not have, with their own ids and times, marked re-sent
// (sql/012-restore.sql).
const RESEND = 'SELECT id::text AS id FROM shop_resend_audit($1, $2::jsonb) AS id';

/** Runs `sql` ($1 the garage, $2 the entries as JSON); the rows it answers are those inserted. */
async function putAuditRows<Row extends { id: string }>(
  client: ClientBase,
  sql: string,
  garageId: string,
  entries: readonly ShopAuditInput[],
): Promise<Row[]> {
  if (entries.length === 0) return [];
  return (await client.query<Row>(sql, [garageId, auditRowsJson(entries)])).rows;
}

async function putAuditEntries(
  client: ClientBase,
  sql: string,
  garageId: string,
  entries: readonly ShopAuditInput[],
): Promise<Set<string>> {
  return new Set((await putAuditRows(client, sql, garageId, entries)).map((row) => row.id));
}

/**
 * Inserts the entries the shop does not have yet; returns the rows this call inserted, as the live
 * listener's read would bring them (the upload tells its own listener so: it reads none of them).
 */
export function insertNewAuditRows(
  client: ClientBase,
  garageId: string,
  entries: readonly ShopAuditInput[],
): Promise<ChangedRow[]> {
  return putAuditRows<ChangedRow>(client, INSERT_NEW, garageId, entries);
}

/** Inserts the entries the shop does not have yet; returns the ids this call inserted. */
export function insertNewAuditEntries(
  client: ClientBase,
  garageId: string,
  entries: readonly ShopAuditInput[],
): Promise<Set<string>> {
  return putAuditEntries(client, INSERT_NEW, garageId, entries);
}

/**
 * Sends again entries the shop lost (it was restored to an earlier point); returns the ids this call
 * inserted. Runs on `client` so the caller decides the transaction.
 */
export function resendAuditEntries(
  client: ClientBase,
  garageId: string,
  entries: readonly ShopAuditInput[],
): Promise<Set<string>> {
  return putAuditEntries(client, RESEND, garageId, entries);
}

/** Of `ids`, those the shop's audit log does not hold (in the order given). */
export async function auditIdsMissing(
  client: Pick<ClientBase, 'query'>,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await client.query<{ id: string }>(
    `SELECT u.id::text AS id FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)
      WHERE NOT EXISTS (SELECT 1 FROM audit_entries a WHERE a.id = u.id) ORDER BY u.n`,
    [ids],
  );
  return result.rows.map((row) => row.id);
}

function pageLimit(limit: number | undefined): number {
  return Math.min(Math.max(1, Math.trunc(limit ?? AUDIT_PAGE_DEFAULT)), AUDIT_PAGE_MAX);
}

/** The query behind vehicleHistory (exported so its plan can be checked against the index). */
export function vehicleHistoryQuery(
  garageId: string,
  vin: string,
  options: { after?: AuditCursor; limit?: number } = {},
): { text: string; values: unknown[] } {
  const limit = pageLimit(options.limit);
  return options.after
    ? {
        text: `SELECT ${COLUMNS} FROM audit_entries
                WHERE garage_id = $1 AND vin = $2 AND (time, id) < ($3::timestamptz, $4::uuid)
                ORDER BY time DESC, id DESC LIMIT $5`,
        values: [garageId, vin, options.after.time, options.after.id, limit],
      }
    : {
        text: `SELECT ${COLUMNS} FROM audit_entries WHERE garage_id = $1 AND vin = $2
                ORDER BY time DESC, id DESC LIMIT $3`,
        values: [garageId, vin, limit],
      };
}

/** One vehicle's shop history, newest first; pass the last entry of a page as `after` for the next. */
export async function vehicleHistory(
  pool: Pool,
  garageId: string,
  vin: string,
  options: { after?: AuditCursor; limit?: number } = {},
): Promise<ShopAuditEntry[]> {
  try {
    const query = vehicleHistoryQuery(garageId, vin, options);
    const result = await pool.query<AuditRow>(query.text, query.values);
    return result.rows.map(auditFromRow);
  } catch (error) {
    throw toShopError(error);
  }
}

/** The whole garage's newest entries, keyset-paged like vehicleHistory. */
export async function garageHistory(
  pool: Pool,
  garageId: string,
  options: { after?: AuditCursor; limit?: number } = {},
): Promise<ShopAuditEntry[]> {
  const limit = pageLimit(options.limit);
  try {
    const result = options.after
      ? await pool.query<AuditRow>(
          `SELECT ${COLUMNS} FROM audit_entries
            WHERE garage_id = $1 AND (time, id) < ($2::timestamptz, $3::uuid)
            ORDER BY time DESC, id DESC LIMIT $4`,
          [garageId, options.after.time, options.after.id, limit],
        )
      : await pool.query<AuditRow>(
          `SELECT ${COLUMNS} FROM audit_entries WHERE garage_id = $1 ORDER BY time DESC, id DESC LIMIT $2`,
          [garageId, limit],
        );
    return result.rows.map(auditFromRow);
  } catch (error) {
    throw toShopError(error);
  }
}

/**
 * One audit entry by its id, for many callers at once: the ids asked for in one turn of the event loop (the audit
 * entries of one burst of live changes, asked for as they are heard) are read in one query, and
 * each caller gets its own entry (null when the table has none by that id; the query's ShopError
 * when it fails).
 */
export function batchedAuditEntry(pool: Pool): (id: string) => Promise<ShopAuditEntry | null> {
  let asked: Map<string, ((result: ShopAuditEntry | null | Error) => void)[]> | null = null;
  async function read(batch: Map<string, ((result: ShopAuditEntry | null | Error) => void)[]>) {
    let found: Map<string, ShopAuditEntry> | Error;
    try {
      const result = await pool.query<AuditRow>(
        `SELECT ${COLUMNS} FROM audit_entries WHERE id = ANY($1::uuid[])`,
        [[...batch.keys()]],
      );
      found = new Map(result.rows.map((row) => [row.id, auditFromRow(row)]));
    } catch (error) {
      found = toShopError(error);
    }
    for (const [id, waiting] of batch)
      for (const each of waiting) each(found instanceof Error ? found : (found.get(id) ?? null));
  }
  return (id) =>
    new Promise((resolve, reject) => {
      if (!asked) {
        const batch = (asked = new Map());
        queueMicrotask(() => {
          asked = null;
          void read(batch);
        });
      }
      const waiting = asked.get(id) ?? [];
      waiting.push((result) => (result instanceof Error ? reject(result) : resolve(result)));
      asked.set(id, waiting);
    });
}

/** More entries than any repair order holds: a job's read stops here and says it is incomplete. */
export const JOB_ENTRIES_MAX = 20_000;

/**
 * The query behind vehicleEntriesBetween (exported so its plan can be checked against the index):
 * the vehicle's entries from `from` to `to` (both included) after `after`, oldest first.
 */
export function vehicleEntriesQuery(
  garageId: string,
  vin: string,
  window: { from: string; to: string },
  options: { after?: AuditCursor | null; limit: number },
): { text: string; values: unknown[] } {
  const inWindow = `garage_id = $1 AND vin = $2 AND time >= $3::timestamptz AND time <= $4::timestamptz`;
  return options.after
    ? {
        text: `SELECT ${COLUMNS} FROM audit_entries
                WHERE ${inWindow} AND (time, id) > ($5::timestamptz, $6::uuid)
                ORDER BY time, id LIMIT $7`,
        values: [garageId, vin, window.from, window.to, options.after.time, options.after.id, options.limit],
      }
    : {
        text: `SELECT ${COLUMNS} FROM audit_entries WHERE ${inWindow} ORDER BY time, id LIMIT $5`,
        values: [garageId, vin, window.from, window.to, options.limit],
      };
}

/**
 * One vehicle's entries from `from` to `to` (both included), oldest first: what a job covers. Read
 * in keyset pages on the vehicle's index; `more` is true when the window held more than `max`.
 */
export async function vehicleEntriesBetween(
  pool: Pool,
  garageId: string,
  vin: string,
  window: { from: string; to: string },
  { max = JOB_ENTRIES_MAX, pageSize = AUDIT_PAGE_MAX }: { max?: number; pageSize?: number } = {},
): Promise<{ entries: ShopAuditEntry[]; more: boolean }> {
  const entries: ShopAuditEntry[] = [];
  let after: AuditCursor | null = null;
  try {
    for (;;) {
      const limit = Math.min(pageSize, max + 1 - entries.length);
      const query = vehicleEntriesQuery(garageId, vin, window, { after, limit });
      const result: { rows: AuditRow[] } = await pool.query<AuditRow>(query.text, query.values);
      entries.push(...result.rows.map(auditFromRow));
      if (entries.length > max) return { entries: entries.slice(0, max), more: true };
      if (result.rows.length < limit) return { entries, more: false };
      const last = entries.at(-1)!;
      after = { time: last.time, id: last.id };
    }
  } catch (error) {
    throw toShopError(error);
  }
}
