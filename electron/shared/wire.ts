// Response shapes of the Vehicle Management Service (shared/interface/vehicle-management-service.md).
// The client validates every response against these; the simulator is tested against them too.
import { z } from 'zod';

export const telemetryFieldSchema = z.object({ interval_seconds: z.number().int() });

export const telemetryConfigSchema = z.object({
  synced: z.boolean(),
  config: z.object({
    hostname: z.string(),
    ca: z.string(),
    exp: z.number().int(),
    port: z.number().int(),
    fields: z.record(z.string(), telemetryFieldSchema),
    alert_types: z.array(z.string()),
  }),
  update_available: z.boolean(),
});
export type TelemetryConfig = z.infer<typeof telemetryConfigSchema>;

export const releaseNoteSchema = z.object({
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string(),
  customer_version: z.string(),
  image_url: z.string().nullable(),
  light_image_url: z.string().nullable(),
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;

export const releaseNotesSchema = z.object({
  deployed_version: z.string(),
  staged_version: z.string().nullable(),
  release_notes: z.array(releaseNoteSchema),
});
export type ReleaseNotes = z.infer<typeof releaseNotesSchema>;

/** Commands, set_tag and plate answer this; `reason` is what the public service adds on failure. */
export const commandResultSchema = z.object({
  result: z.boolean(),
  reason: z.string().optional(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;

/** Software versions: year.number.number, sometimes with a fourth part. */
export const SOFTWARE_VERSION_RE = /^\d{4}\.\d{1,3}\.\d{1,3}(\.\d{1,3})?$/;
