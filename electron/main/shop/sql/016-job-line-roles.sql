-- Vehicle Garage shop schema, version 16 (job-line-roles).
-- Who wrote each line of a job is the database's word, like who made the row (db_role, 007):
--
--   * A job's lines are its notes (the `notes` column, and `notes` in the app's record, `details`)
--     and its events (opened, closed, reopened: `events` in `details`). Each names, as `role`, the
--     database role that wrote it beside the name typed, and the records and their PDFs show it.
--     Until now the app put that role there, so a role with psql could write a line naming a
--     colleague's role (on its own job, or as a note on any open job).
--   * Now the server stamps it, on every insert and update: each line a write adds (one the row
--     did not hold, its role aside) gets the session's role, whatever the statement carried. A line
--     the row held keeps the role it had; a write that changes that role, or takes such a line
--     away, is refused (SQLSTATE 42501, insufficient_privilege, as every other no of 007).
--   * The tables' owner is not bound (its own maintenance), nor is the re-send after a restore
--     (014's shop_resend_job, which runs as the owner): a job put back keeps the roles of its lines
--     as the shop answered them before the restore.
-- Nothing to grant: the trigger runs with the writer's rights, and its helper only computes.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 15 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 15 to 16; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- The lines of `later` as the shop keeps them, written by `who` over `earlier` (null: a new job):
-- a line is the same as one of `earlier` when it equals it without its role; such a line keeps
-- that role (or raises if the write changed it), any other line is `who`'s. A line of `earlier`
-- with a role that `later` lacks raises too. What is not an array of objects is left as it is
-- (the columns' own checks, and the app's, judge it).
CREATE FUNCTION shop_stamp_lines(earlier jsonb, later jsonb, who text, what text, repair_order text)
  RETURNS jsonb
  LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  line jsonb;
  held bigint;
  same boolean;
  was text;
  stamped jsonb := '[]';
BEGIN
  IF jsonb_typeof(later) IS DISTINCT FROM 'array' THEN
    RETURN later;
  END IF;
  IF jsonb_typeof(earlier) IS DISTINCT FROM 'array' THEN
    earlier := '[]';
  END IF;
  SELECT o.item INTO line
    FROM jsonb_array_elements(earlier) AS o(item)
   WHERE jsonb_typeof(o.item) = 'object' AND o.item ? 'role'
     AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(later) AS n(item)
                      WHERE jsonb_typeof(n.item) = 'object' AND n.item - 'role' = o.item - 'role')
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'A % of the job of repair order % written by the role % cannot be taken away.',
      what, repair_order, line ->> 'role' USING ERRCODE = 'insufficient_privilege';
  END IF;
  FOR line IN SELECT n.item FROM jsonb_array_elements(later) WITH ORDINALITY AS n(item, place) ORDER BY n.place LOOP
    IF jsonb_typeof(line) = 'object' THEN
      SELECT count(*), bool_or((o.item -> 'role') IS NOT DISTINCT FROM (line -> 'role')), min(o.item ->> 'role')
        INTO held, same, was
        FROM jsonb_array_elements(earlier) AS o(item)
       WHERE jsonb_typeof(o.item) = 'object' AND o.item - 'role' = line - 'role';
      IF held = 0 THEN
        line := line || jsonb_build_object('role', who);
      ELSIF NOT same THEN
        RAISE EXCEPTION 'A % of the job of repair order % keeps the role that wrote it (%): it cannot be changed to %.',
          what, repair_order, coalesce(was, 'none'), coalesce(line ->> 'role', 'none')
          USING ERRCODE = 'insufficient_privilege';
      END IF;
    END IF;
    stamped := stamped || jsonb_build_array(line);
  END LOOP;
  RETURN stamped;
END $$;

CREATE FUNCTION shop_stamp_job_lines() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  was_notes jsonb;
  was_details jsonb;
  me text := session_user;
BEGIN
  IF public.shop_as_owner() THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    was_notes := OLD.notes;
    was_details := OLD.details;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.notes IS DISTINCT FROM OLD.notes THEN
    NEW.notes := public.shop_stamp_lines(was_notes, NEW.notes, me, 'note', NEW.repair_order);
  END IF;
  IF jsonb_typeof(NEW.details) = 'object'
     AND (TG_OP = 'INSERT' OR NEW.details IS DISTINCT FROM OLD.details) THEN
    IF NEW.details ? 'notes' THEN
      NEW.details := jsonb_set(NEW.details, '{notes}',
        public.shop_stamp_lines(was_details -> 'notes', NEW.details -> 'notes', me, 'note', NEW.repair_order));
    END IF;
    IF NEW.details ? 'events' THEN
      NEW.details := jsonb_set(NEW.details, '{events}',
        public.shop_stamp_lines(was_details -> 'events', NEW.details -> 'events', me, 'event', NEW.repair_order));
    END IF;
  END IF;
  RETURN NEW;
END $$;

-- Fires after jobs_guard (which judges whether the caller may change the job at all) and
-- jobs_stamp, in name order.
CREATE TRIGGER jobs_stamp_lines BEFORE INSERT OR UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_job_lines();

INSERT INTO shop_schema_version (version, name) VALUES (16, 'job-line-roles');
