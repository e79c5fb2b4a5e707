-- Vehicle Garage shop schema, version 5 (audit-run-and-bulk).
-- An audit entry sent as part of a run keeps the run's id in the shop (run_id, there since the
-- first version but never filled) and whether it was a bulk command, as the local log does, so the
-- shop's log tells which sends one run made. Rows from before keep null in both: the app never
-- said.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 4 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 4 to 5; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

ALTER TABLE audit_entries ADD COLUMN bulk boolean;

INSERT INTO shop_schema_version (version, name) VALUES (5, 'audit-run-and-bulk');
