// Pure request building: a validated operation → { method, path, query, body } in exactly the
// public wire form (shared/interface/public-api-facts.md). No I/O here.
import type { CommandName } from '../../shared/commands';
import type { ValidCommand, ValidReleaseNotesQuery } from './validate-input';

export type ApiRoute = 'fleet_telemetry_config' | 'release_notes' | 'set_tag' | 'plate' | 'command';

/** read: safe to retry; write/command: never re-sent by the client. */
export type RequestClass = 'read' | 'write' | 'command';

export interface WireRequest {
  route: ApiRoute;
  requestClass: RequestClass;
  method: 'GET' | 'POST';
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

export function telemetryConfigRequest(vin: string): WireRequest {
  return {
    route: 'fleet_telemetry_config',
    requestClass: 'read',
    method: 'GET',
    path: `${vinPath(vin)}/fleet_telemetry_config`,
    query: [],
    body: null,
  };
}

/** An empty version asks for the current or staged version: `/{vin}/release_notes/`. */
export function releaseNotesRequest(vin: string, q: ValidReleaseNotesQuery): WireRequest {
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
export function commandRequest(vin: string, cmd: ValidCommand): WireRequest {
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

/**
 * The request target (path + query) for a dispatcher bound to the base URL's origin.
 * `basePath` is the base URL's path prefix without trailing slash ('' or '/api/v1').
 */
export function requestTarget(basePath: string, req: Pick<WireRequest, 'path' | 'query'>): string {
  const prefix = basePath.replace(/\/+$/, '');
  const qs = new URLSearchParams(req.query.map(([k, v]): [string, string] => [k, v])).toString();
  return prefix + req.path + (qs === '' ? '' : '?' + qs);
}
