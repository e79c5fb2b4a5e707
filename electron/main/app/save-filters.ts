// The save dialog's file type filter for a suggested file name: the audit's CSV, a job record's JSON
// or PDF. Anything else gets "All files" rather than a wrong type. File formats are named as they
// are everywhere (CSV, JSON, PDF).
import { tm } from '../i18n/main-words';

const FILTERS: Record<string, { name: string; extensions: string[] }> = {
  csv: { name: 'CSV', extensions: ['csv'] },
  json: { name: 'JSON', extensions: ['json'] },
  pdf: { name: 'PDF', extensions: ['pdf'] },
};

export function saveFilterFor(suggestedName: string): { name: string; extensions: string[] } {
  const extension = /\.([a-z]+)$/i.exec(suggestedName)?.[1]?.toLowerCase() ?? '';
  return FILTERS[extension] ?? { name: tm('dialog.allFiles'), extensions: ['*'] };
}
