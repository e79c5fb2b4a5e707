// The service's answers shared between the apps of one shop (schema version 13,
// sql/013-shared-reads.sql): what one technician's app read of a car, kept newest per car and kind
// of read, so another app can answer the same read from it while it is fresh. The database stamps
// the garage and the role; the reader checks the answer itself (the database stores any JSON).
import type { Pool } from 'pg';
import { toShopError } from './errors';

export interface SharedAnswer {
  answer: unknown;
  /** When the colleague's app had it from the service (never after it reached the database). */
  fetchedAt: string;
  technician: string;
  machine: string;
  /** The database role that shared it (the server's word). */
  role: string;
}

export interface ShopSharedAnswers {
  /** Keeps this answer unless a newer one of the same read is kept; throws a ShopError. */
  share(input: {
    vin: string;
    kind: string;
    answer: unknown;
    fetchedAt: string;
    technician: string;
    machine: string;
  }): Promise<void>;
  /** The newest answer of this read of the car, or null; throws a ShopError. */
  latest(vin: string, kind: string): Promise<SharedAnswer | null>;
  /**
   * Removes readings the board and the apps no longer need (older than `olderThanMs`, at least an
   * hour, and no longer a car's newest value); answers how many went. Throws a ShopError.
   */
  pruneReadings(olderThanMs?: number): Promise<number>;
}

export function shopSharedAnswers(pool: Pool, garageId: string): ShopSharedAnswers {
  return {
    async share(input) {
      try {
        await pool.query('SELECT shop_share_answer($1, $2, $3, $4, $5, $6)', [
          input.vin,
          input.kind,
          JSON.stringify(input.answer),
          input.fetchedAt,
          input.technician,
          input.machine,
        ]);
      } catch (error) {
        throw toShopError(error);
      }
    },
    async latest(vin, kind) {
      try {
        const result = await pool.query<{
          answer: unknown;
          fetched_at: Date;
          technician: string;
          machine: string;
          db_role: string;
        }>(
          `SELECT answer, fetched_at, technician, machine, db_role FROM shared_answers
            WHERE garage_id = $1 AND vin = $2 AND kind = $3`,
          [garageId, vin, kind],
        );
        const row = result.rows[0];
        if (!row) return null;
        return {
          answer: row.answer,
          fetchedAt: row.fetched_at.toISOString(),
          technician: row.technician,
          machine: row.machine,
          role: row.db_role,
        };
      } catch (error) {
        throw toShopError(error);
      }
    },
    async pruneReadings(olderThanMs = 24 * 3_600_000) {
      try {
        const result = await pool.query<{ removed: string }>(
          `SELECT shop_prune_readings($1 * interval '1 millisecond', $2) AS removed`,
          [olderThanMs, garageId],
        );
        return Number(result.rows[0]?.removed ?? 0);
      } catch (error) {
        throw toShopError(error);
      }
    },
  };
}
