// The app's proxy setting, as Settings shows it and main keeps it: the system's proxy (PAC, OS
// settings and the proxy variables, as the app resolves them), no proxy, or a manual proxy. A manual
// proxy's user name and password live in the OS keychain; the renderer only learns whether they are
// set, so the address here never carries them.
import { english, type Say } from './i18n/english';

export const PROXY_MODES = ['system', 'direct', 'manual'] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

export const PROXY_URL_MAX = 2048;
export const PROXY_USERNAME_MAX = 256;
export const PROXY_PASSWORD_MAX = 1024;

export interface ProxyCredentials {
  username: string;
  password: string;
}

export interface NetworkSettingsInput {
  mode: ProxyMode;
  /** A manual proxy's address, http://host:port or https://host:port ("host:port" means http). */
  proxyUrl?: string;
  /** A manual proxy's credentials: set, `null` to clear, left out to keep what is stored. */
  credentials?: ProxyCredentials | null;
}

export interface NetworkView {
  mode: ProxyMode;
  /** The manual proxy's address, without credentials; null unless manual. */
  proxyUrl: string | null;
  /** Whether the keychain holds a user name and password for the manual proxy. */
  credentialsSet: boolean;
  /** Why the saved setting is not fully in use (an unreadable file, a locked keychain); null when it is. */
  problem: string | null;
}

/** What "Test connection" found: the service answered at `host`, through `proxy` or directly. */
export interface NetworkTest {
  host: string;
  /** The proxy used (host:port, no credentials), or null for a direct connection. */
  proxy: string | null;
  at: string;
  ms: number;
  /** Set when the service answered but refused the token: the network path itself works. */
  note: string | null;
}

/** A manual proxy's address, normalised (scheme, host, port; no path), or the problem with it in `say`'s language. */
export function parseProxyUrl(text: string, say: Say = english): { url: string } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: say('proxyProblem.empty') };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { problem: say('proxyProblem.notAddress', { text: trimmed }) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: say('proxyProblem.scheme', { scheme: url.protocol }) };
  if (url.hostname === '') return { problem: say('proxyProblem.noHost') };
  if (url.username !== '' || url.password !== '') return { problem: say('proxyProblem.credentials') };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '')
    return { problem: say('proxyProblem.path') };
  return { url: `${url.protocol}//${url.host}` };
}

/** The problem with a manual proxy's user name (Basic authentication cannot carry a colon in it), or null. */
export function proxyUsernameProblem(username: string, say: Say = english): string | null {
  if (username === '') return say('proxyProblem.usernameEmpty');
  if (username.length > PROXY_USERNAME_MAX)
    return say('proxyProblem.usernameTooLong', { max: PROXY_USERNAME_MAX });
  if (username.includes(':')) return say('proxyProblem.usernameColon');
  return null;
}
