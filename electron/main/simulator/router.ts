// The simulator's routes, one row each: the path it answers, its methods, whether only the owner's
// token may use it, and the handler that answers it. Matching a request and dispatching it both read
// this table, so a route is added here alone. No framework: the simulator backs load tests, so
// matching is a split and a few comparisons per row.
import {
  GUEST_COMMAND_NAMES,
  isServiceCommandName,
  isWorkshopCommandName,
} from '../../shared/workshop-commands';
import * as accessHandlers from './access-handlers';
import { batteryHealth, fleetBatteryHealth } from './battery-health';
import { fleetStatus } from './fleet-status';
import type { RouteName } from './api';
import type { CommandRunner } from './command-runner';
import * as handlers from './handlers';
import * as history from './history/reads';
import { path, weather } from './history/path-weather';
import { mapImage } from './history/map-image';
import { states } from './history/states';
import { tirePressure, type TyreHistoryForm } from './history/tyres';
import * as publicHandlers from './public-handlers';
import type { Reply } from './reply';
import type { Scheduler } from './scheduler';
import type { TelemetryWrites } from './telemetry-writes';
import { VEHICLE_READ_NAMES, VEHICLE_READS, type VehicleReadName } from '../../shared/vehicle-reads';
import type { VehicleRuntime } from './vehicle-runtime';
import { workshopCommand } from './workshop-handlers';

export type Method = 'GET' | 'POST' | 'DELETE';

/** The order a 405 names the methods a path allows in. */
const METHOD_ORDER: readonly Method[] = ['GET', 'POST', 'DELETE'];

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

/** What the simulator lends a handler besides the request: its fleet and its machinery. */
export interface SimulatorParts {
  fleet: ReadonlyMap<string, VehicleRuntime>;
  scheduler: Scheduler;
  runner: CommandRunner;
  telemetryWrites: TelemetryWrites;
  account: accessHandlers.Account;
  /** Where release-note image URLs point (known once the server listens). */
  assetBaseUrl(): string;
  wakeTimeoutMs: number;
  /** How a tyre-pressure window is answered (SimulatorOptions.tyreHistoryForm). */
  tyreHistoryForm: TyreHistoryForm;
}

/** One request as a handler sees it, after routing, the token, the rate limit and the VIN lookup. */
export interface RouteRequest {
  match: RouteMatch;
  query: Record<string, string>;
  body: string;
  contentType: string | undefined;
  sim: SimulatorParts;
}

type Answer = Reply | Promise<Reply>;

/** The answer to a vehicle's request of one route. */
type VehicleAnswer = (vehicle: VehicleRuntime, request: RouteRequest) => Answer;

interface RouteRow {
  route: RouteName;
  /** Segments after the leading '/': literals, '{vin}', '{command}', '{id}', '{version?}' (may be absent). */
  path: string;
  methods: readonly Method[];
  /** Only the owner's token may use it (a driver's gets 403): the whole route, or some of its requests. */
  ownerOnly?: boolean | ((match: RouteMatch) => boolean);
  /** Why the service knows no such thing (404), for a route whose path names what it acts on. */
  unknown?: (match: RouteMatch) => string | null;
  /** The answer for a vehicle of the fleet; `account` routes name none. */
  vehicle?: VehicleAnswer;
  account?: (request: RouteRequest) => Answer;
}

const OWNER_ONLY_COMMANDS: ReadonlySet<string> = new Set<string>(GUEST_COMMAND_NAMES);

/** The simulator's answer to each read of the shared table (shared/vehicle-reads.ts). */
const VEHICLE_READ_ANSWERS: { [Name in VehicleReadName]: VehicleAnswer } = {
  telemetryConfig: (v) => handlers.telemetryConfig(v),
  status: (v) => publicHandlers.status(v),
  plate: (v) => publicHandlers.plateRead(v),
  drives: (v, r) => publicHandlers.drives(v, r.query),
  firmwareAlerts: (v) => publicHandlers.firmwareAlerts(v),
  tirePressure: (v, r) => tirePressure(v, r.query, r.sim.tyreHistoryForm),
  batteryHealth: (v, r) => batteryHealth(v, r.query),
  battery: (v) => history.battery(v),
  charges: (v, r) => history.charges(v, r.query),
  states: (v, r) => states(v, r.query),
  idles: (v, r) => history.idles(v, r.query),
  lastIdleState: (v) => history.lastIdleState(v),
  consumptionSinceCharge: (v) => history.consumptionSinceCharge(v),
  location: (v) => history.location(v),
  map: (v, r) => mapImage(v, r.query),
  path: (v, r) => path(v, r.query),
  weather: (v) => weather(v),
};

