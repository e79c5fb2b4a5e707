// A record file checked against the log is answered in main's language: in German when main speaks
// German, with the part of the job that differs and the plural of the entries matched said in it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { speak } from '../../../electron/main/i18n/main-words';
import { verifyRecordText, type VerifyDeps } from '../../../electron/main/jobs/job-verify';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../../electron/shared/i18n/translator';

const deps: VerifyDeps = {
  keptJob: () => Promise.resolve(null),
  entriesOf: () => Promise.resolve({ entries: [], shop: null }),
};

describe('verifying a record file in German', () => {
  beforeAll(() => loadCatalog('de'));
  afterEach(() => speak({ language: 'en', formatLocale: undefined }));

  it('says why a file is not verified', async () => {
    speak({ language: 'de', formatLocale: 'de-DE' });
    expect(await verifyRecordText('not json', deps)).toEqual({
      ok: false,
      problem: 'unreadable',
      text: 'Nicht verifiziert: Die Datei ist kein Auftragsprotokoll (kein JSON).',
    });
    expect((await verifyRecordText('{"a":1,"a":2}', deps)).text).toBe(
      'Nicht verifiziert: Die Datei nennt „a“ zweimal in einem Objekt; ein Auftragsprotokoll tut das nie, und Leseprogramme werten verschieden, welcher Wert gilt.',
    );
    expect((await verifyRecordText('{"kind":"something else"}', deps)).text).toBe(
      'Nicht verifiziert: Die Datei ist kein Auftragsprotokoll einer Version, die diese App kennt.',
    );
  });

  it('says it in English, word for word, when main speaks English', async () => {
    expect((await verifyRecordText('not json', deps)).text).toBe(
      'Not verified: the file is not a job record (not JSON).',
    );
  });

  it("counts the entries matched by the language's plural, and names the part of the job that differs", () => {
    const de = createTranslator({ language: 'de', formatLocale: 'de-DE' }).t;
    const en = createTranslator({ language: 'en', formatLocale: 'en-US' }).t;
    expect(de('jobVerify.matched', { count: 1 })).toBe('Die Datei stimmt mit 1 Protokolleintrag überein.');
    expect(de('jobVerify.matched', { count: 2 })).toBe('Die Datei stimmt mit 2 Protokolleinträgen überein.');
    expect(en('jobVerify.matched', { count: 1 })).toBe('the record matches 1 audit entry.');
    expect(de('jobVerify.part', { part: 'effect', entry: 'e7' })).toBe('die Wirkung von Eintrag e7');
    expect(en('jobVerify.part', { part: 'repairOrder', entry: '' })).toBe('its repair order');
  });
});
