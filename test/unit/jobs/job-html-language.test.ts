// The record's page speaks main's language and writes dates and numbers as the region does, while
// the record it is printed from (and attaches) keeps the English its digest covers.
import { beforeAll, describe, expect, it } from 'vitest';
import { changesBetween, warningsBetween } from '../../../electron/main/jobs/job-changes';
import { effectFromState } from '../../../electron/main/jobs/job-effects';
import { jobHtml } from '../../../electron/main/jobs/job-html';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { en } from '../../../electron/shared/i18n/en';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import type { JobRecord } from '../../../electron/shared/jobs/job-record';
import { auditEntry, jobFixture, recordFixture, stateAnswer } from '../../support/job-fixture';

/** A record whose changes and warnings follow from its snapshots, with effects main worded. */
function fullRecord(): JobRecord {
  const job = jobFixture({ checkOut: jobFixture().checkOut, acknowledged: [] });
  const record = recordFixture(0, job);
  const confirmed = auditEntry(0);
  const mismatch = auditEntry(1, { params: { percent: 95, waitForCompletion: true } });
  const refused = auditEntry(2, { outcome: 'failed', reason: 'not_supported' });
  const at = Date.parse('2026-11-25T10:05:07.000Z');
  record.actions = [
    { entry: confirmed, effect: effectFromState(confirmed, 80, { state: stateAnswer({ chargeLimit: 90 }) }) },
    {
      entry: mismatch,
      effect: effectFromState(mismatch, 90, { state: stateAnswer({ chargeLimit: 90, at }) }),
    },
    { entry: refused, effect: effectFromState(refused, null, { reason: 'unused' }) },
  ];
  record.changes = changesBetween(job.checkIn, job.checkOut!);
  record.warnings = warningsBetween(job.checkIn, job.checkOut!);
  record.digest = { ...record.digest, entries: 3 };
  return record;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the repair-order page in German', () => {
  beforeAll(() => loadCatalog('de'));

  it('has German headings, labels and sentences, with German dates and numbers', () => {
    const words = createTranslator({ language: 'de', formatLocale: 'de-DE' });
    const record = fullRecord();
    const html = jobHtml(record, { words });
    const page = text(html);
    expect(html).toContain('<html lang="de">');
    for (const heading of [
      'Auftrag RO-4711',
      'Das Fahrzeug bei Annahme und bei Übergabe',
      'Änderungen',
      'Anders als bei der Annahme hinterlassen',
      'Aktionen (3)',
      'Notizen',
      'Verlauf',
      'Prüfsumme',
    ])
      expect(html).toContain(`>${heading}</h`);
    expect(page).toContain('Auftragsnummer');
    expect(page).toContain('Kilometerstand 12.034,5 mi');
    expect(page).toContain('25.11.2026, 10:00:00 UTC – 25.11.2026, 11:00:00 UTC');
    expect(page).toContain('Ladelimit: 80 % → 90 %');
    expect(page).toContain('Der Valet-Modus ist an; bei der Annahme war er aus.');
    expect(page).toContain('Ladelimit 80 → 90 %, bestätigt 10:00:00 UTC');
    expect(page).toContain('nicht bestätigt: das Fahrzeug meldet Ladelimit 90 % (Stand 10:05:07 UTC)');
    expect(page).toContain('nicht ausgeführt: not_supported');
    expect(page).toContain('SHA-256 über die 3 Protokolleinträge oben:');
    expect(page).toContain('10:00:00 UTC: eröffnet von Dana Reyes');
  });

  it('leaves no English heading or label of the page behind', () => {
    const german = text(
      jobHtml(fullRecord(), { words: createTranslator({ language: 'de', formatLocale: 'de-DE' }) }),
    );
    const english = [
      en['record.snapshots'],
      en['record.changes'],
      en['record.notes'],
      en['record.history'],
      en['record.checkIn'],
      en['record.effect'],
      en['record.technician'],
      en['reading.chargeLimit'],
      en['warning.valet'],
      'confirmed',
      'not done',
    ];
    expect(english.filter((words) => german.includes(words))).toEqual([]);
  });

  it('says the same record in English as main wrote it, the record itself unchanged', () => {
    const record = fullRecord();
    const before = JSON.stringify(record);
    const page = text(
      jobHtml(record, { words: createTranslator({ language: 'en', formatLocale: undefined }) }),
    );
    for (const { effect } of record.actions) expect(page).toContain(effect.text);
    for (const warning of record.warnings) expect(page).toContain(warning.text);
    for (const change of record.changes)
      expect(page).toContain(`${change.label}: ${change.before} → ${change.after}`);
    expect(JSON.stringify(record)).toBe(before);
  });
});
