// The base-URL rule for profiles, shared by the renderer (validation as you type) and main (before
// anything is stored). Tokens travel in a header, so plain http is allowed only to this machine.
import { english, type Say } from './i18n/english';
import { AppError } from './result';

export const DEFAULT_BASE_URL = 'https://api.tessie.com';
export const BASE_URL_MAX = 2048;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** True for the hosts plain http may reach; `hostname` as URL#hostname gives it (IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/** Why `input` is not an acceptable base URL (in `say`'s language), or null when it is. */
export function baseUrlProblem(input: string, say: Say = english): string | null {
  const text = input.trim();
  if (text === '') return say('baseUrlProblem.empty', { example: DEFAULT_BASE_URL });
  if (text.length > BASE_URL_MAX) return say('baseUrlProblem.tooLong', { max: String(BASE_URL_MAX) });
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(text)) return say('baseUrlProblem.spaces');
  // Demand "scheme://" so lenient parses such as "https:example.com" are not silently accepted.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return say('baseUrlProblem.scheme');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return say('baseUrlProblem.notUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return say('baseUrlProblem.scheme');
  if (url.hostname === '') return say('baseUrlProblem.noHost');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return say('baseUrlProblem.plainHttp');
  }
  // The authority as typed: URL drops an empty "user@" part, which must still be refused.
  const authority = text.slice(text.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
  if (url.username !== '' || url.password !== '' || authority.includes('@')) {
    return say('baseUrlProblem.credentials');
  }
  if (text.includes('?')) return say('baseUrlProblem.query');
  if (text.includes('#')) return say('baseUrlProblem.fragment');
  return null;
}

/** The canonical form of an acceptable base URL (lower-case host, no default port, no trailing slash). */
export function normalizeBaseUrl(input: string, say: Say = english): string {
  const problem = baseUrlProblem(input, say);
  if (problem !== null) throw new AppError('invalid_input', problem);
  const url = new URL(input.trim());
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
