import type { runSummary as en } from '../en/run-summary';

export const runSummary = {
  'runSummary.reached': '{count} {read, select, yes {gelesen} other {gesendet}}',
  'runSummary.reachedFailed':
    '{count} {read, select, yes {gelesen} other {gesendet}} ({failed} fehlgeschlagen)',
  'runSummary.unknown': '{count} mit unbekanntem Ergebnis',
  'runSummary.notSent': '{count} {read, select, yes {nicht gelesen} other {nicht gesendet}}',
  'runSummary.skipped': '{count} übersprungen ({reasons})',
  'runSummary.reasonCount': '{count} {reason}',
  'runSummary.reason':
    '{reason, select, offline {offline} claimed {übernommen} out_of_range {außerhalb des Bereichs} not_supported {nicht unterstützt} not_sendable {nicht sendbar} already_matching {entspricht bereits} other {{code}}}',
  'runSummary.running': '{read, select, yes {Lesen} other {Senden}}: {finished} von {total} fertig',
  'runSummary.runningUnderWay':
    '{read, select, yes {Lesen} other {Senden}}: {finished} von {total} fertig, {underWay} in Arbeit',
  'runSummary.cancelling':
    '{read, select, yes {Wird abgebrochen: keine neuen Lesevorgänge; warten auf {n, plural, one {# laufenden Lesevorgang} other {# laufende Lesevorgänge}}} other {Wird abgebrochen: keine neuen Sendungen; warten auf {n, plural, one {# laufende Sendung} other {# laufende Sendungen}}}}',
  'runSummary.succeeded': '{count} {read, select, yes {aktualisiert} other {erfolgreich}}',
  'runSummary.failed': '{count} fehlgeschlagen',
  'runSummary.completed': 'Abgeschlossen: {parts}',
  'runSummary.cancelled': 'Abgebrochen: {parts}',
  'runSummary.interrupted': 'Beim Beenden der App angehalten: {parts}',
  'runSummary.stopped': 'Angehalten. {parts}',
  'runSummary.stoppedBecause': 'Angehalten: {because}. {parts}',
} satisfies Record<keyof typeof en, string>;
