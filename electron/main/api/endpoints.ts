// The service's endpoints, one row each: how the arguments are turned into a request,
// which timeout and busy key apply, the answer's schema, and what is kept of the answer. Adding an
// endpoint is adding a row (and its request builder in requests.ts). The access operations'
// rows (drivers, invitations, configuration writes, workshop commands) are in access-endpoints.ts.
//
// `prepare` runs synchronously with the call, so two calls in the same tick (a double click) meet
// the busy guard one after the other and cannot both send.
import type { CommandName } from '../../shared/commands';
import {
  accountVehiclesSchema,
  commandResultSchema,
  releaseNotesSchema,
  vehicleStateSchema,
  wakeResultSchema,
  type CommandResult,
} from '../../shared/wire';
import { fleetBatteryHealthSchema, fleetStatusSchema } from '../../shared/fleet-wire';
import { ACCESS_ENDPOINTS } from './access-endpoints';
import type { Caller } from './call';
import {
  row,
  vehicleRead,
  type EndpointRow,
  type MethodsOf,
  type RowCall,
  type Timeouts,
} from './endpoint-row';
import { VEHICLE_READ_ENDPOINTS } from './vehicle-read-endpoints';
import { sanitizeText } from './errors';
import {
  accountVehiclesRequest,
  commandRequest,
  fleetBatteryHealthRequest,
  fleetStatusRequest,
  setChargeCostRequest,
  releaseNotesRequest,
  setDriveTagRequest,
  setPlateRequest,
  stateRequest,
  wakeRequest,
  type WireRequest,
} from './requests';
import { commandCall, releaseNotesCall, type CommandOptions, type ReleaseNotesQuery } from './call-args';

export type { EndpointRow };

const REASON_MAX = 500;

/** A command's reason is the service's text: cut and cleaned before anyone shows it. */
function tidyResult(r: CommandResult): CommandResult {
  return {
    result: r.result,
    ...(r.reason === undefined ? {} : { reason: sanitizeText(r.reason, REASON_MAX) }),
    ...(r.woke === undefined ? {} : { woke: r.woke }),
  };
}

/** A write to one vehicle: sent once, refused while the same write to the same VIN runs. */
function vehicleWrite(timeouts: Timeouts, v: string, req: WireRequest): RowCall {
  return {
    req,
    ctx: { route: req.route, requestClass: 'write', vin: v },
    timeoutMs: timeouts.writeMs,
    busyKey: `${req.route}:${v}`,
  };
}

