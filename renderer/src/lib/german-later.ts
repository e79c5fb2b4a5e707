// Stands in for electron/shared/i18n/german-file.ts in the window's build: German without what only
// main says (de/main-only.ts), which the window never shows and need not download.
export const loadGerman = async (): Promise<Readonly<Record<string, string>>> =>
  (await import('../../../electron/shared/i18n/de/window-sections')).deWindow;
