// Settings → Display language: System (the OS's language, English where there is no catalog for
// it), English or Deutsch. Kept by main, read once at start before any window or menu is made, so
// main's own words (menus, dialogs, notifications, the PDF, error messages) follow it as the window
// does; told as `setting.saved`, after which the window and the menu speak the new language.
import { loadCatalog } from '../../shared/i18n/catalogs';
import {
  DEFAULT_LANGUAGE_SETTINGS,
  resolveLanguage,
  type LanguageSettings,
  type LanguageView,
  type ResolvedLanguage,
} from '../../shared/i18n/languages';
import type { FactPort } from '../events/domain-events';
import { speak } from '../i18n/main-words';
import type { OnCorrupt } from '../storage/atomic-file';
import { keptSetting } from '../storage/kept-setting';
import { readLanguageSettings, writeLanguageSettings } from '../storage/language-settings-store';

export interface LanguageSettingsService {
  load(): Promise<void>;
  /** The language main speaks now. */
  current(): ResolvedLanguage;
  view(): Promise<LanguageView>;
  set(input: LanguageSettings): Promise<LanguageView>;
}

export function createLanguageSettings(deps: {
  dataDir: string;
  /** The OS's locale ("de-AT"), or null when it named none. */
  systemLocale: string | null;
  onCorrupt?: OnCorrupt;
  onProblem?: (message: string, error: unknown) => void;
  facts?: FactPort;
}): LanguageSettingsService {
  const resolved = (settings: LanguageSettings) => resolveLanguage(settings.language, deps.systemLocale);
  const viewOf = (settings: LanguageSettings): LanguageView => {
    const { language, formatLocale } = resolved(settings);
    return { choice: settings.language, language, formatLocale: formatLocale ?? null };
  };
  const setting = keptSetting<LanguageSettings>({
    initial: DEFAULT_LANGUAGE_SETTINGS,
    read: () => readLanguageSettings(deps.dataDir, { onCorrupt: deps.onCorrupt }),
    write: (settings) => writeLanguageSettings(deps.dataDir, settings),
    normalize: (input) => ({ language: input.language }),
    saved: () => {
      speak(resolved(setting.current()));
      deps.facts?.publish('setting.saved', { what: 'language' });
    },
    onReadProblem: (error) => deps.onProblem?.('The display language could not be read', error),
  });
  return {
    async load() {
      await setting.load();
      const now = resolved(setting.current());
      await loadCatalog(now.language);
      speak(now);
    },
    current: () => resolved(setting.current()),
    view: async () => viewOf(await setting.view()),
    async set(input) {
      // The words first, so main speaks the new language from the moment it is told.
      await loadCatalog(resolved(input).language);
      return viewOf(await setting.set(input));
    },
  };
}
