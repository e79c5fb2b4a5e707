// German as a file of its own, loaded when first spoken: here every section, for main and the
// tests. The window's build replaces this module with renderer/src/lib/german-later.ts
// (electron.vite.config.ts), which loads only the sections the window speaks.
export const loadGerman = async (): Promise<Readonly<Record<string, string>>> => (await import('./de')).de;
