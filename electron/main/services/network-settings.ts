// The proxy setting behind Settings → Network: kept in network.json (the address) and the OS
// keychain (a manual proxy's credentials), handed to the API client as the setting it asks on every
// request, so a change applies from the next request without a restart. An earlier version's
// network.json, whose proxy URL carried the credentials, is moved over once: the credentials to the
// keychain, the file rewritten without them.
import {
  parseProxyUrl,
  type NetworkSettingsInput,
  type NetworkView,
  type ProxyCredentials,
} from '../../shared/network-settings';
import type { Say } from '../../shared/i18n/english';
import { AppError } from '../../shared/result';
import type { FactPort } from '../events/domain-events';
import { tm } from '../i18n/main-words';
import {
  readNetworkSettings,
  SYSTEM_PROXY,
  writeNetworkSettings,
  type StoredNetworkSettings,
} from '../storage/network-settings-store';
import type { ProxyCredentialsVault, StoredProxyCredentials } from '../vault/proxy-credentials';

export interface NetworkSettingsService {
  /** Reads the saved setting (and moves an earlier version's credentials to the keychain). */
  load(): Promise<void>;
  /** The setting as the client takes it: a proxy URL with credentials, "direct", or null for the system's. */
  proxy(): string | null;
  view(): Promise<NetworkView>;
  set(input: NetworkSettingsInput): Promise<NetworkView>;
  /** The client's form of `input` (its credentials kept when it gives none), or of the saved setting. */
  candidate(input?: NetworkSettingsInput): string | null;
}

/** The client's form of a setting: the proxy URL carrying its credentials, "direct", or null. */
export function proxySetting(
  settings: StoredNetworkSettings,
  credentials: ProxyCredentials | null,
): string | null {
  if (settings.mode === 'direct') return 'direct';
  if (settings.mode !== 'manual' || settings.proxyUrl === null) return null;
  if (!credentials) return settings.proxyUrl;
  const url = new URL(settings.proxyUrl);
  // The URL setters percent-encode; the client decodes them for Proxy-Authorization.
  url.username = credentials.username;
  url.password = credentials.password;
  return url.toString().replace(/\/$/, '');
}

export function createNetworkSettings(deps: {
  dataDir: string;
  vault: ProxyCredentialsVault;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `setting.saved` once a setting is in force. */
  facts?: FactPort;
}): NetworkSettingsService {
  const onProblem = deps.onProblem ?? (() => {});
  let settings: StoredNetworkSettings = SYSTEM_PROXY;
  let credentials: StoredProxyCredentials | null = null;
  // Worded when Settings asks, in the language main speaks then.
  let problem: ((say: Say) => string) | null = null;
  let current: string | null = null;
  // Credentials go only to the proxy they were given for: a new address needs its own.
  const credentialsFor = (address: string | null): ProxyCredentials | null =>
    address !== null && credentials?.proxy === address ? credentials : null;
  const refresh = () => (current = proxySetting(settings, credentialsFor(settings.proxyUrl)));

  function stored(input: NetworkSettingsInput): StoredNetworkSettings {
    if (input.mode !== 'manual') return { mode: input.mode, proxyUrl: null };
    const parsed = parseProxyUrl(input.proxyUrl ?? '', tm);
    // The schema checked it where it entered main; a caller inside main gets the same words.
    if ('problem' in parsed) throw new AppError('invalid_input', parsed.problem);
    return { mode: 'manual', proxyUrl: parsed.url };
  }

  async function readCredentials(): Promise<void> {
    try {
      credentials = await deps.vault.get();
    } catch (error) {
      credentials = null;
      problem = (say) =>
        error instanceof AppError
          ? say('networkFile.credentialsUnreadable', { message: error.message })
          : say('networkFile.credentialsNoKeychain');
      onProblem('Proxy credentials could not be read', error);
    }
  }

  const view = async (): Promise<NetworkView> => ({
    mode: settings.mode,
    proxyUrl: settings.mode === 'manual' ? settings.proxyUrl : null,
    credentialsSet: settings.mode === 'manual' && credentialsFor(settings.proxyUrl) !== null,
    problem: problem ? problem(tm) : null,
  });

  return {
    async load() {
      const read = await readNetworkSettings(deps.dataDir);
      problem = read.problemIn;
      if (read.problem) onProblem(read.problem, null);
      settings = { mode: read.mode, proxyUrl: read.proxyUrl };
      if (read.legacyCredentials && read.proxyUrl !== null) {
        const moved = { ...read.legacyCredentials, proxy: read.proxyUrl };
        try {
          await deps.vault.set(moved);
        } catch (error) {
          // The old file stays as it is: nothing is lost, and the next start tries again.
          onProblem('Proxy credentials could not be moved to the keychain', error);
          credentials = moved;
          refresh();
          return;
        }
      }
      if (read.legacy) {
        await writeNetworkSettings(deps.dataDir, settings).catch((error) =>
          onProblem('network.json could not be rewritten', error),
        );
      }
      if (settings.mode === 'manual') await readCredentials();
      refresh();
    },
    proxy: () => current,
    view,
    async set(input) {
      const next = stored(input);
      const given =
        input.credentials && next.proxyUrl !== null ? { ...input.credentials, proxy: next.proxyUrl } : null;
      if (given) await deps.vault.set(given);
      else if (input.credentials === null) await deps.vault.clear();
      await writeNetworkSettings(deps.dataDir, next);
      settings = next;
      problem = null;
      if (given) credentials = given;
      else if (input.credentials === null) credentials = null;
      else if (next.mode === 'manual' && credentials === null) await readCredentials();
      refresh();
      deps.facts?.publish('setting.saved', { what: 'network' });
      return view();
    },
    candidate(input) {
      if (!input) return current;
      return proxySetting(
        stored(input),
        input.credentials === undefined ? credentialsFor(stored(input).proxyUrl) : input.credentials,
      );
    },
  };
}
