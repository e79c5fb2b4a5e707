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

export interface RegionalUnits {
  distance: 'km' | 'mi';
  temperature: 'c' | 'f';
}

export function unitsForRegion(region: string): RegionalUnits {
  const code = region.toUpperCase();
  return { distance: MILES.has(code) ? 'mi' : 'km', temperature: FAHRENHEIT.has(code) ? 'f' : 'c' };
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
