// An audit entry sent as part of a run keeps the run's id in the shop (run_id, there since the
// first schema but never filled) and whether it was a bulk command, as the local log does, so the
// shop's log tells which sends one run made. Rows from before keep null in both: the app never
// said. Self-contained: it names no other migration and may take another number.
export const auditRunAndBulk = {
  version: 5,
  name: 'audit-run-and-bulk',
  sql: /* sql */ `
ALTER TABLE audit_entries ADD COLUMN bulk boolean;
`,
};
