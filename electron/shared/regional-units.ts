// Display units that are the norm in a region, for a technician who has not chosen any: miles
// where road distances and speeds are signed in miles (US and its territories, the UK and the
// Crown dependencies, Liberia, Myanmar), °F where weather and cabin temperatures are read in
// Fahrenheit (US and its territories, the Bahamas, Belize, the Cayman Islands, Liberia, Palau,
// Micronesia, the Marshall Islands). Elsewhere kilometres and °C. After CLDR's unit preferences.

const MILES = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'GB', 'IM', 'JE', 'GG', 'LR', 'MM']);
const FAHRENHEIT = new Set([
  'US',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
  'UM',
  'BS',
  'BZ',
  'KY',
  'LR',
  'PW',
  'FM',
  'MH',
]);

// Tyre pressure as gauges and door placards read there: psi in the US (and its territories), the UK
// and Ireland; kPa in Canada, Australia, New Zealand, Japan, China and Korea; bar elsewhere.
const PSI = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'GB', 'IM', 'JE', 'GG', 'IE', 'LR', 'MM']);
const KPA = new Set(['CA', 'AU', 'NZ', 'JP', 'CN', 'KR', 'TW', 'HK']);

export type PressureUnit = 'bar' | 'kPa' | 'psi';

export interface RegionalUnits {
  distance: 'km' | 'mi';
  temperature: 'c' | 'f';
  pressure: PressureUnit;
}

export function unitsForRegion(region: string): RegionalUnits {
  const code = region.toUpperCase();
  return {
    distance: MILES.has(code) ? 'mi' : 'km',
    temperature: FAHRENHEIT.has(code) ? 'f' : 'c',
    pressure: PSI.has(code) ? 'psi' : KPA.has(code) ? 'kPa' : 'bar',
  };
}

const PSI_PER_BAR = 14.503_773_8;

/** Miles to kilometres (exact by definition). */
export const KM_PER_MILE = 1.609344;

/** A distance (or a speed) the service gives in miles, in the technician's unit. */
export function distanceIn(miles: number, unit: 'km' | 'mi'): number {
  return unit === 'km' ? miles * KM_PER_MILE : miles;
}

/** A temperature the service gives in °C, in the technician's unit. */
export function temperatureIn(celsius: number, unit: 'c' | 'f'): number {
  return unit === 'f' ? (celsius * 9) / 5 + 32 : celsius;
}

/** The inverse of temperatureIn: a value typed in the technician's unit, in °C for the service. */
export function celsiusFrom(value: number, unit: 'c' | 'f'): number {
  return unit === 'f' ? ((value - 32) * 5) / 9 : value;
}

/**
 * A pressure the service gave in bar, in `unit`, with the precision a gauge reads there (2.93 bar,
 * 293 kPa, 42.5 psi): enough to tell two tyres 0.05 bar apart, which 0.1 bar hides.
 */
export function pressureIn(bar: number, unit: PressureUnit): { value: number; digits: number } {
  if (unit === 'kPa') return { value: bar * 100, digits: 0 };
  if (unit === 'psi') return { value: bar * PSI_PER_BAR, digits: 1 };
  return { value: bar, digits: 2 };
}

/**
 * The region a locale names, from the first of `tags` that names one: "en-GB" → "GB",
 * "en_US.UTF-8" → "US", "es-419" → null (a continent, not a country), "de" → null. A bare
 * language is not guessed into a country.
 */
export function regionOf(tags: readonly (string | null | undefined)[]): string | null {
  for (const raw of tags) {
    if (!raw) continue;
    const tag = raw.split(/[.@]/)[0]!.replace(/_/g, '-');
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a BCP 47 tag (e.g. "C", "POSIX"): look at the next one.
    }
  }
  return null;
}

/** A locale tag Intl accepts for dates and numbers, or undefined (the page's own). */
export function formatLocaleOf(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  const cleaned = tag.split(/[.@]/)[0]!.replace(/_/g, '-');
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([cleaned]).length > 0
      ? new Intl.Locale(cleaned).toString()
      : undefined;
  } catch {
    return undefined;
  }
}

// Paper as the region's printers are loaded: US Letter in North and Central America's Letter
// countries and the Philippines (CLDR's paper size data), A4 everywhere else.
const LETTER = new Set(['US', 'PR', 'CA', 'MX', 'BZ', 'CL', 'CO', 'CR', 'GT', 'NI', 'PA', 'PH', 'SV', 'VE']);

export type PaperSize = 'A4' | 'Letter';

export function paperForRegion(region: string | null | undefined): PaperSize {
  return region && LETTER.has(region.toUpperCase()) ? 'Letter' : 'A4';
}
