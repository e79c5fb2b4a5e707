// Settings → Display language: what the technician chose (System, English, Deutsch), kept by main.
// Main resolves it against the system's locale once for both sides, so the window and main's own
// menus, dialogs and notices always speak the same language; the window switches as main says.
import type { LanguageChoice, LanguageView } from '../../../electron/shared/i18n/languages';
import { describeError } from './errors';
import { applyLanguage, resetLanguage } from './i18n.svelte';
import { mainApi } from './main-api';

class DisplayLanguage {
  /** The choice, once main has told it. */
  choice = $state<LanguageChoice | null>(null);

  /** Asks main which language to speak (at start, and when main says the setting changed). */
  async load(): Promise<void> {
    const result = await mainApi().settings.language();
    if (result.ok) await this.apply(result.value);
  }

  /** Keeps a new choice in main; the window speaks it at once. Returns why not, or null. */
  async choose(choice: LanguageChoice): Promise<string | null> {
    const result = await mainApi().settings.setLanguage({ language: choice });
    if (!result.ok) return describeError(result.error);
    await this.apply(result.value);
    return null;
  }

  /** Speaks what main said, once that language's words are loaded. */
  async apply(view: LanguageView): Promise<void> {
    this.choice = view.choice;
    await applyLanguage({ language: view.language, formatLocale: view.formatLocale ?? undefined });
  }

  reset(): void {
    this.choice = null;
    resetLanguage();
  }
}

export type DisplayLanguageStore = DisplayLanguage;

export function createDisplayLanguage(): DisplayLanguageStore {
  return new DisplayLanguage();
}
