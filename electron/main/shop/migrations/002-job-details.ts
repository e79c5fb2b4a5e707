// Jobs keep the app's whole record in the shop: check-in and check-out snapshots with their as-of,
// notes, the effects read after each command, every open and close with its technician, and the
// warnings confirmed at close. The columns of version 1 stay (and stay filled) for the shop's own
// queries; `details` is the record as the app defines it (it carries its own schemaVersion), so a
// job moves between machines without losing a field. Nullable: rows written before it have none.
export const jobDetails = {
  version: 2,
  name: 'job-details',
  sql: /* sql */ `
ALTER TABLE jobs ADD COLUMN details jsonb;
ALTER TABLE jobs ADD CONSTRAINT jobs_details_is_object
  CHECK (details IS NULL OR jsonb_typeof(details) = 'object');
`,
};
