// The window's words: `t(key, params)` in the language main resolved (Settings → Display language,
// else the system's), and the locale dates and numbers are written in. Reading either inside a
// component's markup or a $derived makes it follow a change of language live.
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import type { ResolvedLanguage } from '../../../electron/shared/i18n/languages';
import {
  createTranslator,
  type MessageKey,
  type MessageParams,
  type Translator,
} from '../../../electron/shared/i18n/translator';

export type { MessageKey, MessageParams } from '../../../electron/shared/i18n/translator';

const ENGLISH: ResolvedLanguage = { language: 'en', formatLocale: undefined };

class Words {
  translator = $state.raw<Translator>(createTranslator(ENGLISH));
}

const words = new Words();

/** The message `key` in the window's language, with `params` in place. */
export function t(key: MessageKey, params?: MessageParams): string {
  return words.translator.t(key, params);
}

/** The locale for Intl (dates, numbers); undefined: the page's own. */
export function formatLocale(): string | undefined {
  return words.translator.formatLocale;
}

/** The language spoken now ("en", "de", "en-XA"). */
export function currentLanguage(): ResolvedLanguage['language'] {
  return words.translator.language;
}

/** Speaks `resolved` from now on, once its catalog is loaded (German comes as its own file). */
export async function applyLanguage(resolved: ResolvedLanguage): Promise<void> {
  await loadCatalog(resolved.language);
  speakNow(resolved);
}

function speakNow(resolved: ResolvedLanguage): void {
  const now = words.translator;
  if (now.language === resolved.language && now.formatLocale === resolved.formatLocale) return;
  words.translator = createTranslator(resolved);
  document.documentElement.lang = resolved.language;
}

/** English with the page's own locale, as a test starts. */
export function resetLanguage(): void {
  speakNow(ENGLISH);
}

/** A piece of a message with markup: plain text, or text shown strong or as code. */
export interface RichPart {
  text: string;
  tag: 'plain' | 'strong' | 'code';
}

const TAG = /<(\/?)(b|code)>/;
const SENTINEL = 0xe000;

/**
 * A message whose words mark some of themselves `<b>…</b>` or `<code>…</code>`, as parts to show.
 * String arguments are put in after the markup is read, so a name typed with "<b>" in it stays text.
 */
export function tRich(key: MessageKey, params: MessageParams = {}): RichPart[] {
  const values: string[] = [];
  const marked: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') marked[name] = value;
    else {
      marked[name] = String.fromCharCode(SENTINEL + values.length);
      values.push(value);
    }
  }
  const restore = (text: string) =>
    text.replace(/[\ue000-\uf8ff]/g, (c) => values[c.charCodeAt(0) - SENTINEL] ?? c);
  const parts: RichPart[] = [];
  let tag: RichPart['tag'] = 'plain';
  let rest = t(key, marked);
  for (;;) {
    const match = TAG.exec(rest);
    const text = match ? rest.slice(0, match.index) : rest;
    if (text !== '') parts.push({ text: restore(text), tag });
    if (!match) return parts;
    tag = match[1] ? 'plain' : match[2] === 'b' ? 'strong' : 'code';
    rest = rest.slice(match.index + match[0].length);
  }
}
