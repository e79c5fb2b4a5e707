// A run's state in one sentence ("Cancelled: 5 sent, 4 not sent, 1 skipped (offline)"), said by
// main in its records and by the window in its own language (electron/shared/run-summary.ts).
export const runSummary = {
  'runSummary.reached': '{count} {read, select, yes {read} other {sent}}',
  'runSummary.reachedFailed': '{count} {read, select, yes {read} other {sent}} ({failed} failed)',
  'runSummary.unknown': '{count} outcome unknown',
  'runSummary.notSent': '{count} {read, select, yes {not read} other {not sent}}',
  'runSummary.skipped': '{count} skipped ({reasons})',
  'runSummary.reasonCount': '{count} {reason}',
  'runSummary.reason':
    '{reason, select, offline {offline} claimed {claimed} out_of_range {out of range} not_supported {not supported} not_sendable {not sendable} already_matching {already matching} other {{code}}}',
  'runSummary.running': '{read, select, yes {Reading} other {Sending}}: {finished} of {total} finished',
  'runSummary.runningUnderWay':
    '{read, select, yes {Reading} other {Sending}}: {finished} of {total} finished, {underWay} under way',
  'runSummary.cancelling':
    '{read, select, yes {Cancelling: no new reads; waiting for {n, plural, one {# read} other {# reads}} under way} other {Cancelling: no new sends; waiting for {n, plural, one {# send} other {# sends}} under way}}',
  'runSummary.succeeded': '{count} {read, select, yes {refreshed} other {succeeded}}',
  'runSummary.failed': '{count} failed',
  'runSummary.completed': 'Completed: {parts}',
  'runSummary.cancelled': 'Cancelled: {parts}',
  'runSummary.interrupted': 'Stopped when the app quit: {parts}',
  'runSummary.stopped': 'Stopped. {parts}',
  'runSummary.stoppedBecause': 'Stopped: {because}. {parts}',
};
