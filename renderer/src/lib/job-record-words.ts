// A job's record in the window's words: the Job tab says the readings, effects, changes and
// warnings from the record's values (shared/jobs/record-words.ts), as the PDF does in main's.
import type { CloseWarning, Snapshot } from '../../../electron/shared/jobs/job-record';
import { warningWords, type RecordWords } from '../../../electron/shared/jobs/record-words';
import { formatLocale, t } from './i18n.svelte';
import { technicianUnits } from './units';

/** The window's words and locale, read at each call so a change of language shows at once. */
export function recordWords(): RecordWords {
  return {
    t,
    formatLocale: formatLocale(),
    units: technicianUnits(),
  };
}

/**
 * A warning in the window's words: a close waiting for confirmation answers a limit's numbers
 * beside it; a closed job's warnings are said from its check-out.
 */
export function warningText(warning: CloseWarning, checkOut: Snapshot | null): string {
  return warningWords(warning, checkOut, recordWords());
}
