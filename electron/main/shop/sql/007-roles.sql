-- Vehicle Garage shop schema, version 7 (roles).
-- Who may do what is the database's word, not the app's: a role reaching the server with psql
-- (what a stolen laptop's keychain gives) can do no more than this file lets it.
--
--   * Four group roles per database, made by the shop's administrator (docs/shop.md):
--     <database>_technicians, _foremen (service managers), _advisors (front desk) and _admins. Each
--     person signs in with their own login role, a member of one group. The owner of the shop's
--     tables (and any role that is a member of it, a superuser too) counts as an admin.
--   * A role works in one garage of the database (shop_members; a role not listed there works in
--     the garage "shop", the app's default), and row-level security shows and accepts only that
--     garage's rows, on every shop table.
--   * The server stamps every row: db_role with the role that made it (jobs now too), changed_role
--     with the role that last changed it, on every insert and update, whatever the statement
--     carried; an update that tries to change db_role is refused.
--   * Jobs: anyone in a group may open one. A technician changes (closes, reopens, edits) the jobs
--     they opened and those the front desk opened; a foreman or an admin any job; everyone else only
--     adds to an open job what cannot conflict (a note, the effect read back after their own
--     action), and an advisor may also correct an open job's repair order, complaint and customer.
--   * Claims: technicians, foremen and admins claim and take over (the server records who took
--     over, claims.ended_role); a claim is released by its holder, a foreman or an admin; a claim
--     lasts from the server's now to at most 24 hours. Advisors only read claims.
--   * Templates: technicians, foremen and admins edit them; advisors only read them; nobody deletes
--     a row (a template is removed by marking it, so every machine learns of the removal).
--   * Audit entries: one dated more than 5 minutes ahead of the server's clock is refused for now
--     (the outbox keeps it and sends it once the server's clock has caught up); one that reaches the
--     shop more than 10 minutes after a job on its vehicle was closed, dated inside that job, is
--     refused for good, so a record exported at the close stays true.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 6 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 6 to 7; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- Who is who --------------------------------------------------------------------------------------

CREATE TABLE shop_members (
  role_name    name PRIMARY KEY,
  garage_id    text NOT NULL CHECK (length(garage_id) BETWEEN 1 AND 64),
  changed_role text NOT NULL DEFAULT session_user,
  changed_at   timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION shop_stamp_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_role := session_user;
  NEW.changed_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER shop_members_stamp BEFORE INSERT OR UPDATE ON shop_members
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_member();

-- The garage a role works in. SECURITY DEFINER (owned by the tables' owner, whom row-level
-- security does not bind) so the policies below can read shop_members, whose own policy calls it.
CREATE FUNCTION shop_garage(who name) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce((SELECT m.garage_id FROM public.shop_members m WHERE m.role_name = who), 'shop')
$$;

-- Whether `who` is a member of the group <database>_<suffix> (false when the shop never made it).
CREATE FUNCTION shop_in_group(who name, suffix text) RETURNS boolean
  LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(pg_has_role(who, to_regrole(quote_ident(current_database() || '_' || suffix)), 'MEMBER'), false)
$$;

-- 'admin', 'foreman', 'advisor', 'technician', or null for a role in none of the groups (or gone).
CREATE FUNCTION shop_group(who name) RETURNS text
  LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE
    WHEN to_regrole(quote_ident(who)) IS NULL THEN NULL
    WHEN pg_has_role(who, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'public.audit_entries'::regclass), 'MEMBER')
      THEN 'admin'
    WHEN public.shop_in_group(who, 'admins') THEN 'admin'
    WHEN public.shop_in_group(who, 'foremen') THEN 'foreman'
    WHEN public.shop_in_group(who, 'advisors') THEN 'advisor'
    WHEN public.shop_in_group(who, 'technicians') THEN 'technician'
  END
$$;

-- Who wrote what ----------------------------------------------------------------------------------

ALTER TABLE shop_vehicles ADD COLUMN db_role text, ADD COLUMN changed_role text;
ALTER TABLE jobs ADD COLUMN db_role text, ADD COLUMN changed_role text;
ALTER TABLE telemetry_templates ADD COLUMN db_role text, ADD COLUMN changed_role text;
ALTER TABLE claims ADD COLUMN changed_role text;
-- Rows from before keep null in both: who made them was never recorded, and a job with no db_role
-- is any technician's, as every job was before.

-- The session's role, not current_user: SET ROLE to a shared group changes current_user only.
CREATE OR REPLACE FUNCTION shop_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := nextval('shop_change_seq');
  IF TG_OP = 'INSERT' THEN
    NEW.db_role := session_user;
    IF TG_TABLE_NAME = 'audit_entries' THEN
      NEW.received_at := now();
    ELSE
      NEW.changed_role := session_user;
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.db_role IS DISTINCT FROM OLD.db_role THEN
    RAISE EXCEPTION 'Who made a row (db_role %) is recorded by the shop database and cannot be changed.',
      coalesce(OLD.db_role, 'unknown') USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.changed_role := session_user;
  NEW.updated_at := now();
  RETURN NEW;
END $$;

-- Jobs --------------------------------------------------------------------------------------------

-- Whether every note of `before` is still in `after` (notes are only ever added).
CREATE FUNCTION shop_notes_kept(before jsonb, after jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(coalesce(before, '[]')) AS o(note)
     WHERE NOT coalesce(after, '[]') @> jsonb_build_array(o.note))
$$;

CREATE FUNCTION shop_guard_job() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  me text := session_user;
  grp text := shop_group(session_user);
  free text[] := ARRAY['effects', 'notes', 'profileId'];
BEGIN
  IF grp IN ('foreman', 'admin') THEN
    RETURN NEW;
  END IF;
  IF grp = 'technician' AND (OLD.db_role IS NULL OR OLD.db_role = me OR shop_group(OLD.db_role::name) = 'advisor') THEN
    RETURN NEW;
  END IF;
  IF OLD.status <> 'open' OR NEW.status <> 'open' THEN
    RAISE EXCEPTION 'Only % (who opened it), a foreman or an admin may close or reopen the job of repair order %, or change it once closed.',
      OLD.db_role, OLD.repair_order USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- The front desk may correct what it takes from the customer.
  IF grp = 'advisor' THEN
    free := free || ARRAY['repairOrder', 'complaint', 'customer'];
  END IF;
  IF (NEW.id, NEW.garage_id, NEW.vin, NEW.technician, NEW.opened_at, NEW.closed_at, NEW.check_in, NEW.check_out)
       IS DISTINCT FROM (OLD.id, OLD.garage_id, OLD.vin, OLD.technician, OLD.opened_at, OLD.closed_at, OLD.check_in, OLD.check_out)
     OR (grp IS DISTINCT FROM 'advisor' AND (NEW.repair_order, NEW.complaint) IS DISTINCT FROM (OLD.repair_order, OLD.complaint))
     OR (NEW.details - free) IS DISTINCT FROM (OLD.details - free)
     OR NOT shop_notes_kept(OLD.notes, NEW.notes)
     OR NOT shop_notes_kept(OLD.details -> 'notes', NEW.details -> 'notes')
     -- No effect removed, and none changed that records another role's action.
     OR EXISTS (SELECT 1 FROM jsonb_object_keys(coalesce(OLD.details -> 'effects', '{}')) AS k(entry)
                 WHERE NOT coalesce(NEW.details -> 'effects', '{}') ? k.entry)
     OR EXISTS (SELECT 1 FROM jsonb_each(coalesce(NEW.details -> 'effects', '{}')) AS e(entry, effect)
                 WHERE (OLD.details -> 'effects' -> e.entry) IS DISTINCT FROM e.effect
                   AND e.entry ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
                   AND EXISTS (SELECT 1 FROM audit_entries a WHERE a.id = e.entry::uuid AND a.db_role <> me))
  THEN
    RAISE EXCEPTION 'Only % (who opened it), a foreman or an admin may change the job of repair order %; others may only add notes and the effects of their own actions while it is open.',
      OLD.db_role, OLD.repair_order USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;

-- Named to fire before jobs_stamp (triggers of one event fire in name order): it judges the row
-- the statement asked for, before the stamp.
CREATE TRIGGER jobs_guard BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION shop_guard_job();

-- Claims ------------------------------------------------------------------------------------------

-- Version 6's rules, and a foreman or an admin may also release a colleague's claim.
CREATE OR REPLACE FUNCTION shop_claim_owner() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.db_role := session_user;
    -- Since and until are the server's: a claim cannot be backdated or held for ever.
    NEW.since := now();
    IF NEW.expires_at <= now() OR NEW.expires_at > now() + interval '24 hours' THEN
      RAISE EXCEPTION 'A claim lasts from now to at most 24 hours from now, not until %.', NEW.expires_at
        USING ERRCODE = 'check_violation';
    END IF;
    NEW.ended_role := CASE WHEN NEW.ended_at IS NULL THEN NULL ELSE session_user END;
    RETURN NEW;
  END IF;
  IF OLD.ended_at IS NOT NULL THEN
    RAISE EXCEPTION 'This claim has ended: it is kept as it was.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.id, NEW.garage_id, NEW.vin, NEW.claimed_by, NEW.db_role, NEW.since)
     IS DISTINCT FROM (OLD.id, OLD.garage_id, OLD.vin, OLD.claimed_by, OLD.db_role, OLD.since) THEN
    RAISE EXCEPTION 'Who holds a claim, on which vehicle and since when cannot be changed.'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.ended_at IS NULL OR NEW.end_reason = 'released' THEN
    IF OLD.db_role IS DISTINCT FROM session_user
       AND NOT (NEW.end_reason = 'released' AND shop_group(session_user) IN ('foreman', 'admin')) THEN
      RAISE EXCEPTION 'This claim belongs to the database role %: only that role may change or release it (a foreman or an admin may release it; another may take it over).',
        OLD.db_role USING ERRCODE = 'insufficient_privilege';
    END IF;
  ELSIF NEW.end_reason = 'expired' AND OLD.expires_at > now() THEN
    RAISE EXCEPTION 'This claim has not expired yet.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.ended_role := CASE WHEN NEW.ended_at IS NULL THEN NULL ELSE session_user END;
  RETURN NEW;
END $$;

-- Templates ---------------------------------------------------------------------------------------

CREATE FUNCTION shop_templates_are_marked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A telemetry template is removed by marking it (removed_at), never deleted: the other machines must learn of the removal.'
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER telemetry_templates_no_delete BEFORE DELETE ON telemetry_templates
  FOR EACH ROW EXECUTE FUNCTION shop_templates_are_marked();
CREATE TRIGGER telemetry_templates_no_truncate BEFORE TRUNCATE ON telemetry_templates
  FOR EACH STATEMENT EXECUTE FUNCTION shop_templates_are_marked();

-- Audit entries -----------------------------------------------------------------------------------

CREATE FUNCTION shop_guard_audit_entry() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  closed record;
BEGIN
  IF NEW.time > now() + interval '5 minutes' THEN
    -- Not class 22 or 23: the outbox keeps the entry and sends it again later, when it fits.
    RAISE EXCEPTION 'An entry dated % is ahead of the shop database''s clock (%): this machine''s clock runs fast.',
      NEW.time, now() USING ERRCODE = 'VGA02', DETAIL = NEW.id::text;
  END IF;
  IF NEW.time >= now() - interval '10 minutes' THEN
    RETURN NEW;
  END IF;
  -- Sent again (a crash before the outbox's mark): the shop has it, and the insert is a no-op.
  IF EXISTS (SELECT 1 FROM audit_entries a WHERE a.id = NEW.id) THEN
    RETURN NEW;
  END IF;
  SELECT j.repair_order, j.db_role, j.closed_at INTO closed FROM jobs j
   WHERE j.garage_id = NEW.garage_id AND j.vin = NEW.vin AND j.status = 'closed'
     AND NEW.time >= j.opened_at AND NEW.time <= j.closed_at
     AND j.closed_at < now() - interval '10 minutes'
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'An entry dated % reached the shop at %, inside the job of repair order % closed at %: a closed job takes no entry more than 10 minutes after its close.',
      NEW.time, now(), closed.repair_order, closed.closed_at USING ERRCODE = '23VG1', DETAIL = NEW.id::text;
  END IF;
  RETURN NEW;
END $$;

-- Named to fire before audit_entries_stamp.
CREATE TRIGGER audit_entries_guard BEFORE INSERT ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION shop_guard_audit_entry();

-- Row-level security: a role sees and writes its own garage's rows only --------------------------
-- The tables' owner is not bound (the app migrating, an administrator's maintenance). The garage
-- is looked up once per statement (the sub-select), not once per row.

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shop_vehicles', 'audit_entries', 'claims', 'jobs', 'telemetry_templates'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (garage_id = (SELECT shop_garage(session_user)))
                      WITH CHECK (garage_id = (SELECT shop_garage(session_user)))', t || '_garage', t);
  END LOOP;
END $$;
ALTER TABLE shop_members ENABLE ROW LEVEL SECURITY;
ALTER TABLE shop_schema_version ENABLE ROW LEVEL SECURITY;

CREATE POLICY shop_members_read ON shop_members FOR SELECT
  USING (garage_id = (SELECT shop_garage(session_user)));
CREATE POLICY shop_members_admin ON shop_members
  USING (garage_id = (SELECT shop_garage(session_user)) AND (SELECT shop_group(session_user)) = 'admin')
  WITH CHECK (garage_id = (SELECT shop_garage(session_user)) AND (SELECT shop_group(session_user)) = 'admin');
CREATE POLICY shop_schema_version_read ON shop_schema_version FOR SELECT USING (true);

-- Grants: what each group may touch at all -------------------------------------------------------

-- The owner runs it again after making a group the schema did not find (docs/shop.md).
CREATE FUNCTION shop_grant_groups() RETURNS text[]
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  suffix text;
  grp text;
  granted text[] := '{}';
BEGIN
  FOREACH suffix IN ARRAY ARRAY['technicians', 'foremen', 'advisors', 'admins'] LOOP
    grp := current_database() || '_' || suffix;
    CONTINUE WHEN to_regrole(quote_ident(grp)) IS NULL;
    EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', grp);
    EXECUTE format('REVOKE ALL ON shop_vehicles, audit_entries, claims, jobs, telemetry_templates, shop_members, shop_schema_version FROM %I', grp);
    EXECUTE format('GRANT SELECT, INSERT ON audit_entries TO %I', grp);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE ON shop_vehicles, jobs TO %I', grp);
    EXECUTE format('GRANT SELECT ON claims, telemetry_templates, shop_members, shop_schema_version TO %I', grp);
    EXECUTE format('GRANT USAGE ON SEQUENCE shop_change_seq TO %I', grp);
    IF suffix <> 'advisors' THEN
      EXECUTE format('GRANT INSERT, UPDATE ON claims, telemetry_templates TO %I', grp);
    END IF;
    IF suffix = 'admins' THEN
      EXECUTE format('GRANT INSERT, UPDATE, DELETE ON shop_members TO %I', grp);
    END IF;
    granted := granted || grp;
  END LOOP;
  RETURN granted;
END $$;

REVOKE EXECUTE ON FUNCTION shop_grant_groups() FROM PUBLIC;
SELECT shop_grant_groups();

INSERT INTO shop_schema_version (version, name) VALUES (7, 'roles');
