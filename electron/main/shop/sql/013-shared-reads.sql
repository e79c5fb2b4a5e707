-- Vehicle Garage shop schema, version 13 (shared reads).
-- One read serves the shop, for the apps as well as the board:
--
--   * shared_answers: per car and kind of read, the newest answer a technician's app had from the
--     service (the whole answer, as its offline cache keeps it), when it was fetched, by whom, on
--     which machine, under which role. Another app of the garage answers the same read from it while
--     it is as fresh as that app's own cached copy would have to be, saying whose read it is. Written
--     only through shop_share_answer(), which stamps the garage and the role and keeps the newer
--     answer (answers arrive out of order); one row per car and kind, so it never grows.
--   * shop_prune_readings(): removes readings older than a day (at least an hour, when asked for
--     less) that no longer hold a car's newest value; the board reads the kept values, and a
--     freshness window is minutes. Readings stay history otherwise: only this function deletes.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 12 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 12 to 13; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- Shared answers -------------------------------------------------------------------------------

CREATE TABLE shared_answers (
  garage_id   text NOT NULL,
  vin         text NOT NULL CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
  kind        text NOT NULL CHECK (kind ~ '^[a-z][a-z-]{0,39}$'),
  answer      jsonb NOT NULL CHECK (pg_column_size(answer) <= 65536),
  fetched_at  timestamptz NOT NULL,
  technician  text NOT NULL CHECK (length(technician) <= 200),
  machine     text NOT NULL CHECK (length(machine) <= 200),
  db_role     text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (garage_id, vin, kind)
);

ALTER TABLE shared_answers ENABLE ROW LEVEL SECURITY;
CREATE POLICY shared_answers_garage ON shared_answers FOR SELECT
  USING (garage_id = (SELECT shop_garage(session_user)));

-- SECURITY DEFINER: nobody writes the table directly, so the garage and the role are the server's
-- word. An answer dated after its arrival is dated at its arrival (a fast clock must not make it
-- look fresher than it can be). True when it replaced what was kept (or was the first).
CREATE FUNCTION shop_share_answer(p_vin text, p_kind text, p_answer jsonb, p_fetched_at timestamptz,
                                  p_technician text, p_machine text) RETURNS boolean
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  INSERT INTO public.shared_answers AS kept
         (garage_id, vin, kind, answer, fetched_at, technician, machine, db_role)
  VALUES (public.shop_garage(session_user), p_vin, p_kind, p_answer, least(p_fetched_at, now()),
          p_technician, p_machine, session_user)
  ON CONFLICT (garage_id, vin, kind) DO UPDATE
     SET answer = EXCLUDED.answer, fetched_at = EXCLUDED.fetched_at, technician = EXCLUDED.technician,
         machine = EXCLUDED.machine, db_role = EXCLUDED.db_role, received_at = now()
   WHERE kept.fetched_at < EXCLUDED.fetched_at;
  RETURN FOUND;
END $$;

-- Pruning readings -----------------------------------------------------------------------------

-- Readings may be deleted only inside shop_prune_readings() (which sets the flag for its own
-- transaction); the groups have no DELETE on the table at all, so the flag opens nothing to them.
CREATE OR REPLACE FUNCTION shop_guard_reading() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('shop.pruning_readings', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'A reading of a vehicle is kept as it was read: % is not allowed.', TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.received_at := now();
  NEW.read_at := least(NEW.read_at, now());
  RETURN NEW;
END $$;

-- The caller's garage only (the owner, whom no garage binds, names one). Returns how many went.
CREATE FUNCTION shop_prune_readings(older_than interval DEFAULT interval '1 day', garage text DEFAULT NULL)
  RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  target text := public.shop_garage(session_user);
  removed bigint;
BEGIN
  IF garage IS NOT NULL AND pg_has_role(session_user,
       (SELECT c.relowner FROM pg_class c WHERE c.oid = 'public.vehicle_readings'::regclass), 'MEMBER') THEN
    target := garage;
  END IF;
  PERFORM set_config('shop.pruning_readings', 'on', true);
  DELETE FROM public.vehicle_readings r
   WHERE r.garage_id = target
     AND r.received_at < now() - greatest(older_than, interval '1 hour')
     AND NOT EXISTS (SELECT 1 FROM public.vehicle_state_values k WHERE k.reading_id = r.id);
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('shop.pruning_readings', 'off', true);
  RETURN removed;
END $$;

CREATE INDEX vehicle_state_values_reading ON vehicle_state_values (reading_id);
CREATE INDEX vehicle_readings_received ON vehicle_readings (garage_id, received_at);

-- Grants: version 12's, and the shared answers' ---------------------------------------------------

ALTER FUNCTION shop_grant_groups() RENAME TO shop_grant_groups_12;
CREATE FUNCTION shop_grant_groups() RETURNS text[]
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text;
  granted text[] := shop_grant_groups_12();
BEGIN
  FOREACH grp IN ARRAY granted LOOP
    EXECUTE format('REVOKE ALL ON shared_answers FROM %I', grp);
    EXECUTE format('GRANT SELECT ON shared_answers TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION shop_share_answer(text, text, jsonb, timestamptz, text, text) TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION shop_prune_readings(interval, text) TO %I', grp);
  END LOOP;
  RETURN granted;
END $$;

REVOKE EXECUTE ON FUNCTION shop_grant_groups() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_share_answer(text, text, jsonb, timestamptz, text, text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_prune_readings(interval, text) FROM PUBLIC;
SELECT shop_grant_groups();

INSERT INTO shop_schema_version (version, name) VALUES (13, 'shared-reads');
