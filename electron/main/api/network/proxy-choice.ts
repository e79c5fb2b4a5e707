// Which proxy, if any, a request to a URL goes through. In order:
//   1. the app's proxy setting, when set: a proxy URL, or "direct" for none;
//   2. the standard variables HTTPS_PROXY / HTTP_PROXY (and lower case), minus NO_PROXY;
//   3. the system's settings (PAC script, OS proxy settings) as Chromium resolves them for the
//      app's session: Electron's session.resolveProxy, injected, answering "PROXY h:p; DIRECT";
//   4. none.
// This machine (loopback) is always reached directly, as Chromium does.
import { isLoopbackHost } from '../../../shared/base-url';

/** Chromium's proxy resolution for a URL ("PROXY host:port; DIRECT"), e.g. Electron's session.resolveProxy. */
export type ProxyResolver = (url: string) => Promise<string>;

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

export interface ProxyChoiceOptions {
  /** The app's setting: a proxy URL (http://user:password@host:port), "direct", or null/"" for automatic. */
  setting?: string | null;
  env?: ProxyEnv;
  resolveProxy?: ProxyResolver;
}

export interface ProxyChoice {
  /** The proxy's URL (credentials included), or null for a direct connection. */
  proxy: string | null;
  /** Where the choice came from, for the log and diagnostics. */
  source: 'setting' | 'environment' | 'system' | 'loopback' | 'none';
}

/** A proxy URL as written in a setting or variable ("host:port" means http://host:port), or null when unusable. */
export function normalizeProxyUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (!['http:', 'https:', 'socks:', 'socks5:'].includes(url.protocol) || url.hostname === '') return null;
    return url.toString().replace(/\/$/, '');
  } catch {
    return null;
  }
}

/** "host:port" of a proxy URL, without its credentials: what messages may show. */
export function proxyLabel(proxy: string): string {
  try {
    return new URL(proxy).host;
  } catch {
    return 'the proxy';
  }
}

/** Chromium's answer ("PROXY a:1; HTTPS b:2; DIRECT") as proxy URLs, null for DIRECT, in order. */
export function parsePacResult(text: string): (string | null)[] {
  const out: (string | null)[] = [];
  for (const entry of text.split(';')) {
    const [kind, hostPort] = entry.trim().split(/\s+/, 2);
    if (!kind) continue;
    const type = kind.toUpperCase();
    if (type === 'DIRECT') out.push(null);
    else if (hostPort && (type === 'PROXY' || type === 'HTTP'))
      out.push(normalizeProxyUrl(`http://${hostPort}`));
    else if (hostPort && type === 'HTTPS') out.push(normalizeProxyUrl(`https://${hostPort}`));
    else if (hostPort && (type === 'SOCKS' || type === 'SOCKS5'))
      out.push(normalizeProxyUrl(`socks5://${hostPort}`));
  }
  return out.filter((p) => p !== undefined);
}

function envValue(env: ProxyEnv, name: string): string | undefined {
  const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Whether NO_PROXY (comma or space separated; "*", host, .domain, *.domain, host:port) covers the URL. */
export function noProxyMatches(target: URL, noProxy: string | undefined): boolean {
  if (noProxy === undefined) return false;
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[\s,]+/)) {
    let entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    let entryPort: string | null = null;
    const withPort = /^(.*?):(\d+)$/.exec(entry);
    if (withPort && !entry.includes('::')) {
      entry = withPort[1]!;
      entryPort = withPort[2]!;
    }
    entry = entry.replace(/^\*?\./, '').replace(/^\[|\]$/g, '');
    if (entryPort !== null && entryPort !== port) continue;
    if (host === entry || host.endsWith(`.${entry}`)) return true;
  }
  return false;
}

/** The proxy the standard variables name for the URL: a URL, null for "not through a proxy", undefined when they say nothing. */
export function environmentProxy(target: URL, env: ProxyEnv): string | null | undefined {
  const named =
    target.protocol === 'https:'
      ? (envValue(env, 'https_proxy') ?? envValue(env, 'http_proxy'))
      : envValue(env, 'http_proxy');
  if (named === undefined) return undefined;
  if (noProxyMatches(target, envValue(env, 'no_proxy'))) return null;
  return normalizeProxyUrl(named) ?? undefined;
}

export async function chooseProxy(target: URL, options: ProxyChoiceOptions): Promise<ProxyChoice> {
  if (isLoopbackHost(target.hostname) || target.hostname === 'localhost')
    return { proxy: null, source: 'loopback' };
  const setting = options.setting?.trim() ?? '';
  if (setting.toLowerCase() === 'direct') return { proxy: null, source: 'setting' };
  if (setting !== '') {
    const proxy = normalizeProxyUrl(setting);
    if (proxy !== null) return { proxy, source: 'setting' };
  }
  const fromEnv = environmentProxy(target, options.env ?? {});
  if (fromEnv !== undefined) return { proxy: fromEnv, source: 'environment' };
  if (options.resolveProxy) {
    let answer = '';
    try {
      answer = await options.resolveProxy(target.toString());
    } catch {
      answer = ''; // a PAC script that fails to load: as Chromium falls back, go direct
    }
    // The first entry: Chromium would fail over to the next, undici cannot; DIRECT last is common.
    const [first] = parsePacResult(answer);
    if (first !== undefined) return { proxy: first, source: 'system' };
  }
  return { proxy: null, source: 'none' };
}
