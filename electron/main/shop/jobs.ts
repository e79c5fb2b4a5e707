// Repair-order jobs in the shop's database: one open job per vehicle (unique partial index
// jobs_one_open), snapshots and notes as JSON the jobs feature defines. Ids are made by the app so a
// job opened offline keeps its id when it reaches the shop.
import type { Pool } from 'pg';
import { tm } from '../i18n/main-words';
import { answerLost, outcomeUnknown, toShopError } from './errors';
import { storableJson } from '../../shared/storable-text';

export interface JobNote {
  time: string;
  technician: string;
  text: string;
}

export interface ShopJob {
  id: string;
  garageId: string;
  vin: string;
  repairOrder: string;
  complaint: string | null;
  technician: string;
  openedAt: string;
  closedAt: string | null;
  status: 'open' | 'closed';
  checkIn: unknown;
  checkOut: unknown;
  notes: JobNote[];
  seq: number;
}

export interface OpenJobInput {
  id: string;
  vin: string;
  repairOrder: string;
  complaint?: string | null;
  technician: string;
  checkIn?: unknown;
}

export type OpenJobResult = { ok: true; job: ShopJob } | { ok: false; openJob: ShopJob };

interface JobRow {
  id: string;
  garage_id: string;
  vin: string;
  repair_order: string;
  complaint: string | null;
  technician: string;
  opened_at: Date;
  closed_at: Date | null;
  status: 'open' | 'closed';
  check_in: unknown;
  check_out: unknown;
  notes: JobNote[];
  change_seq: string;
}

const COLUMNS =
  'id, garage_id, vin, repair_order, complaint, technician, opened_at, closed_at, status, check_in, check_out, notes, change_seq';

function jobFromRow(row: JobRow): ShopJob {
  return {
    id: row.id,
    garageId: row.garage_id,
    vin: row.vin,
    repairOrder: row.repair_order,
    complaint: row.complaint,
    technician: row.technician,
    openedAt: row.opened_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    status: row.status,
    checkIn: row.check_in,
    checkOut: row.check_out,
    notes: row.notes,
    seq: Number(row.change_seq),
  };
}

export interface JobFilter {
  vin?: string;
  technician?: string;
  repairOrder?: string;
  status?: 'open' | 'closed';
  /** ISO times on opened_at, `to` inclusive. */
  from?: string;
  to?: string;
  limit?: number;
}

export interface ShopJobs {
  /** Opens a job; if the vehicle already has an open job, returns that one instead. */
  open(input: OpenJobInput): Promise<OpenJobResult>;
  /** Null if the job is not open. */
  close(id: string, checkOut: unknown): Promise<ShopJob | null>;
  reopen(id: string): Promise<ShopJob | null>;
  addNote(id: string, note: JobNote): Promise<ShopJob | null>;
  get(id: string): Promise<ShopJob | null>;
  openFor(vin: string): Promise<ShopJob | null>;
  list(filter?: JobFilter): Promise<ShopJob[]>;
}

