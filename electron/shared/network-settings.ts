// The app's proxy setting, as Settings shows it and main keeps it: the system's proxy (PAC, OS
// settings and the proxy variables, as the app resolves them), no proxy, or a manual proxy. A manual
// proxy's user name and password live in the OS keychain; the renderer only learns whether they are
// set, so the address here never carries them.

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

/** A manual proxy's address, normalised (scheme, host, port; no path), or the problem with it. */
export function parseProxyUrl(text: string): { url: string } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'Enter the proxy’s address, for example http://proxy.example:3128' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { problem: `“${trimmed}” is not a proxy address; write it as http://host:port` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: `The proxy must be an http:// or https:// address, not ${url.protocol}//` };
  if (url.hostname === '') return { problem: 'The proxy address has no host name' };
  if (url.username !== '' || url.password !== '')
    return { problem: 'Put the proxy’s user name and password in their own fields, not in the address' };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '')
    return { problem: 'The proxy address is only a scheme, a host and a port, with no path' };
  return { url: `${url.protocol}//${url.host}` };
}

/** The problem with a manual proxy's user name (Basic authentication cannot carry a colon in it), or null. */
export function proxyUsernameProblem(username: string): string | null {
  if (username === '') return 'Enter the proxy’s user name';
  if (username.length > PROXY_USERNAME_MAX)
    return `The user name is longer than ${PROXY_USERNAME_MAX} characters`;
  if (username.includes(':')) return 'The proxy’s user name cannot contain a colon';
  return null;
}
