// The proxy setting behind Settings → Network: kept in network.json (the address) and the OS
// keychain (a manual proxy's credentials), handed to the API client as the setting it asks on every
// request, so a change applies from the next request without a restart. An earlier version's
// network.json, whose proxy URL carried the credentials, is moved over once: the credentials to the
// keychain, the file rewritten without them.
import {
  parseProxyUrl,
  type NetworkSettingsInput,
  type NetworkTest,
  type NetworkView,
  type ProxyCredentials,
} from '../../shared/network-settings';
import { AppError } from '../../shared/result';
import type { VehicleApiClient } from '../api';
import {
  readNetworkSettings,
  SYSTEM_PROXY,
  writeNetworkSettings,
  type StoredNetworkSettings,
} from '../storage/network-settings-store';
import type { ProxyCredentialsVault, StoredProxyCredentials } from '../vault/proxy-credentials';

export interface NetworkProbe {
  /** A client of the active profile's service that goes through `proxy` (the client's setting form). */
  client: VehicleApiClient;
  /** Where a request to that service goes: its host, and the proxy (host:port) or null. */
  route(): Promise<{ host: string; proxy: string | null }>;
}

export interface NetworkSettingsService {
  /** Reads the saved setting (and moves an earlier version's credentials to the keychain). */
  load(): Promise<void>;
  /** The setting as the client takes it: a proxy URL with credentials, "direct", or null for the system's. */
  proxy(): string | null;
  view(): Promise<NetworkView>;
  set(input: NetworkSettingsInput): Promise<NetworkView>;
  /** One read of the active profile's service through `input` (or the saved setting); nothing is kept. */
  test(input?: NetworkSettingsInput): Promise<NetworkTest>;
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
  /** Builds a one-off client of the active profile's service with this proxy setting. */
  probe: (proxy: string | null) => Promise<NetworkProbe>;
  now?: () => Date;
  onProblem?: (message: string, error: unknown) => void;
}): NetworkSettingsService {
  const onProblem = deps.onProblem ?? (() => {});
  const now = deps.now ?? (() => new Date());
  let settings: StoredNetworkSettings = SYSTEM_PROXY;
  let credentials: StoredProxyCredentials | null = null;
  let problem: string | null = null;
  let current: string | null = null;
  // Credentials go only to the proxy they were given for: a new address needs its own.
  const credentialsFor = (address: string | null): ProxyCredentials | null =>
    address !== null && credentials?.proxy === address ? credentials : null;
  const refresh = () => (current = proxySetting(settings, credentialsFor(settings.proxyUrl)));

  function stored(input: NetworkSettingsInput): StoredNetworkSettings {
    if (input.mode !== 'manual') return { mode: input.mode, proxyUrl: null };
    const parsed = parseProxyUrl(input.proxyUrl ?? '');
    // The schema checked it where it entered main; a caller inside main gets the same words.
    if ('problem' in parsed) throw new AppError('invalid_input', parsed.problem);
    return { mode: 'manual', proxyUrl: parsed.url };
  }

  async function readCredentials(): Promise<void> {
    try {
      credentials = await deps.vault.get();
    } catch (error) {
      credentials = null;
      problem =
        error instanceof AppError
          ? `The proxy credentials could not be read: ${error.message}`
          : 'The proxy credentials could not be read from the system keychain.';
      onProblem('Proxy credentials could not be read', error);
    }
  }

  const view = async (): Promise<NetworkView> => ({
    mode: settings.mode,
    proxyUrl: settings.mode === 'manual' ? settings.proxyUrl : null,
    credentialsSet: settings.mode === 'manual' && credentialsFor(settings.proxyUrl) !== null,
    problem,
  });

  return {
    async load() {
      const read = await readNetworkSettings(deps.dataDir);
      problem = read.problem;
      if (problem) onProblem(problem, null);
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
      return view();
    },
    async test(input) {
      const candidate = input
        ? proxySetting(
            stored(input),
            input.credentials === undefined ? credentialsFor(stored(input).proxyUrl) : input.credentials,
          )
        : current;
      const { client, route } = await deps.probe(candidate);
      const started = performance.now();
      const { host, proxy } = await route();
      const answered = (note: string | null): NetworkTest => ({
        host,
        proxy,
        at: now().toISOString(),
        ms: Math.round(performance.now() - started),
        note,
      });
      try {
        await client.accountVehicles({ onlyActive: false });
        return answered(null);
      } catch (error) {
        // The service answered: the network path works, whatever it thinks of the token.
        if (
          error instanceof AppError &&
          (error.info.kind === 'unauthorized' || error.info.kind === 'forbidden')
        )
          return answered(`The service answered, but refused this profile's token (${error.info.message})`);
        throw error;
      } finally {
        await client.close().catch(() => undefined);
      }
    },
  };
}
