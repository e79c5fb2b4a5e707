-- Vehicle Garage shop schema, version 9 (board).
-- The shop floor on one screen, and one read of a car serving every technician:
--
--   * vehicle_readings: what a technician's app read of a car (sleep, battery, charging, alerts,
--     tyres), when, from which read, on which machine, under which name; the server stamps the role
--     (db_role) and when it arrived. A reading is history: nobody changes or deletes one, and one
--     dated after its arrival is dated at its arrival (a fast clock must not make a reading look
--     fresher than it can be, or keep it "newest" for ever).
--   * vehicle_state_values: per car and per value, the newest reading of it, kept by the server as
--     readings arrive (a value keeps its own age and reader: a status read tells sleep only, and
--     must not make an older battery level look new). Readable by every group, written by nobody.
--   * shop_board(): every car of the role's garage with its claim, open job, state values, last
--     action and alerts; it runs as the caller, so row-level security decides what it shows.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 8 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 8 to 9; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- Readings -------------------------------------------------------------------------------------

CREATE TABLE vehicle_readings (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  garage_id    text NOT NULL,
  vin          text NOT NULL CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
  read_at      timestamptz NOT NULL,
  source       text NOT NULL CHECK (length(source) BETWEEN 1 AND 40),
  vals         jsonb NOT NULL CHECK (jsonb_typeof(vals) = 'object' AND pg_column_size(vals) <= 4096),
  technician   text NOT NULL CHECK (length(technician) <= 200),
  machine      text NOT NULL CHECK (length(machine) <= 200),
  db_role      text,
  changed_role text,
  received_at  timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  change_seq   bigint NOT NULL DEFAULT 0
);
CREATE INDEX vehicle_readings_vin_time ON vehicle_readings (garage_id, vin, read_at DESC);
CREATE INDEX vehicle_readings_change_seq ON vehicle_readings (change_seq);

CREATE TABLE vehicle_state_values (
  garage_id  text NOT NULL,
  vin        text NOT NULL,
  name       text NOT NULL,
  value      jsonb NOT NULL,
  read_at    timestamptz NOT NULL,
  source     text NOT NULL,
  technician text NOT NULL,
  db_role    text,
  reading_id uuid NOT NULL,
  PRIMARY KEY (garage_id, vin, name)
);

CREATE FUNCTION shop_guard_reading() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'A reading of a vehicle is kept as it was read: % is not allowed.', TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.received_at := now();
  NEW.read_at := least(NEW.read_at, now());
  RETURN NEW;
END $$;

-- Each value of a reading replaces the kept one only when it is newer: readings may arrive late
-- (an outbox draining) and out of order. SECURITY DEFINER: nobody else writes the kept values; the
-- reading itself passed row-level security, so its garage is the writer's.
CREATE FUNCTION shop_keep_state_values() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  INSERT INTO public.vehicle_state_values AS kept
         (garage_id, vin, name, value, read_at, source, technician, db_role, reading_id)
  SELECT NEW.garage_id, NEW.vin, e.key, e.value, NEW.read_at, NEW.source, NEW.technician, NEW.db_role, NEW.id
    FROM jsonb_each(NEW.vals) AS e
  ON CONFLICT (garage_id, vin, name) DO UPDATE
     SET value = EXCLUDED.value, read_at = EXCLUDED.read_at, source = EXCLUDED.source,
         technician = EXCLUDED.technician, db_role = EXCLUDED.db_role, reading_id = EXCLUDED.reading_id
   WHERE kept.read_at < EXCLUDED.read_at;
  RETURN NULL;
END $$;
REVOKE EXECUTE ON FUNCTION shop_keep_state_values() FROM PUBLIC;

-- Trigger names fire in order: the guard dates the row before the stamp takes the role.
CREATE TRIGGER vehicle_readings_guard BEFORE INSERT OR UPDATE OR DELETE ON vehicle_readings
  FOR EACH ROW EXECUTE FUNCTION shop_guard_reading();
CREATE TRIGGER vehicle_readings_no_truncate BEFORE TRUNCATE ON vehicle_readings
  FOR EACH STATEMENT EXECUTE FUNCTION shop_guard_reading();
