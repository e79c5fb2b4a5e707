// The access operations of the public service as rows of the client's endpoint table: drivers,
// invitations, guest mode, telemetry configuration writes and the workshop commands. Each row
// builds the request in the public wire form (its arguments were checked where they entered main), names the
// answer's schema and what the service's refusals mean for it. The client's caller does the rest
// (busy guard, token, slot, timeout, status → AppError); writes and commands are sent once.
// Ids stay the strings the service sends.
import { AppError } from '../../shared/result';
import { tm } from '../i18n/main-words';
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
  const problem = shareLinkProblem(invitation.share_link, tm);
  if (problem === null) return invitation;
  throw new AppError('bad_response', tm('api.access.linkRefused', { problem, id: invitation.id_s }));
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
/** What only the owner's token may do, as the refusal names it. */
type OwnerOnly =
  | 'listDrivers'
  | 'removeDrivers'
  | 'listInvitations'
  | 'inviteDrivers'
  | 'revokeInvitations'
  | 'writeTelemetry'
  | 'stopTelemetry'
  | 'switchGuestMode';

function explain(e: unknown, ctx: ErrorContext, what: OwnerOnly | null): never {
  if (!(e instanceof AppError)) throw e;
  const { kind, message: _m, ...more } = e.info;
  if (kind === 'forbidden' && what !== null) {
    throw new AppError('forbidden', tm('api.access.notOwner', { vin: ctx.vin ?? '', what }), more);
  }
  if (kind === 'not_found' && (ctx.route === 'driver_delete' || ctx.route === 'invitation_revoke')) {
    const thing = ctx.route === 'driver_delete' ? 'driver' : 'invitation';
    throw new AppError('not_found', tm('api.access.gone', { thing, vin: ctx.vin ?? '' }), more);
  }
  if (kind === 'rate_limited' && ctx.route.startsWith('fleet_telemetry_config_')) {
    const seconds = more.retryAfterSeconds ?? 'none';
    throw new AppError('rate_limited', tm('api.access.telemetryBusy', { seconds }), more);
  }
  throw e;
}

function tidy<T extends { reason?: string }>(r: T): T {
  return r.reason === undefined ? r : { ...r, reason: sanitizeText(r.reason, REASON_MAX) };
}

/** An owner-only refusal explained with what the owner's token alone may do. */
const ownerOnly =
  (what: OwnerOnly) =>
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
    label: 'api.doing.drivers',
    schema: driverRowsSchema,
    finish: readableDrivers,
    explain: ownerOnly('listDrivers'),
    prepare: (t, vin: string) => prepared(t, driversRequest(vin), vin, null),
  }),

  /** `userId` is the driver's `user_id_s`; their phone keys go with them. */
  removeDriver: row({
    label: 'api.doing.removeDriver',
    schema: accessResultSchema,
    finish: tidy,
    explain: ownerOnly('removeDrivers'),
    prepare: (t, vin: string, userId: string) => {
      return prepared(t, removeDriverRequest(vin, userId), vin, `driver:${vin}:${jsonDigits(userId)}`);
    },
  }),

  invitations: row({
    label: 'api.doing.invitations',
    // Without each one's code and link: the list shows neither (see listedInvitationSchema).
    schema: listedInvitationsSchema,
    explain: ownerOnly('listInvitations'),
    prepare: (t, vin: string) => prepared(t, invitationsRequest(vin), vin, null),
  }),

  createInvitation: row({
    label: 'api.doing.createInvitation',
    schema: invitationCreatedSchema,
    finish: (r) => checkedInvitation(r.result),
    explain: ownerOnly('inviteDrivers'),
    prepare: (t, vin: string) => prepared(t, createInvitationRequest(vin), vin, `invitation_create:${vin}`),
  }),

  /** `id` is the invitation's `id_s`. */
  revokeInvitation: row({
    label: 'api.doing.revokeInvitation',
    schema: accessResultSchema,
    finish: tidy,
    explain: ownerOnly('revokeInvitations'),
    prepare: (t, vin: string, id: string) => {
      return prepared(t, revokeInvitationRequest(vin, id), vin, `invitation:${vin}:${id}`);
    },
  }),

  /** `'recommended'` restores the service's recommended configuration (an empty body). */
  writeTelemetryConfig: row({
    label: 'api.doing.writeTelemetry',
    schema: telemetryWriteResultSchema,
    explain: ownerOnly('writeTelemetry'),
    prepare: (t, vin: string, fields: TelemetryFields | 'recommended') => {
      const body = fields === 'recommended' ? null : fields;
      return prepared(t, telemetryWriteRequest(vin, body), vin, `telemetry:${vin}`);
    },
  }),

  /** `DELETE`: stops all telemetry of the vehicle; confirm first. */
  deleteTelemetryConfig: row({
    label: 'api.doing.deleteTelemetry',
    schema: telemetryWriteResultSchema,
    explain: ownerOnly('stopTelemetry'),
    prepare: (t, vin: string) => prepared(t, telemetryDeleteRequest(vin), vin, `telemetry:${vin}`),
  }),

  workshopCommand: row({
    label: 'api.doing.command',
    schema: commandResultSchema,
    finish: tidy,
    explain: (e, ctx) =>
      explain(
        e,
        ctx,
        ctx.commandName !== undefined &&
          isWorkshopCommandName(ctx.commandName) &&
          WORKSHOP_COMMANDS[ctx.commandName].ownerOnly
          ? 'switchGuestMode'
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
