// Response shapes of the access operations (shared/interface/public-api-access.md): drivers,
// invitations and telemetry configuration writes. The client validates every answer against these;
// the simulator's contract tests parse its answers with them too. Objects strip unknown fields, so
// only what is declared here leaves the API client.
//
// Ids: the numeric ids reach about 2.3 × 10^15, near the largest exact integer of a JavaScript
// number, and the service also sends each as a string (`*_s`). The strings are what the app keeps
// and sends back; the numbers are only checked for shape.
import { z } from 'zod';
import { english, type Say } from './i18n/english';
import type { UnreadableDriver } from './unreadable-drivers';

// Zod-free, so the window can word them without bundling the schemas.
export { unreadableDriversText, type UnreadableDriver } from './unreadable-drivers';

/** A decimal id as the service spells it in `*_s`. */
export const idString = z.string().regex(/^\d{1,20}$/, 'an id is a string of digits');

export const driverSchema = z.object({
  my_tesla_unique_id: z.number(),
  user_id: z.number(),
  user_id_s: idString,
  driver_first_name: z.string().nullable().optional(),
  driver_last_name: z.string().nullable().optional(),
  granular_access: z.object({ hide_private: z.boolean() }).nullable().optional(),
  active_pubkeys: z.array(z.string()).nullable().optional(),
  public_key: z.string().nullable().optional(),
});
export type Driver = z.infer<typeof driverSchema>;

/** `GET /{vin}/drivers` (the owner's token only), as the service documents it. */
export const driversSchema = z.object({ results: z.array(driverSchema) });

/**
 * The drivers list as the client takes it: each row is checked on its own, so one the app cannot
 * read (an id out of any number's range, a field of the wrong type) is left out and named, rather
 * than losing every driver of the car with it.
 */
export const driverRowsSchema = z.object({ results: z.array(z.unknown()) });

export interface DriversList {
  results: Driver[];
  /** Rows the service listed that could not be read, so are not in `results`; absent when none. */
  unreadable?: UnreadableDriver[];
}

export function readableDrivers(answer: z.infer<typeof driverRowsSchema>): DriversList {
  const results: Driver[] = [];
  const unreadable: UnreadableDriver[] = [];
  for (const row of answer.results) {
    const parsed = driverSchema.safeParse(row);
    if (parsed.success) {
      results.push(parsed.data);
      continue;
    }
    const id = idString.safeParse((row as { user_id_s?: unknown } | null)?.user_id_s);
    const fields = [
      ...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'row')),
    ];
    unreadable.push({ id: id.success ? id.data : null, fields: fields.slice(0, 5) });
  }
  return unreadable.length > 0 ? { results, unreadable } : { results };
}

export const invitationSchema = z.object({
  id: z.number(),
  id_s: idString,
  owner_id: z.number(),
  owner_id_s: idString,
  share_user_id: z.number().nullable(),
  share_user_id_s: idString.nullable().optional(),
  /** The VIN. */
  product_id: z.string(),
  vin: z.string(),
  /** e.g. "pending", "accepted", "revoked". */
  state: z.string(),
  code: z.string(),
  /** ISO 8601. */
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  product_type: z.string(),
  share_type: z.string(),
  /** What the invited person opens; checked by `checkShareLink` before anyone is shown it. */
  share_link: z.string().max(2048),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /{vin}/invitations`, as the service sends it. */
export const invitationsSchema = z.object({ results: z.array(invitationSchema) });

/**
 * An invitation as the app lists it: without its `code` and `share_link`, which let whoever holds
 * them become a driver of the car. The list never shows them; only the answer of creating one
 * carries its link, for the technician to pass on.
 */
export const listedInvitationSchema = invitationSchema.omit({ code: true, share_link: true });
export type ListedInvitation = z.infer<typeof listedInvitationSchema>;
export const listedInvitationsSchema = z.object({ results: z.array(listedInvitationSchema) });
export type InvitationsList = z.infer<typeof listedInvitationsSchema>;

/** The hosts an invitation's link may point to: tesla.com, where the invited person accepts it. */
const SHARE_LINK_HOST = /(^|\.)tesla\.com$/;

/**
 * Why `link` may not be shown or opened as an invitation's link (not an https address on tesla.com:
 * `javascript:`, `file:`, another site…) in `say`'s language, or null when it may.
 */
export function shareLinkProblem(link: string, say: Say = english): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return say('shareLinkProblem.notWeb');
  }
  if (url.protocol !== 'https:') {
    const scheme = url.protocol.replace(/[^a-z0-9+.:-]/gi, '').slice(0, 20);
    return say('shareLinkProblem.scheme', { scheme });
  }
  if (url.username !== '' || url.password !== '') return say('shareLinkProblem.credentials');
  if (!SHARE_LINK_HOST.test(url.hostname)) return say('shareLinkProblem.host');
  return null;
}

/** `POST /{vin}/invitations`: the invitation made, with its share link. */
export const invitationCreatedSchema = z.object({ result: invitationSchema });
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** `POST /{vin}/drivers/{id}/delete` and `/{vin}/invitations/{id}/revoke`. */
export const accessResultSchema = z.object({ result: z.boolean(), reason: z.string().optional() });
export type AccessResult = z.infer<typeof accessResultSchema>;

/**
 * `POST` and `DELETE /{vin}/fleet_telemetry_config`: documented as `{"updated_vehicles": n}`, a public
 * example shows `{"result": true}`: either is accepted. `skipped_vehicles` (the VINs left out and why:
 * missing key, old firmware, old hardware) is what the vehicle maker's own API adds; optional.
 */
export const telemetryWriteResultSchema = z
  .object({
    updated_vehicles: z.number().int().nonnegative().optional(),
    result: z.boolean().optional(),
    skipped_vehicles: z.record(z.string(), z.array(z.string())).optional(),
  })
  .refine((v) => v.updated_vehicles !== undefined || v.result !== undefined, {
    message: 'expected updated_vehicles or result',
  });
export type TelemetryWriteResult = z.infer<typeof telemetryWriteResultSchema>;

/** Whether a write answer says the vehicle took the configuration. */
export function telemetryWriteApplied(answer: TelemetryWriteResult): boolean {
  return answer.updated_vehicles !== undefined ? answer.updated_vehicles > 0 : answer.result === true;
}
