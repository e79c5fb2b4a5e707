// Drivers, invitations, and telemetry configuration writes (shared/interface/public-api-access.md),
// after routing, auth, the VIN lookup and the owner check have been done by server.ts.
import { recommendedTelemetryFields } from '../../shared/telemetry-fields';
import { fieldProblems, type TelemetryFields } from '../../shared/telemetry-rules';
import { INVITATION_TTL_MS, MAX_DRIVERS, invitationCode, makeId } from './fleet-access';
import { bodyObject } from './handlers';
import type { Rng } from './prng';
import { error, json, type Reply } from './reply';
import type { TelemetryWrites } from './telemetry-writes';
import type { SimDriver, SimInvitation } from './types';
import type { Check } from './validation';
import type { VehicleRuntime } from './vehicle-runtime';

/** The account the simulator serves: its owner id and the stream new invitations draw from. */
export interface Account {
  ownerId: string;
  rng: Rng;
  /** What an invitation's share link starts with, before its code; tesla.com's by default. */
  shareLinkBase: string;
}

const ID_RE = /^\d{1,20}$/;

function driverView(d: SimDriver) {
  return {
    my_tesla_unique_id: Number(d.myTeslaUniqueId),
    user_id: Number(d.userId),
    user_id_s: d.userId,
    driver_first_name: d.firstName,
    driver_last_name: d.lastName,
    granular_access: { hide_private: d.hidePrivate },
    active_pubkeys: d.activePubkeys,
    public_key: d.publicKey,
  };
}

export const SHARE_LINK_BASE = 'https://www.tesla.com/_rs/1/';

export function shareLink(code: string, base: string = SHARE_LINK_BASE): string {
  return `${base}${code}`;
}

function invitationView(vin: string, i: SimInvitation, account: Account) {
  return {
    id: Number(i.id),
    id_s: i.id,
    owner_id: Number(i.ownerId),
    owner_id_s: i.ownerId,
    share_user_id: i.shareUserId === null ? null : Number(i.shareUserId),
    share_user_id_s: i.shareUserId,
    product_id: vin,
    vin,
    state: i.state,
    code: i.code,
    expires_at: new Date(i.expiresAt).toISOString(),
    revoked_at: i.revokedAt === null ? null : new Date(i.revokedAt).toISOString(),
    product_type: 'vehicle',
    share_type: 'customer',
    share_link: shareLink(i.code, account.shareLinkBase),
  };
}

export function drivers(vehicle: VehicleRuntime): Reply {
  return json(200, { results: vehicle.state.drivers.map(driverView) });
}

function pathId(id: string | null, what: string): Check<string> {
  if (id === null || !ID_RE.test(id)) {
    return { ok: false, error: `${what} id must be a string of digits` };
  }
  return { ok: true, value: id };
}

/** `user_id` as a number (what the service documents) or a string of digits (exact for any size). */
function userIdOf(body: Record<string, unknown>): Check<string> {
  const value = body['user_id'];
  if (value === undefined) return { ok: false, error: 'user_id is required' };
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    return { ok: true, value: String(value) };
  }
  if (typeof value === 'string' && ID_RE.test(value)) return { ok: true, value };
  return { ok: false, error: 'user_id must be the driver’s user id (an integer)' };
}

/**
 * `POST /{vin}/drivers/{id}/delete` with `{"user_id": …}`: the path names the driver by `user_id` or
 * `my_tesla_unique_id` (public clients differ), the body's `user_id` must be that driver's. Removes
 * the driver and their phone keys.
 */
export function deleteDriver(
  vehicle: VehicleRuntime,
  id: string | null,
  body: string,
  contentType: string | undefined,
): Reply {
  const checked = pathId(id, 'driver');
  if (!checked.ok) return error(400, checked.error);
  const obj = bodyObject(body, contentType);
  if (!obj.value) return obj.reply;
  const userId = userIdOf(obj.value);
  if (!userId.ok) return error(400, userId.error);
  const list = vehicle.state.drivers;
  const index = list.findIndex((d) => d.userId === checked.value || d.myTeslaUniqueId === checked.value);
  const driver = list[index];
  if (!driver) return error(404, `Driver ${checked.value} not found on this vehicle`);
  if (driver.userId !== userId.value) {
    return error(400, `user_id ${userId.value} is not the user id of driver ${checked.value}`);
  }
  list.splice(index, 1);
  vehicle.changed();
  return json(200, { result: true });
}