/** The table's reads as routes: `GET /{vin}/<path>`, answered as above. */
const VEHICLE_READ_ROWS: readonly RouteRow[] = VEHICLE_READ_NAMES.map((name) => ({
  route: VEHICLE_READS[name].route,
  path: `{vin}/${VEHICLE_READS[name].path}`,
  methods: ['GET'],
  vehicle: VEHICLE_READ_ANSWERS[name],
}));

// A request whose method its path does not take is named by the path's GET row, else its first
// (the 405's route, as recorded).
export const ROUTES: readonly RouteRow[] = [
  ...VEHICLE_READ_ROWS,
  {
    route: 'vehicles',
    path: 'vehicles',
    methods: ['GET'],
    account: ({ query, sim }) => publicHandlers.vehicles(sim.fleet.values(), query, sim.scheduler.now()),
  },
  {
    route: 'set_charge_cost',
    path: '{vin}/charges/{id}/set_cost',
    // Some public clients send it as GET with the cost in the query.
    methods: ['GET', 'POST'],
    vehicle: (v, r) => history.setChargeCost(v, r.match.id, r.query, r.body),
  },
  {
    route: 'fleet_battery_health',
    path: 'battery_health',
    methods: ['GET'],
    account: ({ query, sim }) => fleetBatteryHealth(sim.fleet.values(), query, sim.scheduler.now()),
  },
  {
    route: 'fleet_status',
    path: 'api/1/vehicles/fleet_status',
    methods: ['POST'],
    account: ({ body, contentType, sim }) => fleetStatus(sim.fleet, body, contentType),
  },
  {
    route: 'fleet_telemetry_config_write',
    path: '{vin}/fleet_telemetry_config',
    methods: ['POST'],
    ownerOnly: true,
    vehicle: (v, r) => accessHandlers.writeTelemetry(v, r.sim.telemetryWrites, r.body, r.contentType),
  },
  {
    route: 'fleet_telemetry_config_delete',
    path: '{vin}/fleet_telemetry_config',
    methods: ['DELETE'],
    ownerOnly: true,
    vehicle: (v, r) => accessHandlers.deleteTelemetry(v, r.sim.telemetryWrites),
  },
  {
    route: 'invitations',
    path: '{vin}/invitations',
    methods: ['GET'],
    ownerOnly: true,
    vehicle: (v, r) => accessHandlers.invitations(v, r.sim.account),
  },
  {
    route: 'invitation_create',
    path: '{vin}/invitations',
    methods: ['POST'],
    ownerOnly: true,
    vehicle: (v, r) => accessHandlers.createInvitation(v, r.sim.account),
  },
  {
    route: 'drivers',
    path: '{vin}/drivers',
    methods: ['GET'],
    ownerOnly: true,
    vehicle: (v) => accessHandlers.drivers(v),
  },
  {
    route: 'state',
    path: '{vin}/state',
    methods: ['GET'],
    vehicle: (v, r) => publicHandlers.state(v, r.query),
  },
  {
    route: 'wake',
    path: '{vin}/wake',
    methods: ['POST'],
    vehicle: (v, { sim }) => publicHandlers.wake(v, sim.runner, sim.scheduler, sim.wakeTimeoutMs),
  },
  {
    route: 'plate',
    path: '{vin}/plate',
    methods: ['POST'],
    vehicle: (v, r) => handlers.plate(v, r.body, r.contentType),
  },
  {
    route: 'release_notes',
    path: '{vin}/release_notes/{version?}',
    methods: ['GET'],
    vehicle: (v, r) => handlers.releaseNotes(v, r.match.version, r.query, r.sim.assetBaseUrl()),
  },
  {
    route: 'set_tag',
    path: '{vin}/drives/set_tag',
    methods: ['POST'],
    vehicle: (v, r) => handlers.setTag(v, r.body, r.contentType),
  },
  {
    route: 'command',
    path: '{vin}/command/{command}',
    // Public clients send commands as GET too (the service's quick start gives them as browser URLs).
    methods: ['GET', 'POST'],
    ownerOnly: (match) => OWNER_ONLY_COMMANDS.has(match.command ?? ''),
    unknown: (match) =>
      isServiceCommandName(match.command) ? null : `Unknown command ${(match.command ?? '').slice(0, 60)}`,
    vehicle: (v, { match, query, sim }) => {
      const name = match.command ?? '';
      if (isWorkshopCommandName(name)) return workshopCommand(v, name, query, sim.runner);
      return handlers.command(v, name, query, sim.runner);
    },
  },
  {
    route: 'driver_delete',
    path: '{vin}/drivers/{id}/delete',
    methods: ['POST'],
    ownerOnly: true,
    vehicle: (v, r) => accessHandlers.deleteDriver(v, r.match.id, r.body, r.contentType),
  },
  {
    route: 'invitation_revoke',
    path: '{vin}/invitations/{id}/revoke',
    methods: ['POST'],
    ownerOnly: true,
    vehicle: (v, r) => accessHandlers.revokeInvitation(v, r.match.id),
  },
];

