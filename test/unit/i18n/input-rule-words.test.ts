// What the shared input rules say when they refuse a value, in the language of whoever asks: a
// service address, a plate, a tag, a language code, drive ids, a manual proxy and a telemetry
// template, in German from the German catalog and word for word the English they always said. The
// IPC edge's schemas refuse in the words main hands them (refuseIn).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlProblem } from '../../../electron/shared/base-url';
import { english } from '../../../electron/shared/i18n/english';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import {
  driveRangeProblem,
  languageProblem,
  parseDrives,
  plateProblem,
  tagProblem,
  timezoneProblem,
} from '../../../electron/shared/input-rules';
import { ARG_SCHEMAS } from '../../../electron/shared/ipc/schemas';
import { refuseIn } from '../../../electron/shared/ipc/schema-words';
import { parseProxyUrl, proxyUsernameProblem } from '../../../electron/shared/network-settings';
import { checkTemplate } from '../../../electron/shared/telemetry-template';
import { shareLinkProblem } from '../../../electron/shared/wire-access';
import { imageUrlProblem } from '../../../electron/main/api/images/network-policy';
import { explainLoadFailure } from '../../../electron/main/vault/keytar-loader';

describe('the shared input rules in German', () => {
  beforeAll(() => loadCatalog('de'));
  afterAll(() => refuseIn(english));
  const { t } = createTranslator({ language: 'de', formatLocale: 'de-DE' });

  it('refuse a service address, a plate, a tag and a language code in German', () => {
    expect(baseUrlProblem('', t)).toBe(
      'Geben Sie die Adresse des Dienstes ein, z. B. https://api.tessie.com',
    );
    expect(baseUrlProblem('http://example.com', t)).toMatch(/^Verwenden Sie https:\/\//);
    expect(baseUrlProblem('https://x'.padEnd(2049, 'x'), t)).toBe('Die Adresse ist länger als 2048 Zeichen');
    expect(plateProblem('AB_12', t)).toBe(
      'Das Kennzeichen darf „_“ nicht enthalten: verwenden Sie Buchstaben A–Z, Ziffern, Leerzeichen und Bindestriche',
    );
    expect(plateProblem('ABCDEFGHIJK', t)).toBe('Das Kennzeichen hat 11 Zeichen; höchstens 10');
    expect(tagProblem(' ', t)).toBe('Das Tag ist leer');
    expect(timezoneProblem('Berlin time', t)).toBe(
      'Die Zeitzone muss ein IANA-Name wie Europe/Berlin oder UTC sein',
    );
    expect(driveRangeProblem(2, 1, t)).toBe('„from“ darf nicht nach „to“ liegen');
    expect(driveRangeProblem(2, 1)).toBe('from must not be after to');
    expect(languageProblem('German', t)).toBe('Die Sprache muss ein Kürzel wie en, de, fr oder en-GB sein');
  });

  it('refuse drive ids, a proxy and a template in German', () => {
    expect(parseDrives('1,,2', t)).toEqual({
      ok: false,
      problem: 'Fahrten-ID 2 ist leer (prüfen Sie die Kommas)',
    });
    expect(parseDrives('7, 7', t)).toEqual({ ok: false, problem: 'Fahrten-ID 7 ist doppelt aufgeführt' });
    expect(parseProxyUrl('ftp://proxy:21', t)).toEqual({
      problem: 'Der Proxy muss eine http://- oder https://-Adresse sein, nicht ftp://',
    });
    expect(proxyUsernameProblem('a:b', t)).toBe(
      'Der Benutzername des Proxys darf keinen Doppelpunkt enthalten',
    );
    expect(checkTemplate({ name: '', fields: [] }, t)).toEqual({
      ok: false,
      problems: [
        'Der Name muss 1 bis 80 Zeichen lang sein',
        'Die Felder müssen Feldnamen auf {"interval_seconds": n} abbilden',
      ],
    });
  });

  it("refuse an invitation's link, an image URL and explain a keychain that did not load in German", () => {
    expect(shareLinkProblem('https://eviltesla.com/x', t)).toBe('er liegt nicht auf tesla.com');
    expect(shareLinkProblem('javascript:alert(1)', t)).toBe('er ist eine javascript:-Adresse, kein https');
    expect(imageUrlProblem('http://cdn.example/a.png', { allowLocal: false }, t)).toBe(
      'Bilder werden nur über https geladen',
    );
    expect(imageUrlProblem('https://192.168.1.5/a.png', { allowLocal: false }, t)).toBe(
      'Bilder werden nicht von diesem Rechner oder aus dem lokalen Netz geladen',
    );
    const missing = ['libsecret-1.so.0: cannot open shared object file: No such file or directory'];
    expect(explainLoadFailure(missing, 'linux', t)).toBe(
      'Das Schlüsselbund-Modul konnte nicht geladen werden: libsecret-1.so.0 fehlt. Installieren Sie es mit: sudo apt-get install libsecret-1-0 (Fedora: sudo dnf install libsecret).',
    );
    expect(explainLoadFailure(['boom'], 'win32', t)).toBe(
      'Das Schlüsselbund-Modul konnte nicht geladen werden (boom). Installieren Sie die App neu; für Entwickler: npm rebuild keytar.',
    );
  });

  it('say word for word the English they always said without a translator', () => {
    expect(baseUrlProblem('')).toBe('Enter the service address, e.g. https://api.tessie.com');
    expect(baseUrlProblem('https://x'.padEnd(2049, 'x'))).toBe('The address is longer than 2048 characters');
    expect(plateProblem('ABCDEFGHIJK')).toBe('Plate has 11 characters; at most 10');
    expect(parseDrives('x'.repeat(30))).toEqual({
      ok: false,
      problem: `Drive id "${'x'.repeat(24)}" is not a number`,
    });
    expect(parseDrives(Array.from({ length: 1001 }, (_, i) => String(i)).join(','))).toEqual({
      ok: false,
      problem: 'At most 1000 drives at once',
    });
    expect(checkTemplate({ name: 'T', fields: [] })).toEqual({
      ok: false,
      problems: ['fields must map field names to {"interval_seconds": n}'],
    });
    expect(shareLinkProblem('https://a:b@tesla.com/x')).toBe('it carries a user name or password');
    expect(imageUrlProblem('https://cdn.example/a.png?x'.padEnd(4097, 'x'), { allowLocal: false })).toBe(
      'The image URL is longer than 4096 characters',
    );
    const glib = ['libglib-2.0.so.0: cannot open shared object file'];
    expect(explainLoadFailure(glib, 'linux')).toBe(
      'The keychain module could not load: libglib-2.0.so.0 is missing. Install it with: sudo apt-get install libglib2.0-0.',
    );
    expect(explainLoadFailure([], 'linux')).toBe(
      'The keychain module could not load (unknown error). Install libsecret (sudo apt-get install libsecret-1-0) and reinstall the app; developers: npm rebuild keytar.',
    );
    expect(checkTemplate({ name: 'T', fields: {}, notes: 'n'.repeat(2001) })).toMatchObject({
      problems: ['notes must be at most 2000 characters', expect.stringMatching(/^A template needs/)],
    });
  });

  it('refuse at the IPC edge in the words main hands the schemas', () => {
    refuseIn(t);
    const plate = ARG_SCHEMAS['vehicles.setPlate'].safeParse(['5YJ3E1EB5KF000001', { plate: '-AB' }]);
    expect(plate.success ? null : plate.error.issues[0]?.message).toBe(
      'Das Kennzeichen darf nicht mit einem Bindestrich beginnen',
    );
    const tag = ARG_SCHEMAS['vehicles.setDriveTag'].safeParse([
      '5YJ3E1EB5KF000001',
      { drives: '1', tag: '' },
    ]);
    expect(tag.success ? null : tag.error.issues.map((issue) => issue.message)).toEqual(['Das Tag ist leer']);
    refuseIn(english);
    const english_ = ARG_SCHEMAS['vehicles.setPlate'].safeParse(['5YJ3E1EB5KF000001', { plate: '-AB' }]);
    expect(english_.success ? null : english_.error.issues[0]?.message).toBe(
      'Plate may not start with a dash',
    );
  });
});
