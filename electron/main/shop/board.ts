// The board's rows and the readings that feed it (schema version 8, sql/008-board.sql): one call
// of shop_board(), which runs as this role under row-level security, and one INSERT for the readings
// a technician's app made (one or several at a time). The server keeps each value's newest reading, so a status read that says
// only "asleep" leaves an older battery level with its own age and reader.
import type { Pool } from 'pg';
import { readingValuesOf, type BoardCar, type BoardState, type BoardValue } from '../../shared/shop-board';
import { changeOfRow, type ChangedRow, type OwnChanges } from './changed-row';
import { toShopError } from './errors';
import { refusedForGood } from './outbox';
import type { ShopReading } from './reading';

/** A board car as the database holds it: no outbox count, no "mine" yet (the caller knows both). */
export type ShopBoardCar = Omit<BoardCar, 'waiting' | 'claim'> & {
  claim: (Omit<NonNullable<BoardCar['claim']>, 'mine'> & { id: string }) | null;
};

export interface ShopBoardRead {
  cars: ShopBoardCar[];
  asOf: string;
}

export type { ShopReading } from './reading';

interface BoardRow {
  vin: string;
  nickname: string | null;
  plate: string | null;
  claim_id: string | null;
  claimed_by: string | null;
  claim_role: string | null;
  claim_since: Date | null;
  claim_expires_at: Date | null;
  job_id: string | null;
  repair_order: string | null;
  job_technician: string | null;
  job_role: string | null;
  job_opened_at: Date | null;
  state: Record<string, unknown> | null;
  action_time: Date | null;
  action_operation: string | null;
  action_outcome: string | null;
  action_technician: string | null;
  action_role: string | null;
}

/** Each kept value with its reading's time and reader, dropping what is not what it claims. */
function stateOf(raw: Record<string, unknown> | null): BoardState {
  if (!raw) return {};
  const state: Record<string, BoardValue<unknown>> = {};
  for (const [name, kept] of Object.entries(raw)) {
    if (!kept || typeof kept !== 'object') continue;
    const { value, readAt, source, technician, role } = kept as Record<string, unknown>;
    const checked = readingValuesOf({ [name]: value }) as Record<string, unknown>;
    const time = typeof readAt === 'string' ? new Date(readAt) : null;
    if (!(name in checked) || !time || Number.isNaN(time.getTime())) continue;
    state[name] = {
      value: checked[name],
      readAt: time.toISOString(),
      source: typeof source === 'string' ? source : '',
      technician: typeof technician === 'string' ? technician : '',
      role: typeof role === 'string' ? role : null,
    };
  }
  return state as BoardState;
}

function carOf(row: BoardRow): ShopBoardCar {
  return {
    vin: row.vin,
    nickname: row.nickname,
    plate: row.plate,
    claim:
      row.claim_id && row.claimed_by && row.claim_since && row.claim_expires_at
        ? {
            id: row.claim_id,
            by: row.claimed_by,
            role: row.claim_role,
            since: row.claim_since.toISOString(),
            expiresAt: row.claim_expires_at.toISOString(),
          }
        : null,
    job:
      row.job_id && row.repair_order && row.job_opened_at
        ? {
            id: row.job_id,
            repairOrder: row.repair_order,
            technician: row.job_technician ?? '',
            role: row.job_role,
            openedAt: row.job_opened_at.toISOString(),
          }
        : null,
    state: stateOf(row.state),
    lastAction:
      row.action_time && row.action_operation
        ? {
            time: row.action_time.toISOString(),
            operation: row.action_operation,
            outcome: row.action_outcome ?? '',
            technician: row.action_technician ?? '',
            role: row.action_role,
          }
        : null,
  };
}

export interface ShopBoardStore {
  /** Every car of the garage, by VIN, as of the database's clock; throws a ShopError. */
  read(): Promise<ShopBoardRead>;
  /** Shares one reading with the shop; throws a ShopError. */
  record(reading: ShopReading): Promise<void>;
  /**
   * Shares readings in one statement (one transaction, one burst of notifications for the shop's
   * listeners instead of one each); a reading the database refuses for good is left out, not the
   * others with it. Throws a ShopError.
   */
  recordMany(readings: readonly ShopReading[]): Promise<void>;
  /** One reading by its id (what a live change names), or null. */
  reading(id: string): Promise<ShopReading | null>;
}

/** What an INSERT of readings answers: each row as the live listener's read would bring it. */
const READING_RETURNING = `RETURNING 'vehicle_readings' AS kind, garage_id, vin, id::text AS id, change_seq AS seq,
             machine, NULL::text AS profile_id, read_at, source, vals, technician`;

/** `own`: this app's writes, told to its live listener (their rows then ask it for no read). */
export function shopBoard(pool: Pool, garageId: string, own?: OwnChanges): ShopBoardStore {
  async function recordMany(readings: readonly ShopReading[]): Promise<void> {
    const rows = readings
      .map((reading) => ({ ...reading, values: readingValuesOf(reading.values) }))
      .filter((reading) => Object.keys(reading.values).length > 0)
      .map((reading) => ({
        vin: reading.vin,
        read_at: reading.readAt,
        source: reading.source,
        vals: reading.values,
        technician: reading.technician,
        machine: reading.machine,
      }));
    const insert = async (some: readonly unknown[]) => {
      const write = own?.begin();
      try {
        const result = await pool.query<ChangedRow>(
          `INSERT INTO vehicle_readings (garage_id, vin, read_at, source, vals, technician, machine)
           SELECT $1, r.vin, r.read_at, r.source, r.vals, r.technician, r.machine
             FROM jsonb_to_recordset($2::jsonb)
               AS r(vin text, read_at timestamptz, source text, vals jsonb, technician text, machine text)
           ${READING_RETURNING}`,
          [garageId, JSON.stringify(some)],
        );
        write?.done(result.rows.map(changeOfRow));
      } catch (error) {
        write?.failed();
        throw error;
      }
    };
    if (rows.length === 0) return;
    try {
      await insert(rows);
    } catch (error) {
      if (rows.length === 1 || !refusedForGood(error)) throw toShopError(error);
      // Which reading the server refuses: each alone, the refused one left out.
      let refused: unknown = null;
      for (const row of rows) await insert([row]).catch((alone: unknown) => (refused ??= alone));
      if (refused !== null) throw toShopError(refused);
    }
  }

  return {
    async read() {
      try {
        // One snapshot: the rows and "as of" from the same statement's clock.
        const result = await pool.query<BoardRow & { as_of: Date }>(
          'SELECT b.*, now() AS as_of FROM shop_board($1) AS b',
          [garageId],
        );
        const asOf = result.rows[0]?.as_of ?? (await pool.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
        return { cars: result.rows.map(carOf), asOf: asOf.toISOString() };
      } catch (error) {
        throw toShopError(error);
      }
    },
    async reading(id) {
      try {
        const result = await pool.query<{
          vin: string;
          read_at: Date;
          source: string;
          vals: unknown;
          technician: string;
          machine: string;
        }>(
          'SELECT vin, read_at, source, vals, technician, machine FROM vehicle_readings WHERE id = $1 AND garage_id = $2',
          [id, garageId],
        );
        const row = result.rows[0];
        if (!row) return null;
        return {
          vin: row.vin,
          readAt: row.read_at.toISOString(),
          source: row.source,
          values: readingValuesOf(row.vals),
          technician: row.technician,
          machine: row.machine,
        };
      } catch (error) {
        throw toShopError(error);
      }
    },
    record: (reading) => recordMany([reading]),
    recordMany,
  };
}
