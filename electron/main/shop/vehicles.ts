// The shop's garage: the vehicles every technician of the shop sees, keyed by (garage id, VIN).
// A removed vehicle keeps its row (removed_at/by): the history stays attached, and adding it again
// brings the same row back. Every change stamps change_seq and notifies (migration 001).
import type { ClientBase, Pool } from 'pg';
import { toShopError } from './errors';
import { storableJson } from '../../shared/storable-text';

export interface ShopVehicle {
  garageId: string;
  vin: string;
  nickname: string | null;
  plate: string | null;
  tags: string[];
  addedBy: string;
  addedAt: string;
  removedBy: string | null;
  removedAt: string | null;
  updatedAt: string;
  seq: number;
}

export interface VehicleFields {
  nickname?: string | null;
  plate?: string | null;
  tags?: readonly string[];
}

interface VehicleRow {
  garage_id: string;
  vin: string;
  nickname: string | null;
  plate: string | null;
  tags: string[];
  added_by: string;
  added_at: Date;
  removed_by: string | null;
  removed_at: Date | null;
  updated_at: Date;
  change_seq: string;
}

const COLUMNS =
  'garage_id, vin, nickname, plate, tags, added_by, added_at, removed_by, removed_at, updated_at, change_seq';

export function vehicleFromRow(row: VehicleRow): ShopVehicle {
  return {
    garageId: row.garage_id,
    vin: row.vin,
    nickname: row.nickname,
    plate: row.plate,
    tags: row.tags,
    addedBy: row.added_by,
    addedAt: row.added_at.toISOString(),
    removedBy: row.removed_by,
    removedAt: row.removed_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    seq: Number(row.change_seq),
  };
}

async function run<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    throw toShopError(error);
  }
}

export interface ShopVehicles {
  /** The garage's vehicles in VIN order; removed ones only when asked. */
  list(options?: { includeRemoved?: boolean }): Promise<ShopVehicle[]>;
  get(vin: string): Promise<ShopVehicle | null>;
  /** Adds (or brings back a removed) vehicle; `added` false when it was already in the garage. */
  add(
    vin: string,
    technician: string,
    fields?: VehicleFields,
  ): Promise<{ added: boolean; vehicle: ShopVehicle }>;
  /** Null when the vehicle is not in the garage. */
  remove(vin: string, technician: string): Promise<ShopVehicle | null>;
  rename(vin: string, nickname: string | null): Promise<ShopVehicle | null>;
  setPlate(vin: string, plate: string | null): Promise<ShopVehicle | null>;
  setTags(vin: string, tags: readonly string[]): Promise<ShopVehicle | null>;
  /**
   * A solo garage joining the shop: each vehicle not yet in the shop's garage is added with its
   * fields; vehicles already there keep the shop's values. Idempotent. Returns how many were new.
   */
  importGarage(vehicles: readonly ({ vin: string } & VehicleFields)[], technician: string): Promise<number>;
}

/** Over the pool, or over one client inside a transaction (garage changes uploaded with their entries). */
export function shopVehicles(pool: Pool | ClientBase, garageId: string): ShopVehicles {
  const update = (vin: string, set: string, value: unknown) =>
    run(async () => {
      const result = await pool.query<VehicleRow>(
        `UPDATE shop_vehicles SET ${set} = $3 WHERE garage_id = $1 AND vin = $2 AND removed_at IS NULL
         RETURNING ${COLUMNS}`,
        [garageId, vin, value],
      );
      return result.rows[0] ? vehicleFromRow(result.rows[0]) : null;
    });
  return {
    list: (options = {}) =>
      run(async () => {
        const result = await pool.query<VehicleRow>(
          `SELECT ${COLUMNS} FROM shop_vehicles WHERE garage_id = $1 ${options.includeRemoved ? '' : 'AND removed_at IS NULL'}
            ORDER BY vin`,
          [garageId],
        );
        return result.rows.map(vehicleFromRow);
      }),
    get: (vin) =>
      run(async () => {
        const result = await pool.query<VehicleRow>(
          `SELECT ${COLUMNS} FROM shop_vehicles WHERE garage_id = $1 AND vin = $2`,
          [garageId, vin],
        );
        return result.rows[0] ? vehicleFromRow(result.rows[0]) : null;
      }),
    add: (vin, technician, fields = {}) =>
      run(async () => {
        // xmax = 0 only for a freshly inserted row: tells "added" from "brought back".
        const inserted = await pool.query<VehicleRow & { fresh: boolean }>(
          `INSERT INTO shop_vehicles (garage_id, vin, nickname, plate, tags, added_by)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (garage_id, vin) DO UPDATE
             SET removed_at = NULL, removed_by = NULL, added_by = EXCLUDED.added_by, added_at = now(),
                 nickname = coalesce(EXCLUDED.nickname, shop_vehicles.nickname),
                 plate = coalesce(EXCLUDED.plate, shop_vehicles.plate)
             WHERE shop_vehicles.removed_at IS NOT NULL
           RETURNING ${COLUMNS}`,
          [
            garageId,
            vin,
            fields.nickname ?? null,
            fields.plate ?? null,
            [...(fields.tags ?? [])],
            technician,
          ],
        );
        if (inserted.rows[0]) return { added: true, vehicle: vehicleFromRow(inserted.rows[0]) };
        const current = await pool.query<VehicleRow>(
          `SELECT ${COLUMNS} FROM shop_vehicles WHERE garage_id = $1 AND vin = $2`,
          [garageId, vin],
        );
        return { added: false, vehicle: vehicleFromRow(current.rows[0]!) };
      }),
    remove: (vin, technician) =>
      run(async () => {
        const result = await pool.query<VehicleRow>(
          `UPDATE shop_vehicles SET removed_at = now(), removed_by = $3
            WHERE garage_id = $1 AND vin = $2 AND removed_at IS NULL RETURNING ${COLUMNS}`,
          [garageId, vin, technician],
        );
        return result.rows[0] ? vehicleFromRow(result.rows[0]) : null;
      }),
    rename: (vin, nickname) => update(vin, 'nickname', nickname),
    setPlate: (vin, plate) => update(vin, 'plate', plate),
    setTags: (vin, tags) => update(vin, 'tags', [...new Set(tags)]),
    importGarage: (vehicles, technician) =>
      run(async () => {
        if (vehicles.length === 0) return 0;
        const rows = vehicles.map((v) => ({
          vin: v.vin,
          nickname: v.nickname ?? null,
          plate: v.plate ?? null,
          tags: [...(v.tags ?? [])],
        }));
        const result = await pool.query(
          `INSERT INTO shop_vehicles (garage_id, vin, nickname, plate, tags, added_by)
           SELECT $1, r.vin, r.nickname, r.plate,
                  coalesce(ARRAY(SELECT jsonb_array_elements_text(r.tags)), '{}'), $3
             FROM jsonb_to_recordset($2::jsonb) AS r(vin text, nickname text, plate text, tags jsonb)
           ON CONFLICT (garage_id, vin) DO NOTHING`,
          [garageId, storableJson(rows), technician],
        );
        return result.rowCount ?? 0;
      }),
  };
}
