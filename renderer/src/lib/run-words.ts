// How a run stands, in the window's language and digits. Main's snapshot carries the same sentence
// in English for its records; the window words it again from the counts and items, so it follows
// the language the technician reads and changes with it.
import { bulkRunTitle } from '../../../electron/shared/command-outcome';
import { runSummary } from '../../../electron/shared/run-summary';
import type { RunSnapshot } from '../../../electron/shared/runs';
import { formatCount } from './format';
import { t } from './i18n.svelte';
import { technicianUnits } from './units';

export function runSummaryText(run: RunSnapshot): string {
  return runSummary(run.kind, run.state, run.counts, run.items, run.stoppedBecause, t, formatCount);
}

/**
 * A run's title as the window says it: a bulk command's again from its command, its value in the
 * technician's units (°F, km/h) where main's record says the service's; any other as main did.
 */
export function runTitleText(run: RunSnapshot): string {
  if (run.kind !== 'bulk-command' || !run.command) return run.title;
  return bulkRunTitle(run.command, run.items.length, run.retryOf !== null, t, technicianUnits());
}
