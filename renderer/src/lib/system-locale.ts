// The operating system's locale and region, as main reads them (app.info): dates and numbers in
// that locale, and the region's usual units until the technician chooses in Settings.
import { formatLocaleOf, unitsForRegion } from '../../../electron/shared/regional-units';
import type { AppInfo } from '../../../electron/shared/types';
import { setDisplayLocale } from './format';
import { readAppInfo } from './app-info';
import { preferences } from './stores';

export function applySystemLocale(locale: AppInfo['locale']): void {
  if (!locale) return;
  setDisplayLocale(formatLocaleOf(locale.system));
  if (locale.region) preferences.applyRegionalDefaults(unitsForRegion(locale.region));
}

export async function loadSystemLocale(): Promise<void> {
  try {
    const info = await readAppInfo();
    if (info) applySystemLocale(info.locale);
  } catch {
    // No answer: the page's own locale and the service's units, as before.
  }
}
