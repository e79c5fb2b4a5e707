// English words for shared code that speaks without being told a language: a shared rule's message
// is English unless its caller passes its own `say` (main passes tm, the window t).
import { createTranslator, type MessageKey, type MessageParams } from './translator';

/** A catalog lookup: main's tm, the window's t, or English. */
export type Say = (key: MessageKey, params?: MessageParams) => string;

const words = createTranslator({ language: 'en', formatLocale: 'en-US' });

export const english: Say = (key, params) => words.t(key, params);
