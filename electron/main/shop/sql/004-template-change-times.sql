-- Vehicle Garage shop schema, version 4 (template-change-times).
-- A template change made on a machine that was away reaches the shop later than one made since on
-- another: each row keeps the time its last change was made (by the technician's clock, never
-- later than the server's), so an older change arriving late does not overwrite a newer one. Rows
-- from before take the time they were last written.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 3 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 3 to 4; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

ALTER TABLE telemetry_templates ADD COLUMN changed_at timestamptz;
UPDATE telemetry_templates SET changed_at = coalesce(removed_at, updated_at);
ALTER TABLE telemetry_templates
  ALTER COLUMN changed_at SET DEFAULT now(),
  ALTER COLUMN changed_at SET NOT NULL;

INSERT INTO shop_schema_version (version, name) VALUES (4, 'template-change-times');
