// What a VIN's decoding says of where the car was built, in the reader's language: the country by
// Intl's own region names (from its ISO 3166 code), the ISO 3780 region from the catalogs. The
// decoding itself (vin.ts) keeps its English names, which its callers and tests compare.
import type { Say } from './i18n/english';

const COUNTRY_CODES: Readonly<Record<string, string>> = {
  'United States': 'US',
  Canada: 'CA',
  Mexico: 'MX',
  Japan: 'JP',
  'South Korea': 'KR',
  China: 'CN',
  Germany: 'DE',
  Italy: 'IT',
  Sweden: 'SE',
  France: 'FR',
  'United Kingdom': 'GB',
};

const REGION_KEYS = {
  'North America': 'vinRegion.northAmerica',
  Oceania: 'vinRegion.oceania',
  'South America': 'vinRegion.southAmerica',
  Africa: 'vinRegion.africa',
  Asia: 'vinRegion.asia',
  Europe: 'vinRegion.europe',
} as const;

const isRegion = (region: string): region is keyof typeof REGION_KEYS => region in REGION_KEYS;

/** "Vereinigte Staaten" for "United States" in German; a country Intl does not name, as given. */
export function countryWords(country: string, locale: string | undefined): string {
  const code = COUNTRY_CODES[country];
  if (!code) return country;
  try {
    return new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' }).of(code) ?? country;
  } catch {
    return country;
  }
}

/** "Nordamerika" for "North America" in German. */
export function regionWords(region: string, say: Say): string {
  return isRegion(region) ? say(REGION_KEYS[region]) : region;
}
