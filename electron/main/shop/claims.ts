// "Working on it": at most one active claim per vehicle, decided by the unique partial index
// claims_one_active, never by a read-then-write in the app. A claim past its expiry does not
// block: the next claim ends it ('expired') in the same transaction. Rows are never deleted: the
// table is the claim history (who, since, until, how it ended, who ended it). A claim is the
// database role's that made it (db_role, stamped by the server): only that role releases it, which
// the database enforces too (006-claim-owners.sql); the name typed in the app is for people to read.
import type { Pool, PoolClient } from 'pg';
import { tm } from '../i18n/main-words';
import { ShopError, toShopError } from './errors';

export const CLAIM_TTL_DEFAULT_MS = 8 * 60 * 60 * 1000;

export type ClaimEnd = 'released' | 'expired' | 'taken_over';

export interface Claim {
  id: string;
  garageId: string;
  vin: string;
  claimedBy: string;
  machine: string | null;
  note: string | null;
  since: string;
  expiresAt: string;
  endedAt: string | null;
  endedBy: string | null;
  endReason: ClaimEnd | null;
  /** The role that made the claim, the server's word: who it belongs to. */
  dbRole: string;
  seq: number;
}

export type ClaimResult =
  | { ok: true; claim: Claim }
  | { ok: false; heldBy: string; since: string; expiresAt: string; note: string | null };

export interface ClaimOptions {
  note?: string | null;
  machine?: string | null;
  ttlMs?: number;
}

interface ClaimRow {
  id: string;
  garage_id: string;
  vin: string;
  claimed_by: string;
  machine: string | null;
  note: string | null;
  since: Date;
  expires_at: Date;
  ended_at: Date | null;
  ended_by: string | null;
  end_reason: ClaimEnd | null;
  db_role: string;
  change_seq: string;
}

const COLUMNS =
  'id, garage_id, vin, claimed_by, machine, note, since, expires_at, ended_at, ended_by, end_reason, db_role, change_seq';

export function claimFromRow(row: ClaimRow): Claim {
  return {
    id: row.id,
    garageId: row.garage_id,
    vin: row.vin,
    claimedBy: row.claimed_by,
    machine: row.machine,
    note: row.note,
    since: row.since.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
    endedBy: row.ended_by,
    endReason: row.end_reason,
    dbRole: row.db_role,
    seq: Number(row.change_seq),
  };
}

export interface ShopClaims {
  claim(vin: string, technician: string, options?: ClaimOptions): Promise<ClaimResult>;
  /** Ends this role's active claim on `vin` (`technician` is recorded as who ended it); false if it holds none. */
  release(vin: string, technician: string): Promise<boolean>;
  /** As release, answering the claim as it ended (null if this role held none). */
  releaseOwn(vin: string, technician: string): Promise<Claim | null>;
  /** Ends whoever's claim is active (recorded as taken over by `technician`) and claims. */
  takeOver(
    vin: string,
    technician: string,
    options?: ClaimOptions,
  ): Promise<{ claim: Claim; previous: Claim | null }>;
  /** The active, unexpired claim on `vin`, if any. */
  active(vin: string): Promise<Claim | null>;
  /** Every active, unexpired claim in the garage. */
  listActive(): Promise<Claim[]>;
  /** The newest claim on `vin` not ended yet: an expired one too, until something ends it. */
  unended(vin: string): Promise<Claim | null>;
  /** Every claim of the garage not ended yet (expired ones too), by VIN: what the window lists. */
  listUnended(): Promise<Claim[]>;
  /** Every claim ever made on `vin`, newest first. */
  history(vin: string, limit?: number): Promise<Claim[]>;
}

function ttlOf(options: ClaimOptions): number {
  const ttl = options.ttlMs ?? CLAIM_TTL_DEFAULT_MS;
  if (!Number.isFinite(ttl) || ttl <= 0) throw new RangeError('A claim lasts a positive time.');
  return Math.round(ttl);
}

