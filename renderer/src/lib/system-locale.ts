// The operating system's locale and region, as main reads them (app.info): the language and the
// locale of dates and numbers (main's display-language setting has the last word, see
// display-language.svelte.ts), and the region's usual units until the technician chooses in Settings.
import { resolveLanguage } from '../../../electron/shared/i18n/languages';
import { unitsForRegion } from '../../../electron/shared/regional-units';
import type { AppInfo } from '../../../electron/shared/types';
import { readAppInfo } from './app-info';
import { applyLanguage } from './i18n.svelte';
import { displayLanguage, preferences } from './stores';

/** The region's units at once; the system's language once its words are loaded (the promise). */
export async function applySystemLocale(locale: AppInfo['locale']): Promise<void> {
  if (!locale) return;
  if (locale.region) preferences.applyRegionalDefaults(unitsForRegion(locale.region));
  await applyLanguage(resolveLanguage('system', locale.system));
}

export async function loadSystemLocale(): Promise<void> {
  try {
    const info = await readAppInfo();
    if (info) await applySystemLocale(info.locale);
    await displayLanguage.load();
  } catch {
    // No answer: the page's own locale and the service's units, as before.
  }
}
