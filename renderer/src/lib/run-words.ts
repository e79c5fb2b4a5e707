// How a run stands, in the window's language and digits. Main's snapshot carries the same sentence
// in English for its records; the window words it again from the counts and items, so it follows
// the language the technician reads and changes with it.
import { runSummary } from '../../../electron/shared/run-summary';
import type { RunSnapshot } from '../../../electron/shared/runs';
import { formatCount } from './format';
import { t } from './i18n.svelte';

export function runSummaryText(run: RunSnapshot): string {
  return runSummary(run.kind, run.state, run.counts, run.items, run.stoppedBecause, t, formatCount);
}