export function shopClaims(pool: Pool, garageId: string): ShopClaims {
  async function inTransaction<T>(task: (client: PoolClient) => Promise<T>): Promise<T> {
    let client: PoolClient | null = null;
    try {
      client = await pool.connect();
      await client.query('BEGIN');
      const result = await task(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client?.query('ROLLBACK').catch(() => undefined);
      throw toShopError(error);
    } finally {
      client?.release();
    }
  }

  const expire = (client: PoolClient, vin: string) =>
    client.query(
      `UPDATE claims SET ended_at = expires_at, end_reason = 'expired'
        WHERE garage_id = $1 AND vin = $2 AND ended_at IS NULL AND expires_at <= now()`,
      [garageId, vin],
    );

  const insert = (client: PoolClient, vin: string, technician: string, options: ClaimOptions) =>
    client.query<ClaimRow>(
      `INSERT INTO claims (garage_id, vin, claimed_by, machine, note, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::double precision / 1000))
       ON CONFLICT (garage_id, vin) WHERE ended_at IS NULL DO NOTHING
       RETURNING ${COLUMNS}`,
      [garageId, vin, technician, options.machine ?? null, options.note ?? null, ttlOf(options)],
    );

  const activeOn = async (client: Pool | PoolClient, vin: string) => {
    const result = await client.query<ClaimRow>(
      `SELECT ${COLUMNS} FROM claims WHERE garage_id = $1 AND vin = $2 AND ended_at IS NULL AND expires_at > now()`,
      [garageId, vin],
    );
    return result.rows[0] ? claimFromRow(result.rows[0]) : null;
  };

  const releaseOwn = (vin: string, technician: string) =>
    inTransaction(async (client) => {
      const result = await client.query<ClaimRow>(
        `UPDATE claims SET ended_at = now(), ended_by = $3, end_reason = 'released'
          WHERE garage_id = $1 AND vin = $2 AND ended_at IS NULL AND db_role = session_user
          RETURNING ${COLUMNS}`,
        [garageId, vin, technician],
      );
      return result.rows[0] ? claimFromRow(result.rows[0]) : null;
    });

  return {
    claim: (vin, technician, options = {}) =>
      inTransaction(async (client) => {
        await expire(client, vin);
        // Two claims at once: the second INSERT waits on the first's index entry, then skips.
        const inserted = await insert(client, vin, technician, options);
        if (inserted.rows[0]) return { ok: true, claim: claimFromRow(inserted.rows[0]) } as const;
        const holder = await client.query<ClaimRow>(
          `SELECT ${COLUMNS} FROM claims WHERE garage_id = $1 AND vin = $2 AND ended_at IS NULL`,
          [garageId, vin],
        );
        const held = claimFromRow(holder.rows[0]!);
        return {
          ok: false,
          heldBy: held.claimedBy,
          since: held.since,
          expiresAt: held.expiresAt,
          note: held.note,
        } as const;
      }),
    release: async (vin, technician) => (await releaseOwn(vin, technician)) !== null,
    releaseOwn,
    takeOver: (vin, technician, options = {}) =>
      inTransaction(async (client) => {
        await expire(client, vin);
        const ended = await client.query<ClaimRow>(
          `UPDATE claims SET ended_at = now(), ended_by = $3, end_reason = 'taken_over'
            WHERE garage_id = $1 AND vin = $2 AND ended_at IS NULL RETURNING ${COLUMNS}`,
          [garageId, vin, technician],
        );
        const inserted = await insert(client, vin, technician, options);
        // The row lock taken by the UPDATE keeps a racing claim from slipping in between.
        if (!inserted.rows[0]) throw new ShopError('conflict', tm('mainShop.claimRace'));
        return {
          claim: claimFromRow(inserted.rows[0]),
          previous: ended.rows[0] ? claimFromRow(ended.rows[0]) : null,
        };
      }),
    active: (vin) =>
      activeOn(pool, vin).catch((error: unknown) => {
        throw toShopError(error);
      }),
    listActive: async () => {
      try {
        const result = await pool.query<ClaimRow>(
          `SELECT ${COLUMNS} FROM claims WHERE garage_id = $1 AND ended_at IS NULL AND expires_at > now() ORDER BY vin`,
          [garageId],
        );
        return result.rows.map(claimFromRow);
      } catch (error) {
        throw toShopError(error);
      }
    },
    unended: async (vin) => {
      try {
        const result = await pool.query<ClaimRow>(
          `SELECT ${COLUMNS} FROM claims WHERE garage_id = $1 AND vin = $2 AND ended_at IS NULL
            ORDER BY since DESC LIMIT 1`,
          [garageId, vin],
        );
        return result.rows[0] ? claimFromRow(result.rows[0]) : null;
      } catch (error) {
        throw toShopError(error);
      }
    },
    listUnended: async () => {
      try {
        const result = await pool.query<ClaimRow>(
          `SELECT ${COLUMNS} FROM claims WHERE garage_id = $1 AND ended_at IS NULL ORDER BY vin`,
          [garageId],
        );
        return result.rows.map(claimFromRow);
      } catch (error) {
        throw toShopError(error);
      }
    },
    history: async (vin, limit = 100) => {
      try {
        const result = await pool.query<ClaimRow>(
          `SELECT ${COLUMNS} FROM claims WHERE garage_id = $1 AND vin = $2 ORDER BY since DESC, id LIMIT $3`,
          [garageId, vin, Math.min(Math.max(1, limit), 1000)],
        );
        return result.rows.map(claimFromRow);
      } catch (error) {
        throw toShopError(error);
      }
    },
  };
}
