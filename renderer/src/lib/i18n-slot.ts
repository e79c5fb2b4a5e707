// A catalog message with one argument shown as an element of its own (a <time>, a link): the words
// before and after it, in the order the language puts them, so no sentence is cut in two keys.
import { t, type MessageKey, type MessageParams } from './i18n.svelte';

/** Stands for the argument while the message is formatted; no catalog or value contains it. */
const SLOT = '\u0000';

export interface AroundSlot {
  before: string;
  after: string;
}

/** The message `key` cut where its argument `slot` goes; the caller shows its element between. */
export function tAround(key: MessageKey, slot: string, params: MessageParams = {}): AroundSlot {
  const [before = '', ...after] = t(key, { ...params, [slot]: SLOT }).split(SLOT);
  return { before, after: after.join('') };
}
