// The app's network setting, kept beside the data it serves: `network.json` in the data folder,
// `{ "proxy": "http://user:password@proxy.corp:3128" }` (or "direct" for none). Unset, the client
// follows HTTPS_PROXY / HTTP_PROXY / NO_PROXY, then the system's proxy settings. A file that cannot
// be read or holds something else is reported for the log and ignored: the app still starts.
// Read before the services load, so it imports only Node's built-ins (the client normalises the URL).
import * as fs from 'node:fs/promises';
import { join } from 'node:path';

export const NETWORK_SETTINGS_FILE = 'network.json';

export interface NetworkSettings {
  /** A proxy URL, "direct", or null for automatic. */
  proxy: string | null;
  /** Why the file was not used, for the log; null when it was used or is absent. */
  problem: string | null;
}

/** A proxy URL as the client takes it ("host:port" means http://host:port), or null. */
function proxyUrl(text: string): string | null {
  const trimmed = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return ['http:', 'https:', 'socks:', 'socks5:'].includes(url.protocol) && url.hostname !== ''
      ? withScheme
      : null;
  } catch {
    return null;
  }
}

export async function readNetworkSettings(dataDir: string): Promise<NetworkSettings> {
  const path = join(dataDir, NETWORK_SETTINGS_FILE);
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { proxy: null, problem: null };
    return { proxy: null, problem: `${NETWORK_SETTINGS_FILE} could not be read; the proxy is automatic` };
  }
  let proxy: unknown;
  try {
    proxy = (JSON.parse(text) as { proxy?: unknown } | null)?.proxy ?? null;
  } catch {
    return { proxy: null, problem: `${NETWORK_SETTINGS_FILE} is not JSON; the proxy is automatic` };
  }
  if (proxy === null || proxy === '') return { proxy: null, problem: null };
  if (typeof proxy === 'string' && proxy.trim().toLowerCase() === 'direct')
    return { proxy: 'direct', problem: null };
  const url = typeof proxy === 'string' ? proxyUrl(proxy) : null;
  if (url === null) {
    return {
      proxy: null,
      problem: `${NETWORK_SETTINGS_FILE}: "proxy" must be a proxy URL (http://host:port) or "direct"; the proxy is automatic`,
    };
  }
  return { proxy: url, problem: null };
}
