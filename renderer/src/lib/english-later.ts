// Stands in for electron/shared/i18n/english-at-start.ts in the window's build: no catalog in the
// start bundle. main.ts loads English before the app mounts (loadCatalog('en')).
export const englishAtStart: Readonly<Record<string, string>> | null = null;

/**
 * English as a file of its own, fetched when main.ts asks before the first paint: the sections the
 * window speaks, not what only main says (en/main-only.ts).
 */
export const loadEnglish = async (): Promise<Readonly<Record<string, string>>> =>
  (await import('../../../electron/shared/i18n/en/window-sections')).enWindow;
