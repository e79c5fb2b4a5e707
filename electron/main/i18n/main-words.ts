// The language main speaks: its menus, dialogs, notifications, the job's PDF and the messages its
// errors carry to the window. One per process, as the app has one window and one setting
// (Settings → Display language); the language setting's service changes it. Below every other
// part of main, so each can word its messages without being handed the words.
import type { ResolvedLanguage } from '../../shared/i18n/languages';
import {
  createTranslator,
  type MessageKey,
  type MessageParams,
  type Translator,
} from '../../shared/i18n/translator';

export type { MessageKey, MessageParams, Translator } from '../../shared/i18n/translator';

let current: Translator = createTranslator({ language: 'en', formatLocale: undefined });

/** Main's words now. */
export function mainWords(): Translator {
  return current;
}

/** The message `key` in main's language. */
export function tm(key: MessageKey, params?: MessageParams): string {
  return current.t(key, params);
}

/** From now on main speaks `resolved`. */
export function speak(resolved: ResolvedLanguage): void {
  current = createTranslator(resolved);
}
