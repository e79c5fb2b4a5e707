// Loads the Electron stand-in for a whole Node process: `node --import tsx --import
// ./test/electron-standin/register.ts ...`. ESM `import 'electron'` is mapped by a resolve hook
// registered with module.register; CommonJS `require('electron')` (electron-log, electron-updater)
// is mapped by patching Module._resolveFilename, which the hook does not cover on Node 20. Both
// reach the one stand-in instance, which is also published on globalThis for the test harness.
// The bundle's `require('keytar')` (and only the bundle's) gets keytar under a per-userData
// keychain service (keychain.ts).
import Module, { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUNDLE_DIR_KEY, IMPORT_KEY, KEYTAR_KEY, STANDIN_KEY } from './key';
import { keytarForBundle } from './keychain';

const here = path.dirname(fileURLToPath(import.meta.url));
const standinUrl = pathToFileURL(path.join(here, 'electron.ts')).href;

const hooks = `
let standinUrl;
export function initialize(data) { standinUrl = data.standinUrl; }
export function resolve(specifier, context, next) {
  if (specifier === 'electron' || specifier === 'electron/main') return { url: standinUrl, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { standinUrl } });

const loaded = (await import(standinUrl)) as typeof import('./electron');
(globalThis as Record<symbol, unknown>)[STANDIN_KEY] = loaded;
(globalThis as Record<symbol, unknown>)[KEYTAR_KEY] = () =>
  keytarForBundle(() => loaded.app.getPath('userData'));
// Code a test runner evaluates has its import() rewritten; this one is Node's own.
(globalThis as Record<symbol, unknown>)[IMPORT_KEY] = (url: string) => import(url);

const cjsShim = path.join(here, 'electron-cjs.cjs');
const keytarShim = path.join(here, 'keytar-cjs.cjs');
// The built main process: the folder of the entry bootMain booted (out/main/index.js and its chunks,
// or another build's, GLUE_MAIN_ENTRY).
const inBundle = (parent: unknown) => {
  const dir = (globalThis as Record<symbol, string | undefined>)[BUNDLE_DIR_KEY];
  const file = (parent as { filename?: string } | undefined)?.filename;
  return dir !== undefined && file !== undefined && file.startsWith(dir + path.sep);
};
const moduleInternals = Module as unknown as {
  _resolveFilename: (request: string, parent: unknown, ...rest: unknown[]) => string;
};
const resolveFilename = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = function (
  this: unknown,
  request: string,
  parent: unknown,
  ...rest: unknown[]
) {
  if (request === 'electron' || request === 'electron/main') return cjsShim;
  if (request === 'keytar' && inBundle(parent)) return keytarShim;
  return resolveFilename.call(this, request, parent, ...rest);
};
