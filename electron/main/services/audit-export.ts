// Exports the audit log to a file the technician picks: main asks where (a save dialog in the app,
// injected so tests can answer it), then streams the CSV there; the renderer never holds the CSV.
// One export at a time: a second ask while one runs (or while its dialog is open) is refused.
import { AppError } from '../../shared/result';
import type { AuditExportResult } from '../../shared/types';
import type { CsvDialect, VehicleLookup } from '../audit/audit-csv';
import type { AuditFilter, AuditLog } from '../audit/audit-log';
import { tm } from '../i18n/main-words';

/** Asks where to save; the chosen path, or null when the technician cancelled. */
export type ChooseSaveFile = (suggestedName: string) => Promise<string | null>;

export interface AuditExportOptions {
  audit: AuditLog;
  chooseSaveFile?: ChooseSaveFile;
  now: () => Date;
  /** Names each vehicle (nickname, plate, model) as its profile's garage knows it, read once per export. */
  vehicleNames?: () => Promise<VehicleLookup>;
  /** The spreadsheet dialect of the technician's region (audit/audit-csv.ts). */
  csvDialect?: CsvDialect;
}

export function createAuditExport(options: AuditExportOptions) {
  let running = false;

  function suggestedName(filter: AuditFilter): string {
    const parts = ['vehicle-garage-audit'];
    if (filter.vin) parts.push(filter.vin);
    if (filter.from || filter.to)
      parts.push(`${filter.from?.slice(0, 10) ?? 'start'}_${filter.to?.slice(0, 10) ?? 'now'}`);
    else parts.push(options.now().toISOString().slice(0, 10));
    return `${parts.join('-')}.csv`;
  }

  return {
    async toFile(filter: AuditFilter = {}): Promise<AuditExportResult> {
      if (running) throw new AppError('busy', tm('errors.logExportRunning'));
      const choose = options.chooseSaveFile;
      if (!choose) throw new AppError('internal', tm('errors.noSaving'));
      running = true;
      try {
        const path = await choose(suggestedName(filter));
        if (path === null) return { cancelled: true };
        const names = await options.vehicleNames?.();
        const entries = await options.audit.exportCsvToFile(path, filter, names, options.csvDialect);
        return { cancelled: false, path, entries };
      } finally {
        running = false;
      }
    },
  };
}
