// Telemetry templates become live between machines like the rest of the shop: each change takes a
// change_seq and NOTIFYs (with an empty vin: a template belongs to the garage, not to a car), and a
// removal is a mark rather than a DELETE, so a machine that was away finds it on catch-up. Names are
// unique per garage whatever their case, as the app compares them. Self-contained: it names no
// other migration and may take another number.
export const templatesLive = {
  version: 3,
  name: 'templates-live',
  sql: /* sql */ `
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
`,
};
