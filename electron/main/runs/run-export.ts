// A run's results as CSV in the audit export's one column set: a vehicle that was sent has its audit
// entry's id, outcome and time, and the effect read back from the car; one that was not says so
// ("Not sent", "Skipped") with why. Every row names the run.
import { actionText, outcomeText, valuesText } from '../../shared/audit-words';
import type { RunItem, RunSnapshot } from '../../shared/runs';
import {
  AUDIT_CSV_COLUMNS,
  auditCsvHeader,
  COMMA_CSV,
  CSV_BOM,
  csvLine,
  localTimeText,
  type CsvDialect,
  type VehicleNames,
} from '../audit/audit-csv';
import { commandParams } from '../services/vehicle-writes';
import { tm } from '../i18n/main-words';

export const RUN_CSV_COLUMNS = AUDIT_CSV_COLUMNS;

function outcomeOf(item: RunItem): string {
  switch (item.status) {
    case 'succeeded':
      return outcomeText('success', tm);
    case 'failed':
      // The service answered "did not do it" (no error kind) or the send itself failed.
      return outcomeText(item.errorKind === null ? 'failed' : 'error', tm);
    case 'skipped':
      return tm('csvColumn.skipped');
    default:
      return tm('outcome.notSent');
  }
}

export function runResultsCsv(
  run: RunSnapshot,
  names: (vin: string) => VehicleNames | undefined = () => undefined,
  dialect: CsvDialect = COMMA_CSV,
): string {
  const operation = run.command ? `command:${run.command.name}` : 'refresh';
  const params = run.command ? commandParams(run.command.name, run.command.options) : {};
  let text = CSV_BOM + auditCsvHeader(dialect);
  for (const item of run.items) {
    const known = names(item.vin);
    const cells: Record<(typeof RUN_CSV_COLUMNS)[number], string | number | null> = {
      'Local time': item.at ? localTimeText(item.at) : null,
      'UTC time': item.at,
      Profile: run.profileName,
      Vehicle: known?.nickname ?? null,
      VIN: item.vin,
      Plate: known?.plate ?? null,
      Model: known?.model ?? null,
      Action: run.command ? actionText(operation, tm) : run.title,
      Values: run.command ? valuesText(operation, params, tm) : '',
      Outcome: outcomeOf(item),
      'Confirmed effect': item.effect?.text ?? null,
      Reason: item.message ?? (item.errorKind ? tm('csvColumn.errorKind', { kind: item.errorKind }) : null),
      'Duration (ms)': item.durationMs,
      Run: run.id,
      Operation: operation,
      'Profile id': run.profileId,
      'Entry id': item.auditId,
    };
    text += csvLine(
      RUN_CSV_COLUMNS.map((column) => cells[column]),
      dialect,
    );
  }
  return text;
}
