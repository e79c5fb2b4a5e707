// A run's results export titles its columns and words its own cells in main's language, German
// included; times, numbers and ids stay as machines read them, and the file keeps its byte order
// mark and the separator of the region.
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { speak } from '../../../electron/main/i18n/main-words';
import { RUN_CSV_COLUMNS, runResultsCsv } from '../../../electron/main/runs/run-export';
import { parseCsv } from '../audit/parse-csv';
import { bulkRunSnapshot } from './run-fixture';

afterEach(() => speak({ language: 'en', formatLocale: undefined }));

const run = bulkRunSnapshot('run-1', ['5YJ3E1EA7KF317000', '5YJ3E1EA7KF317001'], (snap) => {
  Object.assign(snap.items[0]!, { status: 'skipped', skipReason: 'offline', message: null });
  Object.assign(snap.items[1]!, { status: 'failed', errorKind: 'network', message: null, durationMs: 1234 });
});

describe("a run's results CSV", () => {
  it('keeps its English column titles and words', () => {
    const csv = runResultsCsv(run);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, skipped, failed] = parseCsv(csv.slice(1));
    expect(header).toEqual([...RUN_CSV_COLUMNS]);
    expect(skipped![RUN_CSV_COLUMNS.indexOf('Outcome')]).toBe('Skipped');
    expect(failed![RUN_CSV_COLUMNS.indexOf('Reason')]).toBe('error: network');
  });

  it('titles its columns and words its cells in German when main speaks German', async () => {
    await loadCatalog('de');
    speak({ language: 'de', formatLocale: 'de-DE' });
    const csv = runResultsCsv(run, undefined, { separator: ';' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, skipped, failed] = parseCsv(csv.slice(1), ';');
    expect(header!.slice(0, 4)).toEqual(['Ortszeit', 'UTC-Zeit', 'Profil', 'Fahrzeug']);
    expect(header).toHaveLength(RUN_CSV_COLUMNS.length);
    expect(skipped![RUN_CSV_COLUMNS.indexOf('Outcome')]).toBe('Übersprungen');
    expect(failed![RUN_CSV_COLUMNS.indexOf('Outcome')]).toBe('Fehlgeschlagen (Fehler)');
    expect(failed![RUN_CSV_COLUMNS.indexOf('Reason')]).toBe('Fehler: network');
    // Numbers and ids as machines read them, whatever the language.
    expect(failed![RUN_CSV_COLUMNS.indexOf('Duration (ms)')]).toBe('1234');
    expect(failed![RUN_CSV_COLUMNS.indexOf('Run')]).toBe('run-1');
  });
});
