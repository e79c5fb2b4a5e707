// The `TemplateStore` port over the shop's database: in shop mode every technician of the garage
// sees and edits the same templates, live (each change NOTIFYs; see the templates-live migration). Names are the key,
// compared case-insensitively as the local file does; a removal marks the row, so saving the same
// name again brings it back as new. Every row is checked with the same rules as a file's on the way
// in and out: a row another program wrote badly is left out, never shown half-valid.
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { AppError } from '../../shared/result';
import { tm } from '../i18n/main-words';
import { checkTemplate, type TelemetryTemplate } from '../../shared/telemetry-template';
import type { TemplateStore } from '../storage/template-store';
import { toShopError } from './errors';
import { storableJson } from '../../shared/storable-text';

export interface ShopTemplateTarget {
  pool: Pool;
  garageId: string;
  /** Who saves or removes, as the shop records it. */
  technician: string;
}

interface Row {
  name: string;
  fields: unknown;
  notes: string | null;
}

export function createShopTemplateStore(options: {
  /** The connected database, or throws (the shop is offline) */
  target: () => ShopTemplateTarget;
  onProblem?: (message: string, error: unknown) => void;
}): TemplateStore {
  const onProblem = options.onProblem ?? (() => {});
  const guard = async <T>(task: (target: ShopTemplateTarget) => Promise<T>): Promise<T> => {
    const target = options.target();
    try {
      return await task(target);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw toShopError(error);
    }
  };
  return {
    list: () =>
      guard(async ({ pool, garageId }) => {
        const result = await pool.query<Row>(
          `SELECT name, fields, notes FROM telemetry_templates
            WHERE garage_id = $1 AND removed_at IS NULL ORDER BY lower(name)`,
          [garageId],
        );
        const templates: TelemetryTemplate[] = [];
        for (const row of result.rows) {
          const checked = checkTemplate({ name: row.name, fields: row.fields, notes: row.notes ?? '' });
          if (checked.ok) templates.push(checked.value);
          else onProblem(`A shop template is left out: ${checked.problems.join('; ')}`, null);
        }
        return templates;
      }),

    save: (template) =>
      guard(async ({ pool, garageId, technician }) => {
        const checked = checkTemplate(template);
        if (!checked.ok) throw new AppError('invalid_input', checked.problems.join('; '));
        const { name, fields, notes } = checked.value;
        await pool.query(
          `INSERT INTO telemetry_templates (id, garage_id, name, fields, notes, created_by)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (garage_id, lower(name)) DO UPDATE SET name = EXCLUDED.name,
             fields = EXCLUDED.fields, notes = EXCLUDED.notes, removed_at = NULL, removed_by = NULL,
             changed_at = now()`,
          [randomUUID(), garageId, name, storableJson(fields), notes, technician],
        );
        return checked.value;
      }),

    remove: (name) =>
      guard(async ({ pool, garageId, technician }) => {
        const result = await pool.query(
          `UPDATE telemetry_templates SET removed_at = now(), removed_by = $3, changed_at = now()
            WHERE garage_id = $1 AND lower(name) = lower($2) AND removed_at IS NULL`,
          [garageId, name.trim(), technician],
        );
        if (result.rowCount === 0) {
          throw new AppError('not_found', tm('errors.noTemplateNamed', { name: name.slice(0, 80) }));
        }
      }),
  };
}
