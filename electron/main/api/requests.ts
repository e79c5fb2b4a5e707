// Pure request building: an operation with its defaults filled in → { method, path, query, body } in exactly the
// public wire form (shared/interface/public-api-facts.md). No I/O here.
import type { CommandName } from '../../shared/commands';
import type { RouteName } from '../../shared/wire';
import { VEHICLE_READS, type VehicleReadName } from '../../shared/vehicle-reads';
import type { CommandCall, ReleaseNotesCall } from './call-args';

/** The operation a request is for (one name per operation, shared with the simulator). */
export type ApiRoute = RouteName;

/** read: safe to retry; write/command: never re-sent by the client. */
export type RequestClass = 'read' | 'write' | 'command';

export interface WireRequest {
  route: ApiRoute;
  requestClass: RequestClass;
  /** DELETE: only the telemetry configuration's delete. */
  method: 'GET' | 'POST' | 'DELETE';
  /** Path relative to the base URL, starting with '/', segments already encoded. */
  path: string;
  /** Query parameters in the order they are sent. */
  query: ReadonlyArray<readonly [string, string]>;
  /** JSON text, or null for no body. */
  body: string | null;
  commandName?: CommandName;
}

function vinPath(vin: string): string {
  return '/' + encodeURIComponent(vin);
}

/** An empty version asks for the current or staged version: `/{vin}/release_notes/`. */
export function releaseNotesRequest(vin: string, q: ReleaseNotesCall): WireRequest {
  return {
    route: 'release_notes',
    requestClass: 'read',
    method: 'GET',
    path: `${vinPath(vin)}/release_notes/${encodeURIComponent(q.version)}`,
    query: [
      ['language', q.language],
      ['staged', String(q.staged)],
    ],
    body: null,
  };
}

/** `drives` already normalised ("10000,10001"). */
export function setDriveTagRequest(vin: string, body: { drives: string; tag: string }): WireRequest {
  return {
    route: 'set_tag',
    requestClass: 'write',
    method: 'POST',
    path: `${vinPath(vin)}/drives/set_tag`,
    query: [],
    body: JSON.stringify({ drives: body.drives, tag: body.tag }),
  };
}

/** A charging session's cost (null clears it): `POST /{vin}/charges/{id}/set_cost` with a JSON body. */
export function setChargeCostRequest(vin: string, id: number, cost: number | null): WireRequest {
  return {
    route: 'set_charge_cost',
    requestClass: 'write',
    method: 'POST',
    path: `${vinPath(vin)}/charges/${encodeURIComponent(String(id))}/set_cost`,
    query: [],
    body: JSON.stringify({ cost }),
  };
}

export function setPlateRequest(vin: string, plate: string | null): WireRequest {
  return {
    route: 'plate',
    requestClass: 'write',
    method: 'POST',
    path: `${vinPath(vin)}/plate`,
    query: [],
    body: JSON.stringify({ plate }),
  };
}

/** Commands have no body; every parameter travels in the query, the two common ones always. */
export function commandRequest(vin: string, cmd: CommandCall): WireRequest {
  const query: [string, string][] = [
    ['wait_for_completion', String(cmd.waitForCompletion)],
    ['max_attempts', String(cmd.maxAttempts)],
  ];
  if (cmd.param !== null) query.push([cmd.param.name, String(cmd.param.value)]);
  return {
    route: 'command',
    requestClass: 'command',
    method: 'POST',
    path: `${vinPath(vin)}/command/${cmd.name}`,
    query,
    body: null,
    commandName: cmd.name,
  };
}

function read(route: ApiRoute, path: string, query: [string, string][] = []): WireRequest {
  return { route, requestClass: 'read', method: 'GET', path, query, body: null };
}

export function accountVehiclesRequest(onlyActive: boolean): WireRequest {
  return read('vehicles', '/vehicles', [['only_active', String(onlyActive)]]);
}

/** Every car's battery health: `GET /battery_health`, the options given under the service's names. */
export function fleetBatteryHealthRequest(q: {
  from?: number | undefined;
  to?: number | undefined;
  distanceFormat?: 'mi' | 'km' | undefined;
  onlyActive?: boolean | undefined;
}): WireRequest {
  const query: [string, string][] = [];
  if (q.from !== undefined) query.push(['from', String(q.from)]);
  if (q.to !== undefined) query.push(['to', String(q.to)]);
  if (q.distanceFormat !== undefined) query.push(['distance_format', q.distanceFormat]);
  if (q.onlyActive !== undefined) query.push(['only_active', String(q.onlyActive)]);
  return read('fleet_battery_health', '/battery_health', query);
}

/**
 * The Fleet API's readiness of the cars named, through the service: a POST that changes nothing
 * and reaches no car, so it is a read (retried like one).
 */
export function fleetStatusRequest(vins: readonly string[]): WireRequest {
  return {
    route: 'fleet_status',
    requestClass: 'read',
    method: 'POST',
    path: '/api/1/vehicles/fleet_status',
    query: [],
    body: JSON.stringify({ vins }),
  };
}

/** `use_cache=true` never wakes the vehicle; false asks it live. */
export function stateRequest(vin: string, useCache: boolean): WireRequest {
  return read('state', `${vinPath(vin)}/state`, [['use_cache', String(useCache)]]);
}

/**
 * A read of the vehicle reads table (shared/vehicle-reads.ts): `GET /{vin}/<path>` with the options
 * given sent under the service's names, in the row's order.
 */
export function vehicleReadRequest(
  name: VehicleReadName,
  vin: string,
  options: Readonly<Record<string, unknown>> = {},
): WireRequest {
  const spec = VEHICLE_READS[name];
  const query: [string, string][] = [];
  for (const [option, parameter] of Object.entries<string>(spec.query)) {
    const value = options[option];
    if (value !== undefined) query.push([parameter, String(value)]);
  }
  return read(spec.route, `${vinPath(vin)}/${spec.path}`, query);
}

/** Waking is a write: sent once, never retried by the app (the service itself waits up to 90 s). */
export function wakeRequest(vin: string): WireRequest {
  return {
    route: 'wake',
    requestClass: 'command',
    method: 'POST',
    path: `${vinPath(vin)}/wake`,
    query: [],
    body: null,
  };
}

/**
 * The request target (path + query) for a dispatcher bound to the base URL's origin.
 * `basePath` is the base URL's path prefix without trailing slash ('' or '/api/v1').
 */
export function requestTarget(basePath: string, req: Pick<WireRequest, 'path' | 'query'>): string {
  const prefix = basePath.replace(/\/+$/, '');
  const qs = new URLSearchParams(req.query.map(([k, v]): [string, string] => [k, v])).toString();
  return prefix + req.path + (qs === '' ? '' : '?' + qs);
}
