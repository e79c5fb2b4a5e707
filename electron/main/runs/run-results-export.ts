// Exports a run's results to a file the technician picks, like the audit export: main asks where
// (a save dialog in the app, injected so tests can answer it) and writes the CSV there; the
// renderer never holds it. Works for any kept run, also after a restart.
import { tm } from '../i18n/main-words';
import { AppError } from '../../shared/result';
import type { RunExportResult } from '../../shared/ipc/operations';
import type { RunManager } from './run-manager';
import type { CsvDialect } from '../audit/audit-csv';

/** Asks where to save; the chosen path, or null when the technician cancelled. */
export type ChooseRunFile = (suggestedName: string) => Promise<string | null>;

export function createRunResultsExport(options: {
  runs: RunManager;
  chooseSaveFile?: ChooseRunFile;
  /** The spreadsheet dialect of the technician's region (audit/audit-csv.ts). */
  csvDialect?: CsvDialect;
}) {
  return {
    async toFile(id: string): Promise<RunExportResult> {
      const run = options.runs.get(id);
      const choose = options.chooseSaveFile;
      if (!choose) throw new AppError('internal', tm('errors.noSaving'));
      const name = `vehicle-garage-run-${run.startedAt.slice(0, 10)}-${run.kind}-${run.id.slice(0, 8)}.csv`;
      const path = await choose(name);
      if (path === null) return { cancelled: true };
      const rows = await options.runs.exportResults(id, path, options.csvDialect);
      return { cancelled: false, path, rows };
    },
  };
}
