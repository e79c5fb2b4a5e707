// A run's results as CSV, in the audit export's columns and order, then the run's id and the effect
// read back from the car: a vehicle that was sent has its audit entry's id, outcome and time; one
// that was not says so ('not-sent', 'skipped') with why.
import { AUDIT_CSV_COLUMNS, csvCell } from '../audit/audit-csv';
import type { RunItem, RunSnapshot } from '../../shared/runs';

export const RUN_CSV_COLUMNS = [...AUDIT_CSV_COLUMNS, 'runId', 'effect'] as const;
import { commandParams } from '../services/vehicle-writes';

function outcomeOf(item: RunItem): string {
  switch (item.status) {
    case 'succeeded':
      return 'success';
    case 'failed':
      // The service answered "did not do it" (no error kind) or the send itself failed.
      return item.errorKind === null ? 'failed' : 'error';
    case 'skipped':
      return 'skipped';
    default:
      return 'not-sent';
  }
}

export function runResultsCsv(run: RunSnapshot): string {
  const operation = run.command ? `command:${run.command.name}` : 'refresh';
  const params = run.command ? JSON.stringify(commandParams(run.command.name, run.command.options)) : '';
  const lines = [RUN_CSV_COLUMNS.map(csvCell).join(',')];
  for (const item of run.items) {
    const cells: Record<(typeof RUN_CSV_COLUMNS)[number], string | number | null> = {
      time: item.at,
      profile: run.profileName,
      profileId: run.profileId,
      vin: item.vin,
      operation,
      params,
      outcome: outcomeOf(item),
      reason: item.message,
      errorKind: item.errorKind,
      durationMs: item.durationMs,
      id: item.auditId,
      runId: run.id,
      effect: item.effect?.text ?? null,
    };
    lines.push(RUN_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
