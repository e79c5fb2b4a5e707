// Where a VIN says a car was built reads in the window's language: the country by Intl's names,
// the region from the catalogs; a country Intl has no code for here stays as decoded.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { english } from '../../../electron/shared/i18n/english';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import { decodeVin } from '../../../electron/shared/vin';
import { countryWords, regionWords } from '../../../electron/shared/vin-words';

describe("a VIN's country and region", () => {
  beforeAll(() => loadCatalog('de'));

  it('are said in German for a German reader', () => {
    const { t } = createTranslator({ language: 'de', formatLocale: 'de-DE' });
    const decoded = decodeVin('5YJ3E1EA2KF317000', 2026);
    expect(countryWords(decoded.country!, 'de-DE')).toBe('Vereinigte Staaten');
    expect(regionWords(decoded.region!, t)).toBe('Nordamerika');
  });

  it('stay as decoded in English, and as given when unknown', () => {
    expect(countryWords('United Kingdom', 'en-GB')).toBe('United Kingdom');
    expect(regionWords('Europe', english)).toBe('Europe');
    expect(countryWords('Atlantis', 'de-DE')).toBe('Atlantis');
  });
});
