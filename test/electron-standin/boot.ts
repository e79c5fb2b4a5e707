// Boots the built main bundle, unchanged, in this process under the stand-in: evaluates the entry
// module with Node's own loader (not a test runner's transform), then makes the app ready, as
// Electron does once the entry module has run.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_DIR_KEY, IMPORT_KEY, RECORDS_KEY, STANDIN_KEY } from './key';
import type { Records } from './recorders';

export type ElectronStandin = typeof import('./electron');

export const MAIN_ENTRY = path.resolve('out/main/index.js');

export function standin(): ElectronStandin {
  const loaded = (globalThis as Record<symbol, unknown>)[STANDIN_KEY] as ElectronStandin | undefined;
  if (!loaded) {
    throw new Error(
      'The Electron stand-in is not loaded: run under `node --import tsx --import ./test/electron-standin/register.ts`',
    );
  }
  return loaded;
}

/** What the app asked of dialog and shell. */
export function recorded(): Records {
  standin();
  return (globalThis as Record<symbol, Records>)[RECORDS_KEY]!;
}

// Node's loader (and the stand-in's resolve hook), not a test runner's transform, evaluates the
// bundle, so it runs exactly as shipped.
const nativeImport = (url: string): Promise<unknown> => {
  standin();
  return (globalThis as Record<symbol, (url: string) => Promise<unknown>>)[IMPORT_KEY]!(url);
};

export interface BootOptions {
  entry?: string;
  /** The app's userData; a new temporary folder by default. */
  userData?: string;
}

export async function bootMain(options: BootOptions = {}): Promise<ElectronStandin> {
  const electron = standin();
  if (options.userData) electron.app.setPath('userData', options.userData);
  const entry = path.resolve(options.entry ?? MAIN_ENTRY);
  (globalThis as Record<symbol, unknown>)[BUNDLE_DIR_KEY] = path.dirname(entry);
  await nativeImport(pathToFileURL(entry).href);
  electron.app.markReady();
  return electron;
}
