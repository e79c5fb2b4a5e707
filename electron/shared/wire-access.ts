// Response shapes of the access operations (shared/interface/public-api-access.md): drivers,
// invitations and telemetry configuration writes. The client validates every answer against these;
// the simulator's contract tests parse its answers with them too. Objects strip unknown fields, so
// only what is declared here leaves the API client.
//
// Ids: the numeric ids reach about 2.3 × 10^15, near the largest exact integer of a JavaScript
// number, and the service also sends each as a string (`*_s`). The strings are what the app keeps
// and sends back; the numbers are only checked for shape.
import { z } from 'zod';

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

/** `GET /{vin}/drivers` (the owner's token only). */
export const driversSchema = z.object({ results: z.array(driverSchema) });
export type DriversList = z.infer<typeof driversSchema>;

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
  /** What the invited person opens. */
  share_link: z.url(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /{vin}/invitations`. */
export const invitationsSchema = z.object({ results: z.array(invitationSchema) });
export type InvitationsList = z.infer<typeof invitationsSchema>;

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
