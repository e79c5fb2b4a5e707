// Maps a request path to one of the twelve operations (five routes) without a framework: the simulator
// backs load tests, so routing is a split and a few comparisons.
import type { RouteName } from './api';

export interface RouteMatch {
  route: RouteName;
  vin: string;
  method: 'GET' | 'POST';
  /** Command path segment (may name no command; the server answers 404 then). */
  command: string | null;
  /** Release-notes version segment, '' for the current or staged version; null if not decodable. */
  version: string | null;
}

export function matchRoute(path: string): RouteMatch | null {
  const parts = path.split('/');
  // parts[0] is '' (path starts with '/').
  if (parts.length < 3 || parts.length > 4 || parts[0] !== '') return null;
  const vin = parts[1] ?? '';
  const a = parts[2];
  const b = parts[3];
  if (vin === '') return null;
  if (parts.length === 3) {
    if (a === 'fleet_telemetry_config') return { route: a, vin, method: 'GET', command: null, version: null };
    if (a === 'plate') return { route: a, vin, method: 'POST', command: null, version: null };
    // Tolerate the missing trailing slash of an empty version.
    if (a === 'release_notes') return { route: a, vin, method: 'GET', command: null, version: '' };
    return null;
  }
  if (b === undefined) return null;
  if (a === 'drives' && b === 'set_tag')
    return { route: 'set_tag', vin, method: 'POST', command: null, version: null };
  if (a === 'command' && b !== '')
    return { route: 'command', vin, method: 'POST', command: b, version: null };
  if (a === 'release_notes') return { route: a, vin, method: 'GET', command: null, version: decode(b) };
  return null;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const EMPTY: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** First value wins for repeated keys. */
export function parseQuery(qs: string): Record<string, string> {
  if (qs === '') return EMPTY;
  // No prototype, so keys such as __proto__ or constructor are plain keys.
  const out = Object.create(null) as Record<string, string>;
  for (const [k, v] of new URLSearchParams(qs)) if (out[k] === undefined) out[k] = v;
  return out;
}
