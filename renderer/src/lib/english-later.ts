// Stands in for electron/shared/i18n/english-at-start.ts in the window's build: no catalog in the
// start bundle. main.ts loads English before the app mounts (loadCatalog('en')).
export const englishAtStart: Readonly<Record<string, string>> | null = null;
