// The proxy setting, kept beside the data it serves: `network.json` in the data folder,
// `{ "mode": "manual", "proxy": "http://proxy.corp:3128" }` (mode "system" or "direct" without a
// proxy). Never the proxy's credentials: those are in the OS keychain (vault/proxy-credentials.ts).
// Earlier versions wrote `{ "proxy": "http://user:password@host:port" }` (or "direct"): read as
// such, with the credentials handed back so the caller can move them to the keychain and rewrite
// the file. A file that cannot be read or holds something else is reported and ignored: the app
// still starts, on the system's proxy.
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { english, type Say } from '../../shared/i18n/english';
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
  /** Why the file was not used, in English for the log; null when it was used or is absent. */
  problem: string | null;
  /**
   * The same reason in any language, for Settings → Network: the file is read before main knows
   * the technician's language, and Settings may be shown in another one later.
   */
  problemIn: ((say: Say) => string) | null;
}

export const SYSTEM_PROXY: StoredNetworkSettings = { mode: 'system', proxyUrl: null };

/** Why the file is not used, in `say`'s words: a catalog message or a proxy address's problem. */
type Why = (say: Say) => string;

const ignored = (why: Why): NetworkSettingsRead => {
  const problemIn = (say: Say) =>
    say('networkFile.ignored', { file: NETWORK_SETTINGS_FILE, problem: why(say) });
  return { ...SYSTEM_PROXY, legacyCredentials: null, legacy: false, problem: problemIn(english), problemIn };
};

/** The problem parseProxyUrl finds with `text`, in `say`'s words. */
const addressProblem =
  (text: string): Why =>
  (say) => {
    const parsed = parseProxyUrl(text, say);
    return 'problem' in parsed ? parsed.problem : '';
  };

const used = { legacyCredentials: null, problem: null, problemIn: null } as const;

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
    return { ...SYSTEM_PROXY, ...used, legacy: true };
  if (typeof proxy !== 'string') return ignored((say) => say('networkFile.badProxy'));
  if (proxy.trim().toLowerCase() === 'direct')
    return { mode: 'direct', proxyUrl: null, ...used, legacy: true };
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
  if ('problem' in parsed) return ignored(addressProblem(bare));
  return { mode: 'manual', proxyUrl: parsed.url, ...used, legacyCredentials: credentials, legacy: true };
}

export async function readNetworkSettings(dataDir: string): Promise<NetworkSettingsRead> {
  let text: string;
  try {
    text = await fs.readFile(join(dataDir, NETWORK_SETTINGS_FILE), 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { ...SYSTEM_PROXY, ...used, legacy: false };
    return ignored((say) => say('networkFile.unreadable'));
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return ignored((say) => say('networkFile.notJson'));
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return ignored((say) => say('networkFile.notObject'));
  const { mode, proxy } = data as { mode?: unknown; proxy?: unknown };
  if (mode === undefined) return readLegacy(proxy);
  if (typeof mode !== 'string' || !(PROXY_MODES as readonly string[]).includes(mode))
    return ignored((say) => say('networkFile.badMode', { modes: PROXY_MODES.join(', ') }));
  if (mode !== 'manual') return { mode: mode as ProxyMode, proxyUrl: null, ...used, legacy: false };
  const address = typeof proxy === 'string' ? proxy : '';
  const parsed = parseProxyUrl(address);
  if ('problem' in parsed) return ignored(addressProblem(address));
  return { mode: 'manual', proxyUrl: parsed.url, ...used, legacy: false };
}

export async function writeNetworkSettings(dataDir: string, settings: StoredNetworkSettings): Promise<void> {
  const body =
    settings.mode === 'manual' ? { mode: settings.mode, proxy: settings.proxyUrl } : { mode: settings.mode };
  await writeFileAtomic(join(dataDir, NETWORK_SETTINGS_FILE), `${JSON.stringify(body, null, 2)}\n`);
}