export const ENDPOINTS = {
  releaseNotes: row({
    label: 'api.doing.releaseNotes',
    schema: releaseNotesSchema,
    prepare: (t, vin: string, q?: ReleaseNotesQuery) => {
      const query = releaseNotesCall(q);
      return {
        req: releaseNotesRequest(vin, query),
        ctx: { route: 'release_notes', requestClass: 'read', vin, version: query.version },
        timeoutMs: t.readMs,
        busyKey: null,
      };
    },
  }),

  setPlate: row({
    label: 'api.doing.setPlate',
    schema: commandResultSchema,
    finish: tidyResult,
    prepare: (t, vin: string, body: { plate: string | null }) =>
      vehicleWrite(t, vin, setPlateRequest(vin, body.plate)),
  }),

  /** A charging session's cost in the account's currency, or null to clear it; sent once. */
  setChargeCost: row({
    label: 'api.doing.setChargeCost',
    schema: commandResultSchema,
    finish: tidyResult,
    prepare: (t, vin: string, id: number, cost: number | null) =>
      vehicleWrite(t, vin, setChargeCostRequest(vin, id, cost)),
  }),

  setDriveTag: row({
    label: 'api.doing.setDriveTag',
    schema: commandResultSchema,
    finish: tidyResult,
    /** `drives` as the IPC edge normalised it ("10000,10001"). */
    prepare: (t, vin: string, body: { drives: string; tag: string }) =>
      vehicleWrite(t, vin, setDriveTagRequest(vin, body)),
  }),

  command: row({
    label: 'api.doing.command',
    schema: commandResultSchema,
    finish: tidyResult,
    prepare: (t, vin: string, name: CommandName, opts?: CommandOptions) => {
      const cmd = commandCall(name, opts);
      return {
        req: commandRequest(vin, cmd),
        ctx: { route: 'command', requestClass: 'command', vin, commandName: cmd.name },
        timeoutMs: cmd.waitForCompletion ? t.commandWaitMs : t.commandNoWaitMs,
        busyKey: `command:${cmd.name}:${vin}`,
      };
    },
  }),

  /** `GET /vehicles`; `last_state` comes back without `tokens` or any undeclared field. */
  accountVehicles: row({
    label: 'api.doing.accountVehicles',
    schema: accountVehiclesSchema,
    prepare: (t, q?: { onlyActive?: boolean }) => ({
      req: accountVehiclesRequest(q?.onlyActive ?? false),
      ctx: { route: 'vehicles', requestClass: 'read' },
      timeoutMs: t.readMs,
      busyKey: null,
    }),
  }),

  /** Every car's battery health on the account: now, or as measured inside a window. */
  fleetBatteryHealth: row({
    label: 'api.doing.fleetBatteryHealth',
    schema: fleetBatteryHealthSchema,
    prepare: (t, q: Parameters<typeof fleetBatteryHealthRequest>[0] = {}) => ({
      req: fleetBatteryHealthRequest(q),
      ctx: { route: 'fleet_battery_health', requestClass: 'read' },
      timeoutMs: t.readMs,
      busyKey: null,
    }),
  }),

  /** Whether the cars take signed commands (key paired, protocol, firmware, keys); reaches no car. */
  fleetStatus: row({
    label: 'api.doing.fleetStatus',
    schema: fleetStatusSchema,
    prepare: (t, vins: readonly string[]) => ({
      req: fleetStatusRequest(vins),
      ctx: { route: 'fleet_status', requestClass: 'read' },
      timeoutMs: t.readMs,
      busyKey: null,
    }),
  }),

  /** `useCache` defaults to true: the service's copy, which never wakes the vehicle. */
  state: row({
    label: 'api.doing.state',
    schema: vehicleStateSchema,
    prepare: (t, vin: string, useCache?: boolean) => vehicleRead(t, vin, stateRequest(vin, useCache ?? true)),
  }),

  /** Waking is a write: sent once, `busy` while a wake of the same VIN runs. */
  wake: row({
    label: 'api.doing.wake',
    schema: wakeResultSchema,
    finish: (r) => ({ result: r.result }),
    prepare: (t, vin: string) => ({
      req: wakeRequest(vin),
      ctx: { route: 'wake', requestClass: 'command', vin },
      timeoutMs: t.commandWaitMs,
      busyKey: `wake:${vin}`,
    }),
  }),

  ...ACCESS_ENDPOINTS,
  ...VEHICLE_READ_ENDPOINTS,
};

/** The client's method for each row: its arguments and its answer, as the row types them. */
export type EndpointMethods = MethodsOf<typeof ENDPOINTS>;

/** The table's rows as methods: prepared at once (the busy guard meets a double click), then called. */
export function bindEndpoints(timeouts: Timeouts, call: Caller): EndpointMethods {
  const bound: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, r] of Object.entries(ENDPOINTS) as [string, EndpointRow<unknown[], unknown, unknown>][]) {
    bound[name] = (...args) => {
      try {
        const rowCall = r.prepare(timeouts, ...args);
        const prepared = { ...rowCall, ctx: { ...rowCall.ctx, label: r.label } };
        const sent = call(prepared, r.schema);
        const answer = r.explain ? sent.catch((e: unknown) => r.explain?.(e, prepared.ctx)) : sent;
        return r.finish ? answer.then(r.finish) : answer;
      } catch (e) {
        return Promise.reject(e);
      }
    };
  }
  return bound as EndpointMethods;
}
