// The access operations of the public service as rows of the client's endpoint table: drivers,
// invitations, guest mode, telemetry configuration writes and the workshop commands. Each row
// builds the request in the public wire form (its arguments were checked where they entered main), names the
// answer's schema and what the service's refusals mean for it. The client's caller does the rest
// (busy guard, token, slot, timeout, status → AppError); writes and commands are sent once.
// Ids stay the strings the service sends.
import { AppError } from '../../shared/result';
import type { TelemetryFields } from '../../shared/telemetry-rules';
import { commandResultSchema } from '../../shared/wire';
import {
  accessResultSchema,
  driverRowsSchema,
  invitationCreatedSchema,
  listedInvitationsSchema,
  readableDrivers,
  shareLinkProblem,
  telemetryWriteResultSchema,
  type Invitation,
} from '../../shared/wire-access';
import {
  WORKSHOP_COMMANDS,
  isWorkshopCommandName,
  type GuestCommandName,
  type WorkshopCommandName,
} from '../../shared/workshop-commands';
import { row, type RowCall, type Timeouts } from './endpoint-row';
import { sanitizeText, type ErrorContext } from './errors';
import type { RequestClass, WireRequest } from './requests';
import { workshopCommandCall, type WorkshopCommandCall, type WorkshopCommandOptions } from './call-args';

export type AccessRequest = WireRequest;

export type { WorkshopCommandOptions };

const REASON_MAX = 500;

function vinPath(vin: string): string {
  return '/' + encodeURIComponent(vin);
}

function request(
  route: AccessRequest['route'],
  requestClass: RequestClass,
  method: AccessRequest['method'],
  path: string,
  body: string | null = null,
  query: [string, string][] = [],
): AccessRequest {
  return { route, requestClass, method, path, query, body };
}

// --- requests (pure) ---------------------------------------------------------------------------

export function driversRequest(vin: string): AccessRequest {
  return request('drivers', 'read', 'GET', `${vinPath(vin)}/drivers`);
}

/** A string of digits as a JSON number spells it: no leading zeros ("0009" is 9, "000" is 0). */
const jsonDigits = (digits: string) => digits.replace(/^0+(?=\d)/, '');

/**
 * The path names the driver by `user_id` (what the service does with `my_tesla_unique_id` there is
 * not documented); the body's `user_id` is written from the id string, so it is exact at any size.
 * A JSON number has no leading zeros: "0009" is written 9, in the body and the path alike.
 */
export function removeDriverRequest(vin: string, userId: string): AccessRequest {
  const id = jsonDigits(userId);
  return request(
    'driver_delete',
    'write',
    'POST',
    `${vinPath(vin)}/drivers/${id}/delete`,
    `{"user_id":${id}}`,
  );
}

/**
 * The invitation just made, its link checked: only an https address on tesla.com is ever shown or
 * opened (a `javascript:` or `file:` link would run or read something on this machine).
 */
function checkedInvitation(invitation: Invitation): Invitation {
  const problem = shareLinkProblem(invitation.share_link);
  if (problem === null) return invitation;
  throw new AppError(
    'bad_response',
    `The invitation was made, but the link the service gave for it is refused (${problem}): it is not shown. Revoke invitation ${invitation.id_s} if it should not stand.`,
  );
}

export function invitationsRequest(vin: string): AccessRequest {
  return request('invitations', 'read', 'GET', `${vinPath(vin)}/invitations`);
}

export function createInvitationRequest(vin: string): AccessRequest {
  return request('invitation_create', 'write', 'POST', `${vinPath(vin)}/invitations`);
}

export function revokeInvitationRequest(vin: string, id: string): AccessRequest {
  return request('invitation_revoke', 'write', 'POST', `${vinPath(vin)}/invitations/${id}/revoke`);
}

/** `fields` null sends the empty body that restores the service's recommended configuration. */
export function telemetryWriteRequest(vin: string, fields: TelemetryFields | null): AccessRequest {
  return request(
    'fleet_telemetry_config_write',
    'write',
    'POST',
    `${vinPath(vin)}/fleet_telemetry_config`,
    fields === null ? null : JSON.stringify({ fields }),
  );
}

export function telemetryDeleteRequest(vin: string): AccessRequest {
  return request(
    'fleet_telemetry_config_delete',
    'write',
    'DELETE',
    `${vinPath(vin)}/fleet_telemetry_config`,
  );
}

export function workshopCommandRequest(vin: string, cmd: WorkshopCommandCall): AccessRequest {
  const query: [string, string][] = [
    ['wait_for_completion', String(cmd.waitForCompletion)],
    ['max_attempts', String(cmd.maxAttempts)],
  ];
  if (cmd.inSeconds !== null) query.push(['in_seconds', String(cmd.inSeconds)]);
  return request('command', 'command', 'POST', `${vinPath(vin)}/command/${cmd.name}`, null, query);
}

// --- what the service's refusals mean here ------------------------------------------------------

/**
 * The generic status messages speak of the VIN; on these operations a 403 means the token is not
 * the owner's, a 404 after the VIN was found means the driver or invitation is gone, and a 429 on a
 * configuration write means another write is under way.
 */