CREATE TRIGGER vehicle_readings_stamp BEFORE INSERT ON vehicle_readings
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_change();
CREATE TRIGGER vehicle_readings_keep AFTER INSERT ON vehicle_readings
  FOR EACH ROW EXECUTE FUNCTION shop_keep_state_values();
CREATE TRIGGER vehicle_readings_notify AFTER INSERT ON vehicle_readings
  FOR EACH ROW EXECUTE FUNCTION shop_notify_change();

ALTER TABLE vehicle_readings ENABLE ROW LEVEL SECURITY;
CREATE POLICY vehicle_readings_garage ON vehicle_readings
  USING (garage_id = (SELECT shop_garage(session_user)))
  WITH CHECK (garage_id = (SELECT shop_garage(session_user)));
ALTER TABLE vehicle_state_values ENABLE ROW LEVEL SECURITY;
CREATE POLICY vehicle_state_values_garage ON vehicle_state_values FOR SELECT
  USING (garage_id = (SELECT shop_garage(session_user)));

-- The board ------------------------------------------------------------------------------------

-- Runs as the caller (row-level security holds); `garage` only narrows what the owner, whom it
-- does not bind, sees. One row per car in the garage, by VIN.
CREATE FUNCTION shop_board(garage text DEFAULT NULL) RETURNS TABLE (
  vin text, nickname text, plate text,
  claim_id uuid, claimed_by text, claim_role text, claim_since timestamptz, claim_expires_at timestamptz,
  job_id uuid, repair_order text, job_technician text, job_role text, job_opened_at timestamptz,
  state jsonb,
  action_id uuid, action_time timestamptz, action_operation text, action_outcome text,
  action_technician text, action_role text
) LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT v.vin, v.nickname, v.plate,
         c.id, c.claimed_by, c.db_role, c.since, c.expires_at,
         j.id, j.repair_order, j.technician, j.db_role, j.opened_at,
         s.state,
         a.id, a.time, a.operation, a.outcome, a.technician, a.db_role
    FROM shop_vehicles v
    LEFT JOIN claims c ON c.garage_id = v.garage_id AND c.vin = v.vin AND c.ended_at IS NULL
    LEFT JOIN jobs j ON j.garage_id = v.garage_id AND j.vin = v.vin AND j.status = 'open'
    LEFT JOIN LATERAL (
      SELECT jsonb_object_agg(k.name, jsonb_build_object('value', k.value, 'readAt', k.read_at,
               'source', k.source, 'technician', k.technician, 'role', k.db_role)) AS state
        FROM vehicle_state_values k WHERE k.garage_id = v.garage_id AND k.vin = v.vin
    ) s ON true
    LEFT JOIN LATERAL (
      SELECT e.id, e.time, e.operation, e.outcome, e.technician, e.db_role
        FROM audit_entries e WHERE e.garage_id = v.garage_id AND e.vin = v.vin
       ORDER BY e.time DESC, e.id DESC LIMIT 1
    ) a ON true
   WHERE v.removed_at IS NULL AND v.garage_id = coalesce(garage, (SELECT shop_garage(session_user)))
   ORDER BY v.vin
$$;

-- Grants: version 8's, and the board's ----------------------------------------------------------

-- Version 8's grants stay as they are (renamed, called first); the board's follow. A later file
-- that grants more does the same, so each file says only what it adds.
ALTER FUNCTION shop_grant_groups() RENAME TO shop_grant_groups_8;
CREATE FUNCTION shop_grant_groups() RETURNS text[]
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text;
  granted text[] := shop_grant_groups_8();
BEGIN
  FOREACH grp IN ARRAY granted LOOP
    EXECUTE format('REVOKE ALL ON vehicle_readings, vehicle_state_values FROM %I', grp);
    EXECUTE format('GRANT SELECT, INSERT ON vehicle_readings TO %I', grp);
    EXECUTE format('GRANT SELECT ON vehicle_state_values TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION shop_board(text) TO %I', grp);
  END LOOP;
  RETURN granted;
END $$;

REVOKE EXECUTE ON FUNCTION shop_grant_groups() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_board(text) FROM PUBLIC;
SELECT shop_grant_groups();

INSERT INTO shop_schema_version (version, name) VALUES (9, 'board');
