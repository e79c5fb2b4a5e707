// The words the argument schemas refuse with. The schemas are built once, when first imported, so
// each message is looked up when a value is refused, in the words the process speaks then: English
// unless it hands its own (main hands tm, so the IPC edge answers in the app's language).
import { english, type Say } from '../i18n/english';
import type { MessageKey, MessageParams } from '../i18n/translator';

let words: Say = english;

/** From now on the schemas refuse in `say`. */
export function refuseIn(say: Say): void {
  words = say;
}

/** The schemas' words now: for shared rules that take a `say`. */
export const schemaSay: Say = (key, params) => words(key, params);

/** A schema's message, looked up when it refuses: for zod's `error` option. */
export const refusal = (key: MessageKey, params?: MessageParams) => (): string => words(key, params);