function explain(e: unknown, ctx: ErrorContext, what: string | null): never {
  if (!(e instanceof AppError)) throw e;
  const { kind, message: _m, ...more } = e.info;
  if (kind === 'forbidden' && what !== null) {
    throw new AppError(
      'forbidden',
      `This API token is not the owner's of vehicle ${ctx.vin ?? ''} (403): only the owner's token can ${what}. Use the owner's token for this vehicle.`,
      more,
    );
  }
  if (kind === 'not_found' && (ctx.route === 'driver_delete' || ctx.route === 'invitation_revoke')) {
    const thing = ctx.route === 'driver_delete' ? 'driver' : 'invitation';
    throw new AppError(
      'not_found',
      `The service knows no such ${thing} on VIN ${ctx.vin ?? ''}, or not the VIN (404); it may be gone already. Reload the list.`,
      more,
    );
  }
  if (kind === 'rate_limited' && ctx.route.startsWith('fleet_telemetry_config_')) {
    throw new AppError(
      'rate_limited',
      `The service takes one telemetry configuration write at a time for the account, and another is under way (429). Try again${
        more.retryAfterSeconds === undefined ? ' shortly' : ` in ${more.retryAfterSeconds} s`
      }.`,
      more,
    );
  }
  throw e;
}

function tidy<T extends { reason?: string }>(r: T): T {
  return r.reason === undefined ? r : { ...r, reason: sanitizeText(r.reason, REASON_MAX) };
}

/** An owner-only refusal explained with what the owner's token alone may do. */
const ownerOnly =
  (what: string) =>
  (e: unknown, ctx: ErrorContext): never =>
    explain(e, ctx, what);

function prepared(t: Timeouts, req: AccessRequest, vin: string, busyKey: string | null): RowCall {
  return {
    req,
    ctx: { route: req.route, requestClass: req.requestClass, vin },
    timeoutMs: req.requestClass === 'read' ? t.readMs : t.writeMs,
    busyKey,
  };
}

export const ACCESS_ENDPOINTS = {
  /** Owner's token only (a 403 explained otherwise). */
  drivers: row({
    label: 'reading the drivers',
    schema: driverRowsSchema,
    finish: readableDrivers,
    explain: ownerOnly('list the drivers'),
    prepare: (t, vin: string) => prepared(t, driversRequest(vin), vin, null),
  }),

  /** `userId` is the driver's `user_id_s`; their phone keys go with them. */
  removeDriver: row({
    label: 'removing a driver',
    schema: accessResultSchema,
    finish: tidy,
    explain: ownerOnly('remove drivers'),
    prepare: (t, vin: string, userId: string) => {
      return prepared(t, removeDriverRequest(vin, userId), vin, `driver:${vin}:${jsonDigits(userId)}`);
    },
  }),

  invitations: row({
    label: 'reading the invitations',
    // Without each one's code and link: the list shows neither (see listedInvitationSchema).
    schema: listedInvitationsSchema,
    explain: ownerOnly('list invitations'),
    prepare: (t, vin: string) => prepared(t, invitationsRequest(vin), vin, null),
  }),

  createInvitation: row({
    label: 'creating an invitation',
    schema: invitationCreatedSchema,
    finish: (r) => checkedInvitation(r.result),
    explain: ownerOnly('invite drivers'),
    prepare: (t, vin: string) => prepared(t, createInvitationRequest(vin), vin, `invitation_create:${vin}`),
  }),

  /** `id` is the invitation's `id_s`. */
  revokeInvitation: row({
    label: 'revoking an invitation',
    schema: accessResultSchema,
    finish: tidy,
    explain: ownerOnly('revoke invitations'),
    prepare: (t, vin: string, id: string) => {
      return prepared(t, revokeInvitationRequest(vin, id), vin, `invitation:${vin}:${id}`);
    },
  }),

  /** `'recommended'` restores the service's recommended configuration (an empty body). */
  writeTelemetryConfig: row({
    label: 'writing the telemetry configuration',
    schema: telemetryWriteResultSchema,
    explain: ownerOnly('write the telemetry configuration'),
    prepare: (t, vin: string, fields: TelemetryFields | 'recommended') => {
      const body = fields === 'recommended' ? null : fields;
      return prepared(t, telemetryWriteRequest(vin, body), vin, `telemetry:${vin}`);
    },
  }),

  /** `DELETE`: stops all telemetry of the vehicle; confirm first. */
  deleteTelemetryConfig: row({
    label: 'stopping telemetry',
    schema: telemetryWriteResultSchema,
    explain: ownerOnly('stop the telemetry'),
    prepare: (t, vin: string) => prepared(t, telemetryDeleteRequest(vin), vin, `telemetry:${vin}`),
  }),

  workshopCommand: row({
    label: 'the command',
    schema: commandResultSchema,
    finish: tidy,
    explain: (e, ctx) =>
      explain(
        e,
        ctx,
        ctx.commandName !== undefined &&
          isWorkshopCommandName(ctx.commandName) &&
          WORKSHOP_COMMANDS[ctx.commandName].ownerOnly
          ? 'switch guest mode'
          : null,
      ),
    prepare: (
      t,
      vin: string,
      name: WorkshopCommandName | GuestCommandName,
      opts?: WorkshopCommandOptions,
    ) => {
      const cmd = workshopCommandCall(name, opts);
      return {
        req: workshopCommandRequest(vin, cmd),
        ctx: { route: 'command', requestClass: 'command', vin, commandName: cmd.name },
        timeoutMs: cmd.waitForCompletion ? t.commandWaitMs : t.commandNoWaitMs,
        busyKey: `command:${cmd.name}:${vin}`,
      };
    },
  }),
};
