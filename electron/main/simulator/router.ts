// Maps a request's path and method to an operation without a framework: the simulator backs load
// tests, so routing is a split and a few comparisons.
import type { RouteName } from './api';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RouteMatch {
  /** The operation for this method, or the path's first operation when the method is not allowed. */
  route: RouteName;
  /** Null only for `GET /vehicles`, which names no vehicle. */
  vin: string | null;
  /** Methods the path answers (the `Allow` header of a 405). */
  allow: readonly Method[];
  /** Command path segment (may name no command; the server answers 404 then). */
  command: string | null;
  /** Release-notes version segment, '' for the current or staged version; null if not decodable. */
  version: string | null;
  /** The driver's or invitation's id segment (decoded; checked by the handler), else null. */
  id: string | null;
}

const GET: readonly Method[] = ['GET'];
const POST: readonly Method[] = ['POST'];
// Public clients send commands as GET too (the service's quick start gives them as browser URLs).
const GET_POST: readonly Method[] = ['GET', 'POST'];
const GET_POST_DELETE: readonly Method[] = ['GET', 'POST', 'DELETE'];

/** `/{vin}/fleet_telemetry_config`: read, write, delete. */
const TELEMETRY_ROUTES: Readonly<Record<Method, RouteName>> = {
  GET: 'fleet_telemetry_config',
  POST: 'fleet_telemetry_config_write',
  DELETE: 'fleet_telemetry_config_delete',
};

/** `/{vin}/<name>` reads and writes that take one method. */
const SIMPLE: Readonly<Record<string, { route: RouteName; allow: readonly Method[] }>> = {
  drivers: { route: 'drivers', allow: GET },
  status: { route: 'status', allow: GET },
  state: { route: 'state', allow: GET },
  wake: { route: 'wake', allow: POST },
  drives: { route: 'drives', allow: GET },
  firmware_alerts: { route: 'firmware_alerts', allow: GET },
  tire_pressure: { route: 'tire_pressure', allow: GET },
};

function match(
  route: RouteName,
  vin: string | null,
  allow: readonly Method[],
  extra: { command?: string; version?: string | null; id?: string | null } = {},
): RouteMatch {
  return {
    route,
    vin,
    allow,
    command: extra.command ?? null,
    version: extra.version ?? null,
    id: extra.id ?? null,
  };
}

export function matchRoute(path: string, method: string): RouteMatch | null {
  const parts = path.split('/');
  // parts[0] is '' (path starts with '/').
  if (parts[0] !== '') return null;
  if (parts.length === 2) return parts[1] === 'vehicles' ? match('vehicles', null, GET) : null;
  if (parts.length < 3 || parts.length > 5) return null;
  const vin = parts[1] ?? '';
  const a = parts[2] ?? '';
  const b = parts[3];
  if (vin === '') return null;
  if (parts.length === 5) {
    // `/{vin}/drivers/{id}/delete` and `/{vin}/invitations/{id}/revoke`.
    const id = decode(b ?? '');
    if (a === 'drivers' && parts[4] === 'delete') return match('driver_delete', vin, POST, { id });
    if (a === 'invitations' && parts[4] === 'revoke') return match('invitation_revoke', vin, POST, { id });
    return null;
  }
  if (b === undefined) {
    if (a === 'fleet_telemetry_config') {
      const route = Object.hasOwn(TELEMETRY_ROUTES, method)
        ? TELEMETRY_ROUTES[method as Method]
        : 'fleet_telemetry_config';
      return match(route, vin, GET_POST_DELETE);
    }
    if (a === 'invitations') {
      return match(method === 'POST' ? 'invitation_create' : 'invitations', vin, GET_POST);
    }
    const simple = SIMPLE[a];
    if (simple && Object.hasOwn(SIMPLE, a)) return match(simple.route, vin, simple.allow);
    if (a === 'plate') return match(method === 'GET' ? 'plate_read' : 'plate', vin, GET_POST);
    // Tolerate the missing trailing slash of an empty version.
    if (a === 'release_notes') return match(a, vin, GET, { version: '' });
    return null;
  }
  if (a === 'drives' && b === 'set_tag') return match('set_tag', vin, POST);
  if (a === 'command' && b !== '') return match('command', vin, GET_POST, { command: b });
  if (a === 'release_notes') return match(a, vin, GET, { version: decode(b) });
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