export function shopJobs(pool: Pool, garageId: string): ShopJobs {
  const one = async (sql: string, params: unknown[]) => {
    try {
      const result = await pool.query<JobRow>(sql, params);
      return result.rows[0] ? jobFromRow(result.rows[0]) : null;
    } catch (error) {
      throw toShopError(error);
    }
  };
  return {
    async open(input) {
      const job = await one(
        `INSERT INTO jobs (id, garage_id, vin, repair_order, complaint, technician, check_in)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (garage_id, vin) WHERE status = 'open' DO NOTHING RETURNING ${COLUMNS}`,
        [
          input.id,
          garageId,
          input.vin,
          input.repairOrder,
          input.complaint ?? null,
          input.technician,
          input.checkIn === undefined ? null : storableJson(input.checkIn),
        ],
      );
      if (job) return { ok: true, job };
      const open = await one(
        `SELECT ${COLUMNS} FROM jobs WHERE garage_id = $1 AND vin = $2 AND status = 'open'`,
        [garageId, input.vin],
      );
      return { ok: false, openJob: open! };
    },
    close: (id, checkOut) =>
      one(
        `UPDATE jobs SET status = 'closed', closed_at = now(), check_out = $3
          WHERE garage_id = $1 AND id = $2 AND status = 'open' RETURNING ${COLUMNS}`,
        [garageId, id, storableJson(checkOut ?? null)],
      ),
    reopen: (id) =>
      one(
        `UPDATE jobs SET status = 'open', closed_at = NULL
          WHERE garage_id = $1 AND id = $2 AND status = 'closed' RETURNING ${COLUMNS}`,
        [garageId, id],
      ),
    addNote: (id, note) =>
      one(
        `UPDATE jobs SET notes = notes || $3::jsonb WHERE garage_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [garageId, id, storableJson([note])],
      ),
    get: (id) => one(`SELECT ${COLUMNS} FROM jobs WHERE garage_id = $1 AND id = $2`, [garageId, id]),
    openFor: (vin) =>
      one(`SELECT ${COLUMNS} FROM jobs WHERE garage_id = $1 AND vin = $2 AND status = 'open'`, [
        garageId,
        vin,
      ]),
    async list(filter = {}) {
      const where = ['garage_id = $1'];
      const params: unknown[] = [garageId];
      const add = (clause: string, value: unknown) => {
        params.push(value);
        where.push(clause.replace('?', `$${params.length}`));
      };
      if (filter.vin) add('vin = ?', filter.vin);
      if (filter.technician) add('technician = ?', filter.technician);
      if (filter.repairOrder) add('repair_order = ?', filter.repairOrder);
      if (filter.status) add('status = ?', filter.status);
      if (filter.from) add('opened_at >= ?::timestamptz', filter.from);
      if (filter.to) add('opened_at <= ?::timestamptz', filter.to);
      params.push(Math.min(Math.max(1, filter.limit ?? 200), 1000));
      try {
        const result = await pool.query<JobRow>(
          `SELECT ${COLUMNS} FROM jobs WHERE ${where.join(' AND ')} ORDER BY opened_at DESC, id LIMIT $${params.length}`,
          params,
        );
        return result.rows.map(jobFromRow);
      } catch (error) {
        throw toShopError(error);
      }
    },
  };
}

// --- Jobs as the app records them (schema 2's `details`) ------------------------------------
// The jobs feature owns the record's shape; here it is JSON with the columns kept beside it for the
// shop's own queries. A change is made under a row lock, so two machines changing one job take
// turns, and the unique index decides which of two opens (or reopens) on one vehicle wins.

/** The columns kept beside `details`, as the jobs feature derives them from its record. */
export type JobColumns = Omit<ShopJob, 'garageId' | 'seq'>;

export interface JobDetailsRow {
  id: string;
  vin: string;
  status: 'open' | 'closed';
  details: unknown;
  seq: number;
  /** The role that made the row (who opened the job), stamped by the server; null before roles. */
  dbRole: string | null;
  /** The server's time of the row's last write. */
  at?: string;
  /** The `notes` column as the shop keeps it (each line stamped with the role that wrote it). */
  notes?: JobNote[];
}

export type SaveJobResult =
  | { ok: true; row: JobDetailsRow }
  | { ok: false; openJob: { repairOrder: string; technician: string } | null };

const UNIQUE_VIOLATION = '23505';
const DETAIL_COLUMNS = 'id, vin, status, details, change_seq, db_role, updated_at, notes';

const detailsRow = (row: {
  id: string;
  vin: string;
  status: 'open' | 'closed';
  details: unknown;
  change_seq: string;
  db_role: string | null;
  updated_at: Date;
  notes: JobNote[];
}): JobDetailsRow => ({
  id: row.id,
  vin: row.vin,
  status: row.status,
  details: row.details,
  seq: Number(row.change_seq),
  dbRole: row.db_role ?? null,
  at: row.updated_at.toISOString(),
  notes: row.notes,
});

const columnValues = (columns: JobColumns) => [
  columns.repairOrder,
  columns.complaint,
  columns.technician,
  columns.openedAt,
  columns.closedAt,
  columns.status,
  storableJson(columns.checkIn ?? null),
  storableJson(columns.checkOut ?? null),
  storableJson(columns.notes),
];

export interface ShopJobRecords {
  /** The database role this handle writes as (session_user): what the jobs feature names as writer. */
  readonly role: string;
  /** Inserts a new job; refused (with the open one) when the vehicle already has an open job. */
  insert(columns: JobColumns, details: unknown): Promise<SaveJobResult>;
  /**
   * Changes a job under its row lock: `change` gets the stored details and returns the new ones
   * with their columns. Null when the shop has no such job (or it has no details).
   */
  update(
    id: string,
    change: (details: unknown) => { columns: JobColumns; details: unknown },
  ): Promise<SaveJobResult | null>;
  get(id: string): Promise<JobDetailsRow | null>;
  openFor(vin: string): Promise<JobDetailsRow | null>;
  /** Every job with details, newest first. */
  list(): Promise<JobDetailsRow[]>;
}

export function shopJobRecords(pool: Pool, garageId: string, role: string): ShopJobRecords {
  const openJobOf = async (vin: string) => {
    const open = await pool.query<{ repair_order: string; technician: string }>(
      `SELECT repair_order, technician FROM jobs WHERE garage_id = $1 AND vin = $2 AND status = 'open'`,
      [garageId, vin],
    );
    const row = open.rows[0];
    return row ? { repairOrder: row.repair_order, technician: row.technician } : null;
  };
  const isUnique = (error: unknown) =>
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
  const rows = async (sql: string, params: unknown[]) => {
    try {
      return (await pool.query(sql, params)).rows.map(detailsRow);
    } catch (error) {
      throw toShopError(error);
    }
  };

  return {
    role,
    async insert(columns, details) {
      // Connected first: a failure to connect sent nothing, one after the INSERT left may have
      // opened the job (it commits on its own) without the answer coming back.
      let client;
      try {
        client = await pool.connect();
      } catch (error) {
        throw toShopError(error);
      }
      let broken: Error | undefined;
      try {
        const result = await client.query(
          `INSERT INTO jobs (id, garage_id, vin, repair_order, complaint, technician, opened_at, closed_at,
                             status, check_in, check_out, notes, details)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
           ON CONFLICT (garage_id, vin) WHERE status = 'open' DO NOTHING RETURNING ${DETAIL_COLUMNS}`,
          [columns.id, garageId, columns.vin, ...columnValues(columns), storableJson(details)],
        );
        if (result.rows[0]) return { ok: true, row: detailsRow(result.rows[0]) };
        return { ok: false, openJob: await openJobOf(columns.vin) };
      } catch (error) {
        if (isUnique(error)) return { ok: false, openJob: await openJobOf(columns.vin) };
        if (answerLost(error)) {
          broken = error instanceof Error ? error : new Error(String(error));
          throw outcomeUnknown(tm('mainShop.jobOpenUnknown', { repairOrder: columns.repairOrder }));
        }
        throw toShopError(error);
      } finally {
        client.release(broken);
      }
    },
    async update(id, change) {
      let client;
      try {
        client = await pool.connect();
      } catch (error) {
        throw toShopError(error);
      }
      // Until COMMIT is sent, a lost connection rolls the change back; after, it may have been made.
      let committing = false;
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const locked = await client.query<{ details: unknown }>(
          `SELECT details FROM jobs WHERE garage_id = $1 AND id = $2 AND details IS NOT NULL FOR UPDATE`,
          [garageId, id],
        );
        if (!locked.rows[0]) {
          await client.query('ROLLBACK');
          return null;
        }
        let next: ReturnType<typeof change>;
        try {
          next = change(locked.rows[0].details);
        } catch (refused) {
          // The jobs feature said no (a closed job noted, a job closed twice): its words, unchanged.
          await client.query('ROLLBACK');
          throw Object.assign(new Error('refused by the change'), { refused });
        }
        const result = await client.query(
          `UPDATE jobs SET repair_order = $3, complaint = $4, technician = $5, opened_at = $6, closed_at = $7,
                  status = $8, check_in = $9, check_out = $10, notes = $11, details = $12
            WHERE garage_id = $1 AND id = $2 RETURNING ${DETAIL_COLUMNS}`,
          [garageId, id, ...columnValues(next.columns), storableJson(next.details)],
        );
        committing = true;
        await client.query('COMMIT');
        return { ok: true, row: detailsRow(result.rows[0]) };
      } catch (error) {
        if (error instanceof Error && 'refused' in error) throw (error as { refused: unknown }).refused;
        if (committing && answerLost(error)) {
          broken = error instanceof Error ? error : new Error(String(error));
          throw outcomeUnknown(tm('mainShop.jobSaveUnknown'));
        }
        await client.query('ROLLBACK').catch(() => undefined);
        // A reopen while another job on the vehicle is open: the index said no.
        if (isUnique(error)) {
          const vin = await pool.query<{ vin: string }>(
            `SELECT vin FROM jobs WHERE garage_id = $1 AND id = $2`,
            [garageId, id],
          );
          return { ok: false, openJob: vin.rows[0] ? await openJobOf(vin.rows[0].vin) : null };
        }
        throw toShopError(error);
      } finally {
        client.release(broken);
      }
    },
    get: async (id) =>
      (
        await rows(
          `SELECT ${DETAIL_COLUMNS} FROM jobs WHERE garage_id = $1 AND id = $2 AND details IS NOT NULL`,
          [garageId, id],
        )
      )[0] ?? null,
    openFor: async (vin) =>
      (
        await rows(
          `SELECT ${DETAIL_COLUMNS} FROM jobs
            WHERE garage_id = $1 AND vin = $2 AND status = 'open' AND details IS NOT NULL`,
          [garageId, vin],
        )
      )[0] ?? null,
    list: () =>
      rows(
        `SELECT ${DETAIL_COLUMNS} FROM jobs WHERE garage_id = $1 AND details IS NOT NULL ORDER BY opened_at DESC, id`,
        [garageId],
      ),
  };
}
