// Telemetry configuration templates shared by the shop: a name unique in the garage, the fields as
// the telemetry feature defines them (JSON), notes. Ids are made by the app.
import type { Pool } from 'pg';
import { toShopError } from './errors';
import { storableJson } from '../../shared/storable-text';

export interface ShopTemplate {
  id: string;
  name: string;
  fields: unknown;
  notes: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

interface TemplateRow {
  id: string;
  name: string;
  fields: unknown;
  notes: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, fields, notes, created_by, created_at, updated_at';

function templateFromRow(row: TemplateRow): ShopTemplate {
  return {
    id: row.id,
    name: row.name,
    fields: row.fields,
    notes: row.notes,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export interface ShopTemplates {
  list(): Promise<ShopTemplate[]>;
  /** Creates or replaces the template with this id; a name taken by another is a 'conflict'. */
  save(input: {
    id: string;
    name: string;
    fields: unknown;
    notes?: string | null;
    createdBy: string;
  }): Promise<ShopTemplate>;
  remove(id: string): Promise<boolean>;
}

export function shopTemplates(pool: Pool, garageId: string): ShopTemplates {
  const guard = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } catch (error) {
      throw toShopError(error);
    }
  };
  return {
    list: () =>
      guard(async () => {
        const result = await pool.query<TemplateRow>(
          `SELECT ${COLUMNS} FROM telemetry_templates WHERE garage_id = $1 AND removed_at IS NULL ORDER BY name`,
          [garageId],
        );
        return result.rows.map(templateFromRow);
      }),
    save: (input) =>
      guard(async () => {
        const result = await pool.query<TemplateRow>(
          `INSERT INTO telemetry_templates (id, garage_id, name, fields, notes, created_by)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, fields = EXCLUDED.fields,
             notes = EXCLUDED.notes, updated_at = now()
             WHERE telemetry_templates.garage_id = EXCLUDED.garage_id
           RETURNING ${COLUMNS}`,
          [input.id, garageId, input.name, storableJson(input.fields), input.notes ?? null, input.createdBy],
        );
        if (!result.rows[0]) throw new Error('A template with this id belongs to another garage.');
        return templateFromRow(result.rows[0]);
      }),
    remove: (id) =>
      guard(async () => {
        // Marked, never deleted: the other machines learn of a removal from the row (the schema
        // refuses a DELETE).
        const result = await pool.query(
          `UPDATE telemetry_templates SET removed_at = now(), removed_by = session_user, changed_at = now()
            WHERE garage_id = $1 AND id = $2 AND removed_at IS NULL`,
          [garageId, id],
        );
        return (result.rowCount ?? 0) > 0;
      }),
  };
}
