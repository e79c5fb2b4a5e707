// Loads keytar on first use and, when it cannot load, says why. keytar's own error ("Failed to load
// keytar native addon, checked [...]") swallows the real cause, usually a system library the native
// addon links against (libsecret on Linux); loading the addon files directly recovers it.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Say } from '../../shared/i18n/english';
import { tm } from '../i18n/main-words';
import { KeychainLoadError, type Keychain, type LoadableKeychain } from './keychain-port';

export interface KeytarLoaderOptions {
  /** Loads keytar; default `require('keytar')`. */
  load?: () => Keychain;
  /** The native addon files keytar tries, loaded one by one to learn why they fail. */
  addonPaths?: () => string[];
  platform?: NodeJS.Platform;
}

// Shared libraries the addon links against on Linux, and the Debian/Ubuntu package of each.
const PACKAGE_OF: Record<string, string> = {
  'libsecret-1.so.0': 'libsecret-1-0',
  'libglib-2.0.so.0': 'libglib2.0-0',
  'libgio-2.0.so.0': 'libglib2.0-0',
  'libgobject-2.0.so.0': 'libglib2.0-0',
};

const MISSING_LIBRARY = /([\w.+-]+\.so(?:\.\d+)*): cannot open shared object file/;

/**
 * What a technician or developer reads when keytar cannot load, from the errors seen loading it, in
 * `say`'s language (the causes themselves are the system's words).
 */
export function explainLoadFailure(
  causes: readonly string[],
  platform: NodeJS.Platform,
  say: Say = tm,
): string {
  for (const cause of causes) {
    const library = MISSING_LIBRARY.exec(cause)?.[1];
    if (!library) continue;
    const pkg = PACKAGE_OF[library];
    return pkg
      ? say('keychainLoad.missing', { library, pkg, fedora: pkg === 'libsecret-1-0' ? 'yes' : 'no' })
      : say('keychainLoad.missingUnknown', { library });
  }
  const first = causes.find((cause) => cause.trim() !== '') ?? say('keychainLoad.unknownCause');
  return say('keychainLoad.failed', {
    cause: first.split('\n')[0] ?? '',
    linux: platform === 'linux' ? 'yes' : 'no',
  });
}

function defaultAddonPaths(require: NodeRequire): () => string[] {
  return () => {
    const dir = path.dirname(require.resolve('keytar/package.json'));
    return [
      path.join(dir, 'build', 'Release', 'keytar.node'),
      path.join(dir, 'prebuilds', `${process.platform}-${process.arch}`, 'keytar.node'),
    ];
  };
}

/** keytar, loaded on first use; every call fails with a KeychainLoadError when it cannot load. */
export function lazyKeytar(options: KeytarLoaderOptions = {}): LoadableKeychain {
  const require = createRequire(import.meta.url);
  const load = options.load ?? (() => require('keytar') as Keychain);
  const addonPaths = options.addonPaths ?? defaultAddonPaths(require);
  const platform = options.platform ?? process.platform;
  // The causes are kept, not the explanation: it is worded when asked, in main's language then.
  let loaded: { keychain: Keychain } | { causes: string[] } | undefined;

  function attempt(): { keychain: Keychain } | { causes: string[] } {
    if (loaded) return loaded;
    try {
      loaded = { keychain: load() };
    } catch (error) {
      const causes: string[] = [];
      let paths: string[] = [];
      try {
        paths = addonPaths();
      } catch (resolveError) {
        causes.push(resolveError instanceof Error ? resolveError.message : String(resolveError));
      }
      for (const file of paths) {
        try {
          require(file);
        } catch (addonError) {
          causes.push(addonError instanceof Error ? addonError.message : String(addonError));
        }
      }
      causes.push(error instanceof Error ? error.message : String(error));
      loaded = { causes };
    }
    return loaded;
  }

  function keychain(): Keychain {
    const state = attempt();
    if ('causes' in state) throw new KeychainLoadError(explainLoadFailure(state.causes, platform, tm));
    return state.keychain;
  }

  return {
    getPassword: async (service, account) => keychain().getPassword(service, account),
    setPassword: async (service, account, password) => keychain().setPassword(service, account, password),
    deletePassword: async (service, account) => keychain().deletePassword(service, account),
    problem() {
      const state = attempt();
      return 'causes' in state ? explainLoadFailure(state.causes, platform, tm) : null;
    },
  };
}
