// The rows of a telemetry fields editor (a vehicle's configuration, a template): each a field name and
// its interval as typed, checked with the one set of rules main and the service apply (known names
// only with the closest suggested, whole seconds of at least 1), plus a name listed twice.
import {
  fieldProblems,
  fieldWarnings,
  type FieldProblem,
  type FieldWarning,
  type TelemetryFields,
} from '../../../electron/shared/telemetry-rules';
import { t } from './i18n.svelte';

export interface FieldRow {
  key: number;
  name: string;
  interval: number | null;
}

let next = 0;

export const newRow = (name = '', interval: number | null = 60): FieldRow => ({
  key: next++,
  name,
  interval,
});

/** Rows for a set of fields, by name. */
export const rowsOf = (fields: TelemetryFields): FieldRow[] =>
  Object.entries(fields)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, v]) => newRow(name, v.interval_seconds));

export interface RowsCheck {
  /** The fields as typed (an empty interval is NaN, so it is refused). */
  draft: TelemetryFields;
  problems: FieldProblem[];
  /** A name listed twice, or null. */
  duplicate: string | null;
  warnings: FieldWarning[];
  /** At least one field, none refused, none twice. */
  valid: boolean;
}

export function checkRows(rows: readonly FieldRow[]): RowsCheck {
  const draft: TelemetryFields = Object.fromEntries(
    rows.map((r) => [r.name.trim(), { interval_seconds: r.interval ?? Number.NaN }]),
  );
  const problems = fieldProblems(draft, t);
  const names = rows.map((r) => r.name.trim());
  const duplicate = names.find((name, i) => name !== '' && names.indexOf(name) !== i) ?? null;
  return {
    draft,
    problems,
    duplicate,
    warnings: fieldWarnings(draft),
    valid: rows.length > 0 && problems.length === 0 && duplicate === null,
  };
}