export function invitations(vehicle: VehicleRuntime, account: Account): Reply {
  const { vin, invitations: list } = vehicle.state;
  return json(200, { results: list.map((i) => invitationView(vin, i, account)) });
}

/** Pending invitations not yet expired: each may become a driver. */
function openInvitations(list: readonly SimInvitation[], now: number): number {
  return list.filter((i) => i.state === 'pending' && i.expiresAt > now).length;
}

/** `POST /{vin}/invitations`: a new pending invitation with its share link (no body is documented). */
export function createInvitation(vehicle: VehicleRuntime, account: Account): Reply {
  const now = vehicle.now();
  const { state } = vehicle;
  if (state.drivers.length + openInvitations(state.invitations, now) >= MAX_DRIVERS) {
    return error(
      400,
      `A vehicle can have at most ${MAX_DRIVERS} additional drivers, pending invitations included; remove a driver or revoke an invitation first`,
    );
  }
  const invitation: SimInvitation = {
    id: makeId(account.rng),
    ownerId: account.ownerId,
    shareUserId: null,
    state: 'pending',
    code: invitationCode(account.rng),
    expiresAt: now + INVITATION_TTL_MS,
    revokedAt: null,
  };
  state.invitations.push(invitation);
  vehicle.changed();
  return json(200, { result: invitationView(state.vin, invitation, account) });
}

/**
 * `POST /{vin}/invitations/{id}/revoke`: a pending invitation becomes `revoked` (it stays listed,
 * with `revoked_at`); one already revoked or accepted answers `result: false` with the reason.
 */
export function revokeInvitation(vehicle: VehicleRuntime, id: string | null): Reply {
  const checked = pathId(id, 'invitation');
  if (!checked.ok) return error(400, checked.error);
  const invitation = vehicle.state.invitations.find((i) => i.id === checked.value);
  if (!invitation) return error(404, `Invitation ${checked.value} not found on this vehicle`);
  if (invitation.state !== 'pending') {
    return json(200, { result: false, reason: `already_${invitation.state}` });
  }
  invitation.state = 'revoked';
  invitation.revokedAt = vehicle.now();
  vehicle.changed();
  return json(200, { result: true });
}

/** The fields a write asks for: an empty body (or `{}`) means the recommended configuration. */
export function telemetryWriteFields(
  body: string,
  contentType: string | undefined,
): Check<TelemetryFields> | Reply {
  if (body.trim() === '') return { ok: true, value: recommendedTelemetryFields() };
  const obj = bodyObject(body, contentType);
  if (!obj.value) return obj.reply;
  const keys = Object.keys(obj.value);
  if (keys.length === 0) return { ok: true, value: recommendedTelemetryFields() };
  const unknown = keys.filter((k) => k !== 'fields');
  if (unknown.length > 0) {
    return {
      ok: false,
      error: `Unknown key ${JSON.stringify(unknown[0]?.slice(0, 40))}; send {"fields": {...}}`,
    };
  }
  const fields = obj.value['fields'];
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    return { ok: false, error: 'fields must be an object of field name to {"interval_seconds": n}' };
  }
  const problems = fieldProblems(fields as Record<string, unknown>);
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).map((p) => p.message);
    const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
    return { ok: false, error: shown.join('; ') + more };
  }
  const value: TelemetryFields = {};
  for (const [name, spec] of Object.entries(fields as Record<string, { interval_seconds: number }>)) {
    value[name] = { interval_seconds: spec.interval_seconds };
  }
  return { ok: true, value };
}

export async function writeTelemetry(
  vehicle: VehicleRuntime,
  writes: TelemetryWrites,
  body: string,
  contentType: string | undefined,
): Promise<Reply> {
  const fields = telemetryWriteFields(body, contentType);
  if ('kind' in fields) return fields;
  if (!fields.ok) return error(400, fields.error);
  return writes.write(vehicle, fields.value);
}

export function deleteTelemetry(vehicle: VehicleRuntime, writes: TelemetryWrites): Promise<Reply> {
  return writes.write(vehicle, null);
}
