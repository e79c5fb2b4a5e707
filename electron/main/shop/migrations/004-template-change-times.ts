// A template change made on a machine that was away reaches the shop later than one made since on
// another: each row keeps the time its last change was made (by the technician's clock, never
// later than the server's), so an older change arriving late does not overwrite a newer one. Rows
// from before take the time they were last written. Self-contained: it names no other migration
// and may take another number.
export const templateChangeTimes = {
  version: 4,
  name: 'template-change-times',
  sql: /* sql */ `
ALTER TABLE telemetry_templates ADD COLUMN changed_at timestamptz;
UPDATE telemetry_templates SET changed_at = coalesce(removed_at, updated_at);
ALTER TABLE telemetry_templates
  ALTER COLUMN changed_at SET DEFAULT now(),
  ALTER COLUMN changed_at SET NOT NULL;
`,
};
