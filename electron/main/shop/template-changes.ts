// Template changes made in shop mode travel in the audit outbox, as garage changes do: the entry
// records who saved or removed which shop template when (a template belongs to the garage, not to
// a car, so its vin is empty), it is durable on disk before the save answers, and the change is
// applied to the shop's templates in the transaction that inserts the entry, only when that insert
// is new. An upload repeated after a crash applies nothing twice (the entry's id decides).
//
// Two technicians changing one template (one of them away from the database): the change made
// LAST wins, by the time each was made on its machine (capped at the server's clock, so a machine
// whose clock runs ahead cannot hold a template for ever), whatever order they reach the shop in.
// An older change arriving late is kept in the shop's log but leaves the template as it is; a save
// older than the template's removal does not bring it back. Equal times: the later upload wins.
import type { ClientBase } from 'pg';
import { checkTemplate, type TelemetryTemplate } from '../../shared/telemetry-template';
import { storableJson } from '../../shared/storable-text';

export type TemplateChange = { kind: 'save'; template: TelemetryTemplate } | { kind: 'remove'; name: string };

export const SAVE_TEMPLATE = 'saveTemplate';
export const REMOVE_TEMPLATE = 'removeTemplate';

interface ChangeEntry {
  id: string;
  time: string;
  technician: string;
  template?: unknown;
}

const key = (name: string) => name.trim().toLocaleLowerCase('en');

/** The template change an entry carries, when it is a well-formed one (the file may be old or damaged). */
export function templateChangeOf(entry: ChangeEntry): TemplateChange | null {
  const change = entry.template as { kind?: unknown; template?: unknown; name?: unknown } | null | undefined;
  if (!change || typeof change !== 'object') return null;
  if (change.kind === 'remove')
    return typeof change.name === 'string' && change.name.trim() !== ''
      ? { kind: 'remove', name: change.name.trim() }
      : null;
  if (change.kind !== 'save') return null;
  const checked = checkTemplate(change.template);
  return checked.ok ? { kind: 'save', template: checked.value } : null;
}

/** The templates as they will be once these waiting changes reach the shop, in their order. */
export function withTemplateChanges(
  templates: readonly TelemetryTemplate[],
  entries: readonly ChangeEntry[],
): TelemetryTemplate[] {
  const byName = new Map(templates.map((template) => [key(template.name), template]));
  for (const entry of entries) {
    const change = templateChangeOf(entry);
    if (change?.kind === 'save') byName.set(key(change.template.name), change.template);
    else if (change?.kind === 'remove') byName.delete(key(change.name));
  }
  return [...byName.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, template]) => template);
}

/**
 * Applies, in order, the template changes of the entries this transaction inserted (`inserted`),
 * each only if it is not older than the template's last change (see the rule above).
 */
export async function applyTemplateChanges(
  client: ClientBase,
  garageId: string,
  entries: readonly ChangeEntry[],
  inserted: ReadonlySet<string>,
): Promise<number> {
  let applied = 0;
  for (const entry of entries) {
    const change = templateChangeOf(entry);
    if (!change || !inserted.has(entry.id)) continue;
    const result =
      change.kind === 'save'
        ? await client.query(
            `INSERT INTO telemetry_templates (id, garage_id, name, fields, notes, created_by, changed_at)
             VALUES ($1, $2, $3, $4, $5, $6, least($7::timestamptz, now()))
             ON CONFLICT (garage_id, lower(name)) DO UPDATE SET name = EXCLUDED.name,
               fields = EXCLUDED.fields, notes = EXCLUDED.notes, removed_at = NULL, removed_by = NULL,
               changed_at = EXCLUDED.changed_at
               WHERE telemetry_templates.changed_at <= EXCLUDED.changed_at`,
            [
              entry.id,
              garageId,
              change.template.name,
              storableJson(change.template.fields),
              change.template.notes,
              entry.technician,
              entry.time,
            ],
          )
        : await client.query(
            `UPDATE telemetry_templates SET removed_at = now(), removed_by = $3,
               changed_at = least($4::timestamptz, now())
              WHERE garage_id = $1 AND lower(name) = lower($2) AND removed_at IS NULL
                AND changed_at <= least($4::timestamptz, now())`,
            [garageId, change.name, entry.technician, entry.time],
          );
    applied += result.rowCount ?? 0;
  }
  return applied;
}
