// The service's endpoints, one row each: how the arguments are checked and turned into a request,
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
  drivesSchema,
  firmwareAlertsSchema,
  plateReadSchema,
  releaseNotesSchema,
  telemetryConfigSchema,
  tirePressureSchema,
  vehicleStateSchema,
  vehicleStatusSchema,
  wakeResultSchema,
  type CommandResult,
} from '../../shared/wire';
import { ACCESS_ENDPOINTS } from './access-endpoints';
import type { Caller, PreparedCall } from './call';
import { row, type EndpointRow, type Timeouts } from './endpoint-row';
import { sanitizeText } from './errors';
import {
  accountVehiclesRequest,
  commandRequest,
  drivesRequest,
  firmwareAlertsRequest,
  plateReadRequest,
  releaseNotesRequest,
  setDriveTagRequest,
  setPlateRequest,
  stateRequest,
  statusRequest,
  telemetryConfigRequest,
  tirePressureRequest,
  wakeRequest,
  type WireRequest,
} from './requests';
import {
  validateCommand,
  validateDrivesQuery,
  validateDriveTag,
  validateOnlyActive,
  validatePlate,
  validateReleaseNotesQuery,
  validateUseCache,
  validateVin,
  type CommandOptions,
  type DrivesQuery,
  type ReleaseNotesQuery,
} from './validate-input';

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

/** A read of one vehicle: VIN checked, then the request; retried per the read policy. */
function vehicleRead(timeouts: Timeouts, vin: unknown, build: (vin: string) => WireRequest): PreparedCall {
  const v = validateVin(vin);
  const req = build(v);
  return {
    req,
    ctx: { route: req.route, requestClass: 'read', vin: v },
    timeoutMs: timeouts.readMs,
    busyKey: null,
  };
}

/** A write to one vehicle: sent once, refused while the same write to the same VIN runs. */
function vehicleWrite(timeouts: Timeouts, v: string, req: WireRequest): PreparedCall {
  return {
    req,
    ctx: { route: req.route, requestClass: 'write', vin: v },
    timeoutMs: timeouts.writeMs,
    busyKey: `${req.route}:${v}`,
  };
}

export const ENDPOINTS = {
  telemetryConfig: row({
    schema: telemetryConfigSchema,
    prepare: (t, vin: string) => vehicleRead(t, vin, telemetryConfigRequest),
  }),

  releaseNotes: row({
    schema: releaseNotesSchema,
    prepare: (t, vin: string, q?: ReleaseNotesQuery) => {
      const v = validateVin(vin);
      const query = validateReleaseNotesQuery(q);
      return {
        req: releaseNotesRequest(v, query),
        ctx: { route: 'release_notes', requestClass: 'read', vin: v, version: query.version },
        timeoutMs: t.readMs,
        busyKey: null,
      };
    },
  }),

  setPlate: row({
    schema: commandResultSchema,
    finish: tidyResult,
    prepare: (t, vin: string, body: { plate: string | null }) => {
      const v = validateVin(vin);
      return vehicleWrite(t, v, setPlateRequest(v, validatePlate(body)));
    },
  }),

  setDriveTag: row({
    schema: commandResultSchema,
    finish: tidyResult,
    prepare: (t, vin: string, body: { drives: string; tag: string }) => {
      const v = validateVin(vin);
      return vehicleWrite(t, v, setDriveTagRequest(v, validateDriveTag(body)));
    },
  }),

  command: row({
    schema: commandResultSchema,
    finish: tidyResult,
    prepare: (t, vin: string, name: CommandName, opts?: CommandOptions) => {
      const v = validateVin(vin);
      const cmd = validateCommand(name, opts);
      return {
        req: commandRequest(v, cmd),
        ctx: { route: 'command', requestClass: 'command', vin: v, commandName: cmd.name },
        timeoutMs: cmd.waitForCompletion ? t.commandWaitMs : t.commandNoWaitMs,
        busyKey: `command:${cmd.name}:${v}`,
      };
    },
  }),

  accountVehicles: row({
    schema: accountVehiclesSchema,
    prepare: (t, q?: { onlyActive?: boolean }) => ({
      req: accountVehiclesRequest(validateOnlyActive(q)),
      ctx: { route: 'vehicles', requestClass: 'read' },
      timeoutMs: t.readMs,
      busyKey: null,
    }),
  }),

  status: row({
    schema: vehicleStatusSchema,
    prepare: (t, vin: string) => vehicleRead(t, vin, statusRequest),
  }),

  state: row({
    schema: vehicleStateSchema,
    prepare: (t, vin: string, useCache?: boolean) => {
      const cached = validateUseCache(useCache);
      return vehicleRead(t, vin, (v) => stateRequest(v, cached));
    },
  }),

  plate: row({
    schema: plateReadSchema,
    prepare: (t, vin: string) => vehicleRead(t, vin, plateReadRequest),
  }),

  drives: row({
    schema: drivesSchema,
    prepare: (t, vin: string, q?: DrivesQuery) => {
      const query = validateDrivesQuery(q);
      return vehicleRead(t, vin, (v) => drivesRequest(v, query));
    },
  }),

  firmwareAlerts: row({
    schema: firmwareAlertsSchema,
    prepare: (t, vin: string) => vehicleRead(t, vin, firmwareAlertsRequest),
  }),

  tirePressure: row({
    schema: tirePressureSchema,
    prepare: (t, vin: string) => vehicleRead(t, vin, tirePressureRequest),
  }),

  /** Waking is a write: sent once, `busy` while a wake of the same VIN runs. */
  wake: row({
    schema: wakeResultSchema,
    finish: (r) => ({ result: r.result }),
    prepare: (t, vin: string) => {
      const v = validateVin(vin);
      return {
        req: wakeRequest(v),
        ctx: { route: 'wake', requestClass: 'command', vin: v },
        timeoutMs: t.commandWaitMs,
        busyKey: `wake:${v}`,
      };
    },
  }),

  ...ACCESS_ENDPOINTS,
};

type Endpoints = typeof ENDPOINTS;

/** The client's method for each row. */
export type EndpointMethods = {
  [K in keyof Endpoints]: Endpoints[K] extends EndpointRow<infer A, infer _W, infer R>
    ? (...args: A) => Promise<R>
    : never;
};

/** The table's rows as methods that validate at once (a bad argument sends nothing) and then call. */
export function bindEndpoints(timeouts: Timeouts, call: Caller): EndpointMethods {
  const bound: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, r] of Object.entries(ENDPOINTS) as [string, EndpointRow<unknown[], unknown, unknown>][]) {
    bound[name] = (...args) => {
      try {
        const prepared = r.prepare(timeouts, ...args);
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
