// English at hand from the start, for main, the tests and every script: shared rules speak English
// synchronously where no language was asked for. The window's build replaces this module with
// renderer/src/lib/english-later.ts (electron.vite.config.ts), so its start bundle carries no
// catalog at all and loads English, like German, as a file of its own before it first paints.
import { en } from './en';

export const englishAtStart: Readonly<Record<string, string>> | null = en;

/** English when asked for: here, the catalog already at hand (no second copy of it in main's build). */
export const loadEnglish = async (): Promise<Readonly<Record<string, string>>> => en;
