// Which language the app speaks and which locale writes its dates and numbers: the system's unless
// the technician chose one (Settings → Display language, kept by main). The region always comes
// from the system: a technician in Switzerland who chooses English still reads 1’234.5 and 28.11.
import { formatLocaleOf } from '../regional-units';
import { PSEUDO_LANGUAGE } from './pseudo-locale';

/** The languages with a complete catalog. */
export type CatalogLanguage = 'en' | 'de';
export const CATALOG_LANGUAGES: readonly CatalogLanguage[] = ['en', 'de'];

/** What the app speaks: a catalog's language, or the pseudo-locale (never chosen, only a system's). */
export type Language = CatalogLanguage | typeof PSEUDO_LANGUAGE;

/** Settings → Display language. */
export type LanguageChoice = 'system' | CatalogLanguage;
export const LANGUAGE_CHOICES: readonly LanguageChoice[] = ['system', 'en', 'de'];

export interface LanguageSettings {
  language: LanguageChoice;
}

export const DEFAULT_LANGUAGE_SETTINGS: LanguageSettings = { language: 'system' };

/** The language spoken and the locale dates and numbers are written in. */
export interface ResolvedLanguage {
  language: Language;
  /** A BCP 47 tag for Intl, or undefined: the runtime's own (no system locale was told). */
  formatLocale: string | undefined;
}

function languageOf(tag: string | undefined): string | null {
  if (!tag) return null;
  try {
    return new Intl.Locale(tag).language;
  } catch {
    return null;
  }
}

/** What the app speaks for `choice` on a system whose locale is `systemLocale` ("de-AT", "en_US.UTF-8"). */
export function resolveLanguage(
  choice: LanguageChoice,
  systemLocale: string | null | undefined,
): ResolvedLanguage {
  const system = formatLocaleOf(systemLocale);
  if (choice === 'system') {
    if (system === PSEUDO_LANGUAGE) return { language: PSEUDO_LANGUAGE, formatLocale: 'en' };
    const spoken = languageOf(system);
    const language = CATALOG_LANGUAGES.find((candidate) => candidate === spoken) ?? 'en';
    return { language, formatLocale: system };
  }
  if (languageOf(system) === choice) return { language: choice, formatLocale: system };
  // The chosen language with the system's region ("en" on a German system: "en-DE").
  let region: string | undefined;
  try {
    region = system ? new Intl.Locale(system).region : undefined;
  } catch {
    region = undefined;
  }
  const tag = region ? `${choice}-${region}` : choice;
  return {
    language: choice,
    formatLocale: Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : choice,
  };
}

/** A language's name in that language ("Deutsch"), as a language menu lists it. */
export function languageName(language: CatalogLanguage): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
}

/** Settings → Display language as main keeps it, and what it means on this system. */
export interface LanguageView {
  choice: LanguageChoice;
  language: Language;
  /** The locale for Intl, or null for the runtime's own. */
  formatLocale: string | null;
}
