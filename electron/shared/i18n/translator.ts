// A language's words: `t(key, params)` looks the key up in the language's catalog and formats it.
// Keys are typed by the English catalog, so a misspelt key does not compile. Messages are parsed
// once per catalog, on first use. A language whose catalog is not loaded yet (loadCatalog) speaks
// English until it is.
import { catalogFor, type Catalog, type MessageKey } from './catalogs';
import type { ResolvedLanguage } from './languages';
import {
  formatMessage,
  messageLocale,
  parseMessage,
  type MessagePart,
  type MessageParams,
} from './message-format';

export type { MessageKey } from './catalogs';
export type { MessageParams } from './message-format';

export interface Translator extends ResolvedLanguage {
  t(key: MessageKey, params?: MessageParams): string;
}

const parsed = new WeakMap<Catalog, Map<MessageKey, MessagePart[]>>();

function partsOf(catalog: Catalog, key: MessageKey): MessagePart[] {
  let cache = parsed.get(catalog);
  if (!cache) parsed.set(catalog, (cache = new Map()));
  let parts = cache.get(key);
  if (!parts) {
    // A key the catalog lacks (an old catalog in a test) reads as itself rather than as nothing.
    cache.set(key, (parts = parseMessage(catalog[key] ?? key)));
  }
  return parts;
}

export function createTranslator({ language, formatLocale }: ResolvedLanguage): Translator {
  const locale = messageLocale(language === 'en-XA' ? 'en' : language, formatLocale);
  return {
    language,
    formatLocale,
    t: (key, params = {}) => formatMessage(partsOf(catalogFor(language), key), params, locale),
  };
}
