-- Vehicle Garage shop schema, version 3 (templates-live).
-- Telemetry templates become live between machines like the rest of the shop: each change takes a
-- change_seq and NOTIFYs (with an empty vin: a template belongs to the garage, not to a car), and a
-- removal is a mark rather than a DELETE, so a machine that was away finds it on catch-up. Names are
-- unique per garage whatever their case, as the app compares them.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 2 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 2 to 3; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

ALTER TABLE telemetry_templates
  ADD COLUMN change_seq bigint NOT NULL DEFAULT 0,
  ADD COLUMN removed_at timestamptz,
  ADD COLUMN removed_by text;

ALTER TABLE telemetry_templates DROP CONSTRAINT IF EXISTS telemetry_templates_garage_id_name_key;
CREATE UNIQUE INDEX telemetry_templates_name_key ON telemetry_templates (garage_id, lower(name));
CREATE INDEX telemetry_templates_change_seq ON telemetry_templates (change_seq);

CREATE FUNCTION shop_notify_template_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vg_shop_changes', json_build_object(
    'table', TG_TABLE_NAME, 'garageId', NEW.garage_id, 'vin', '', 'id', NEW.id::text,
    'seq', NEW.change_seq)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER telemetry_templates_stamp BEFORE INSERT OR UPDATE ON telemetry_templates
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_change();
CREATE TRIGGER telemetry_templates_notify AFTER INSERT OR UPDATE ON telemetry_templates
  FOR EACH ROW EXECUTE FUNCTION shop_notify_template_change();

INSERT INTO shop_schema_version (version, name) VALUES (3, 'templates-live');
