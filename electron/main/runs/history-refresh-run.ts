// A whole-garage history refresh: each car's history reads (battery health over the last year,
// charging sessions, parked periods, firmware alerts) asked of the service again, with the options
// the car's views ask, so the offline cache holds what they show. These read what the service keeps
// and never wake a car. Paced as "Refresh garage" is (refreshRun): as many at once, behind the
// client's pacer and the manager's waits after a 429; a car's reads under way at a cancel finish.
import { HISTORY_READS, historyReadOptions } from '../../shared/history-reads';
import { refreshRun } from './garage-refresh-run';
import type { RunKindSpec } from './run-kind';

export function historyRefreshRun(): RunKindSpec {
  return refreshRun(async ({ ctx, work, vin, now }) => {
    for (const name of HISTORY_READS) {
      const read = await work.historyRead(ctx, vin, name, historyReadOptions(name, now().getTime()));
      if (read.stale) return read;
    }
    return null;
  });
}
