// Repair-order jobs in the shop's database: one open job per vehicle (unique partial index
// jobs_one_open), snapshots and notes as JSON the jobs feature defines. Ids are made by the app so a
// job opened offline keeps its id when it reaches the shop.
import type { Pool } from 'pg';
import { toShopError } from './errors';

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
          input.checkIn === undefined ? null : JSON.stringify(input.checkIn),
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
        [garageId, id, JSON.stringify(checkOut ?? null)],
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
        [garageId, id, JSON.stringify([note])],
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