const BY_ROUTE: ReadonlyMap<RouteName, RouteRow> = new Map(ROUTES.map((row) => [row.route, row]));

/** The row of a route. */
export function routeRow(route: RouteName): RouteRow {
  const row = BY_ROUTE.get(route);
  if (!row) throw new RangeError(`the simulator has no route ${route}`);
  return row;
}

/** Whether only the owner's token may make this request. */
export function ownerOnly(match: RouteMatch): boolean {
  const rule = routeRow(match.route).ownerOnly ?? false;
  return typeof rule === 'function' ? rule(match) : rule;
}

/** Why the request names something the service does not know (a 404), or null. */
export function unknownTarget(match: RouteMatch): string | null {
  return routeRow(match.route).unknown?.(match) ?? null;
}

/** Dispatches a routed request to its row's handler; null when the row needs a vehicle it did not get. */
export function answer(request: RouteRequest, vehicle: VehicleRuntime | null): Answer | null {
  const row = routeRow(request.match.route);
  if (row.account) return row.account(request);
  return vehicle && row.vehicle ? row.vehicle(vehicle, request) : null;
}

/** Whether a route names a vehicle (its answer needs the VIN to be one of the fleet). */
export function namesVehicle(route: RouteName): boolean {
  return routeRow(route).vehicle !== undefined;
}

interface Pattern {
  row: RouteRow;
  segments: readonly string[];
}

const PATTERNS: readonly Pattern[] = ROUTES.map((row) => ({ row, segments: row.path.split('/') }));

/** The request's segments against one pattern: its parameters, or null when it does not fit. */
function fit(
  segments: readonly string[],
  parts: readonly string[],
): { vin: string | null; command: string | null; version: string | null; id: string | null } | null {
  const optionalLast = segments.at(-1)?.endsWith('?}') === true;
  if (parts.length !== segments.length && !(optionalLast && parts.length === segments.length - 1))
    return null;
  const found = {
    vin: null as string | null,
    command: null as string | null,
    version: null as string | null,
    id: null as string | null,
  };
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const part = parts[i];
    switch (segment) {
      case '{vin}':
        if (part === undefined || part === '') return null;
        found.vin = part;
        break;
      case '{command}':
        if (part === undefined || part === '') return null;
        found.command = part;
        break;
      case '{id}':
        found.id = decode(part ?? '');
        break;
      case '{version?}':
        // Tolerates the missing trailing slash of an empty version.
        found.version = part === undefined ? '' : decode(part);
        break;
      default:
        if (part !== segment) return null;
    }
  }
  return found;
}

export function matchRoute(path: string, method: string): RouteMatch | null {
  if (!path.startsWith('/')) return null;
  const parts = path.slice(1).split('/');
  type Hit = { row: RouteRow; params: NonNullable<ReturnType<typeof fit>> };
  let first: Hit | null = null;
  let chosen: Hit | null = null;
  const allow: Method[] = [];
  for (const { row, segments } of PATTERNS) {
    const params = fit(segments, parts);
    if (params === null) continue;
    if (first === null || (!first.row.methods.includes('GET') && row.methods.includes('GET')))
      first = { row, params };
    for (const m of row.methods) if (!allow.includes(m)) allow.push(m);
    if (chosen === null && (row.methods as readonly string[]).includes(method)) chosen = { row, params };
  }
  const hit = chosen ?? first;
  if (hit === null) return null;
  allow.sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
  return { route: hit.row.route, allow, ...hit.params };
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
