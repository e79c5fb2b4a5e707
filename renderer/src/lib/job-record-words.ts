// A job's record in the window's words: the Job tab says the readings, effects, changes and
// warnings from the record's values (shared/jobs/record-words.ts), as the PDF does in main's.
import type { JobWarning, Snapshot } from '../../../electron/shared/jobs/job-record';
import { warningWords, type RecordWords } from '../../../electron/shared/jobs/record-words';
import { formatLocale, t } from './i18n.svelte';
import { distanceUnit } from './units';

/** The window's words, locale and distance unit, read at each call so a change shows at once. */
export function recordWords(): RecordWords {
  return { t, formatLocale: formatLocale(), distance: distanceUnit() };
}

/** "The charge limit is 90 %; …": the value a limit warning says the car is left with. */
const LEFT_WITH = /\bis (\d+(?:\.\d+)?) (?:%|mph);/;

/**
 * A warning in the window's words. While a close waits for confirmation the check-out it was taken
 * from is not kept yet, so the value the car is left with is read from the warning's own record
 * text, which main writes in one fixed form.
 */
export function warningText(warning: JobWarning, checkOut: Snapshot | null): string {
  const words = recordWords();
  const was = warning.undo?.value ?? null;
  const now = checkOut ? undefined : LEFT_WITH.exec(warning.text)?.[1];
  if (now === undefined || was === null) return warningWords(warning, checkOut, words);
  if (warning.id === 'chargeLimit') return t('warning.chargeLimit', { now: Number(now), was });
  if (warning.id === 'speedLimit') return t('warning.speedLimit', { now: Number(now), was });
  return warningWords(warning, checkOut, words);
}
