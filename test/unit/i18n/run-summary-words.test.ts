// A run's summary reads the same in main's English records as before, and in German for a German
// window, skip reasons included: the reasons travel as codes and are worded where they are shown.
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import { runSummary } from '../../../electron/shared/run-summary';
import { emptyCounts, type RunItem } from '../../../electron/shared/runs';

const items: Pick<RunItem, 'status' | 'skipReason'>[] = [
  ...Array.from({ length: 5 }, () => ({ status: 'succeeded' as const, skipReason: null })),
  ...Array.from({ length: 4 }, () => ({ status: 'not-sent' as const, skipReason: null })),
  { status: 'skipped', skipReason: 'offline' },
  { status: 'skipped', skipReason: 'out of range' },
];
const counts = { ...emptyCounts(), total: 11, succeeded: 5, notSent: 4, skipped: 2 };

describe('run summaries', () => {
  it('say in English what main has always said', () => {
    expect(runSummary('bulk-command', 'cancelled', counts, items, null)).toBe(
      'Cancelled: 5 sent, 4 not sent, 2 skipped (1 offline, 1 out of range)',
    );
    const big = { ...emptyCounts(), total: 1000, succeeded: 1000 };
    expect(runSummary('bulk-command', 'completed', big, [], null)).toBe(
      'Completed: 1000 succeeded, 0 failed',
    );
    expect(runSummary('garage-refresh', 'failed', counts, items.slice(0, 9), 'The token was refused.')).toBe(
      'Stopped: The token was refused. 5 read, 4 not read',
    );
  });

  it('say it in German, with the skip reasons and the counts in German', async () => {
    await loadCatalog('de');
    const { t } = createTranslator({ language: 'de', formatLocale: 'de-DE' });
    const digits = (n: number) => n.toLocaleString('de-DE');
    expect(runSummary('bulk-command', 'cancelled', counts, items, null, t, digits)).toBe(
      'Abgebrochen: 5 gesendet, 4 nicht gesendet, 2 übersprungen (1 offline, 1 außerhalb des Bereichs)',
    );
    const big = { ...emptyCounts(), total: 1000, succeeded: 1000 };
    expect(runSummary('bulk-command', 'completed', big, [], null, t, digits)).toBe(
      'Abgeschlossen: 1.000 erfolgreich, 0 fehlgeschlagen',
    );
    expect(
      runSummary(
        'template-rollout',
        'completed',
        { ...counts, notSent: 0 },
        [{ status: 'skipped', skipReason: 'already matching' }],
        null,
        t,
        digits,
      ),
    ).toBe('Abgeschlossen: 5 erfolgreich, 0 fehlgeschlagen, 1 übersprungen (entspricht bereits)');
  });
});
