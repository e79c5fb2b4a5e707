// The message catalogs: English (the source every key is typed by; at hand from the start in main and
// the tests, loaded by the window before it paints), German (loaded when first spoken: the window
// downloads only the languages it speaks) and the pseudo-locale made
// from English when first asked for. Each language is one object of sections, one a part of the app
// (en/*.ts, de/*.ts), so two people adding strings to different parts do not collide.
import type { en } from './en';
import { englishAtStart, loadEnglish } from './english-at-start';
import { loadGerman } from './german-file';
import type { Language } from './languages';
import { pseudoCatalog } from './pseudo-locale';

export type MessageKey = keyof typeof en;
export type Catalog = Readonly<Record<MessageKey, string>>;

const LOADERS: Record<Exclude<Language, 'en-XA'>, () => Promise<Catalog>> = {
  en: async () => (await loadEnglish()) as Catalog,
  de: async () => (await loadGerman()) as Catalog,
};

const loaded = new Map<Language, Catalog>(englishAtStart ? [['en', englishAtStart as Catalog]] : []);

/** No words at all: a key is shown as itself (only before the window has loaded English). */
const NOTHING = {} as Catalog;

/** Makes `language`'s catalog available to catalogFor. */
export async function loadCatalog(language: Language): Promise<void> {
  if (language === 'en-XA') {
    await loadCatalog('en');
    if (!loaded.has(language)) loaded.set(language, pseudoCatalog(loaded.get('en')!));
    return;
  }
  if (!loaded.has(language)) loaded.set(language, await LOADERS[language]());
}

/** The catalog of `language` once loaded; English until then (a key is never shown bare once it is). */
export function catalogFor(language: Language): Catalog {
  const english = loaded.get('en');
  if (language === 'en-XA' && english && !loaded.has(language)) loaded.set(language, pseudoCatalog(english));
  return loaded.get(language) ?? english ?? NOTHING;
}
