// The proxy setting, kept beside the data it serves: `network.json` in the data folder,
// `{ "mode": "manual", "proxy": "http://proxy.corp:3128" }` (mode "system" or "direct" without a
// proxy). Never the proxy's credentials: those are in the OS keychain (vault/proxy-credentials.ts).
// Earlier versions wrote `{ "proxy": "http://user:password@host:port" }` (or "direct"): read as
// such, with the credentials handed back so the caller can move them to the keychain and rewrite
// the file. A file that cannot be read or holds something else is reported and ignored: the app
// still starts, on the system's proxy.
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import {
  parseProxyUrl,
  PROXY_MODES,
  type ProxyCredentials,
  type ProxyMode,
} from '../../shared/network-settings';
import { writeFileAtomic } from './atomic-file';

export const NETWORK_SETTINGS_FILE = 'network.json';

export interface StoredNetworkSettings {
  mode: ProxyMode;
  /** The manual proxy's address without credentials; null unless manual. */
  proxyUrl: string | null;
}

export interface NetworkSettingsRead extends StoredNetworkSettings {
  /** Credentials found in an earlier version's proxy URL, to move to the keychain; else null. */
  legacyCredentials: ProxyCredentials | null;
  /** Whether the file is in an earlier version's form (rewrite it). */
  legacy: boolean;
  /** Why the file was not used, for the log and Settings; null when it was used or is absent. */
  problem: string | null;
}

export const SYSTEM_PROXY: StoredNetworkSettings = { mode: 'system', proxyUrl: null };

const ignored = (problem: string): NetworkSettingsRead => ({
  ...SYSTEM_PROXY,
  legacyCredentials: null,
  legacy: false,
  problem: `${NETWORK_SETTINGS_FILE}: ${problem}; the system's proxy settings are used`,
});

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** An earlier version's `{ "proxy": ... }`: a URL (credentials allowed), "direct", or empty. */
function readLegacy(proxy: unknown): NetworkSettingsRead {
  if (proxy === null || proxy === undefined || proxy === '')
    return { ...SYSTEM_PROXY, legacyCredentials: null, legacy: true, problem: null };
  if (typeof proxy !== 'string') return ignored('"proxy" must be a proxy address or "direct"');
  if (proxy.trim().toLowerCase() === 'direct')
    return { mode: 'direct', proxyUrl: null, legacyCredentials: null, legacy: true, problem: null };
  const trimmed = proxy.trim();
  let credentials: ProxyCredentials | null = null;
  let bare = trimmed;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    if (url.username !== '' || url.password !== '') {
      credentials = { username: decode(url.username), password: decode(url.password) };
      url.username = '';
      url.password = '';
      bare = url.toString();
    }
  } catch {
    // parseProxyUrl says what is wrong with it
  }
  const parsed = parseProxyUrl(bare);
  if ('problem' in parsed) return ignored(parsed.problem);
  return {
    mode: 'manual',
    proxyUrl: parsed.url,
    legacyCredentials: credentials,
    legacy: true,
    problem: null,
  };
}

export async function readNetworkSettings(dataDir: string): Promise<NetworkSettingsRead> {
  let text: string;
  try {
    text = await fs.readFile(join(dataDir, NETWORK_SETTINGS_FILE), 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT')
      return { ...SYSTEM_PROXY, legacyCredentials: null, legacy: false, problem: null };
    return ignored('could not be read');
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return ignored('is not JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return ignored('is not an object');
  const { mode, proxy } = data as { mode?: unknown; proxy?: unknown };
  if (mode === undefined) return readLegacy(proxy);
  if (typeof mode !== 'string' || !(PROXY_MODES as readonly string[]).includes(mode))
    return ignored(`"mode" must be one of ${PROXY_MODES.join(', ')}`);
  if (mode !== 'manual')
    return { mode: mode as ProxyMode, proxyUrl: null, legacyCredentials: null, legacy: false, problem: null };
  const parsed = parseProxyUrl(typeof proxy === 'string' ? proxy : '');
  if ('problem' in parsed) return ignored(parsed.problem);
  return { mode: 'manual', proxyUrl: parsed.url, legacyCredentials: null, legacy: false, problem: null };
}

export async function writeNetworkSettings(dataDir: string, settings: StoredNetworkSettings): Promise<void> {
  const body =
    settings.mode === 'manual' ? { mode: settings.mode, proxy: settings.proxyUrl } : { mode: settings.mode };
  await writeFileAtomic(join(dataDir, NETWORK_SETTINGS_FILE), `${JSON.stringify(body, null, 2)}\n`);
}
