// The message catalogs: English (the source every key is typed by, always at hand), German (loaded
// when first spoken: the window downloads only the languages it speaks) and the pseudo-locale made
// from English when first asked for. Each language is one object of sections, one a part of the app
// (en/*.ts, de/*.ts), so two people adding strings to different parts do not collide.
import { en } from './en';
import type { Language } from './languages';
import { pseudoCatalog } from './pseudo-locale';

export type MessageKey = keyof typeof en;
export type Catalog = Readonly<Record<MessageKey, string>>;

const LOADERS: Record<Exclude<Language, 'en' | 'en-XA'>, () => Promise<Catalog>> = {
  de: async () => (await import('./de')).de,
};

const loaded = new Map<Language, Catalog>([['en', en]]);

/** Makes `language`'s catalog available to catalogFor; English and the pseudo-locale always are. */
export async function loadCatalog(language: Language): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  if (language === 'en-XA') return void loaded.set(language, pseudoCatalog(en));
  loaded.set(language, await LOADERS[language]());
}

/** The catalog of `language` once loaded; English until then (a key is never shown bare). */
export function catalogFor(language: Language): Catalog {
  if (language === 'en-XA' && !loaded.has(language)) loaded.set(language, pseudoCatalog(en));
  return loaded.get(language) ?? en;
}
