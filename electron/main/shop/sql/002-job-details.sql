-- Vehicle Garage shop schema, version 2 (job-details).
-- Jobs keep the app's whole record in the shop: check-in and check-out snapshots with their as-of,
-- notes, the effects read after each command, every open and close with its technician, and the
-- warnings confirmed at close. The columns of version 1 stay (and stay filled) for the shop's own
-- queries; `details` is the record as the app defines it (it carries its own schemaVersion), so a
-- job moves between machines without losing a field. Nullable: rows written before it have none.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 1 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 1 to 2; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

ALTER TABLE jobs ADD COLUMN details jsonb;
ALTER TABLE jobs ADD CONSTRAINT jobs_details_is_object
  CHECK (details IS NULL OR jsonb_typeof(details) = 'object');

INSERT INTO shop_schema_version (version, name) VALUES (2, 'job-details');
