-- Vehicle Garage shop schema, version 12 (restore).
-- After the shop's database is restored to an earlier point (a dump, a point in time), the entries
-- the apps had uploaded since are gone from it, while each app still holds them in its own log. An
-- app that finds an entry it had sent missing from the shop sends the lost ones again:
--
--   * shop_resend_audit(garage, entries): inserts the entries the shop does not have, with their
--     original ids and times, and marks each row re-sent (audit_entries.resent_at, the server's
--     now) with the role that re-sent it (db_role, as every insert). An entry the shop has is
--     skipped (its id), so sending one twice, or two apps racing, still leaves it once. SECURITY
--     DEFINER so that only it can mark a row re-sent: the groups keep the grants they had, and a
--     plain INSERT that names resent_at has it cleared. The rules every entry meets still hold: not
--     ahead of the server's clock, and not into a job closed more than 10 minutes before it arrives
--     (a legitimately lost entry was accepted when first sent, so it never needs that rule loosened).
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 11 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 11 to 12; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- Set by the server for a row that came back through shop_resend_audit; null for every other row.
ALTER TABLE audit_entries ADD COLUMN resent_at timestamptz;

-- Whether the statement runs with the rights of the audit log's owner (its own maintenance, or a
-- SECURITY DEFINER function of this schema), not a person's role.
CREATE FUNCTION shop_as_owner() RETURNS boolean
  LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT pg_has_role(current_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'public.audit_entries'::regclass), 'MEMBER')
$$;

-- Only the re-send marks a row re-sent. Named to fire after audit_entries_guard, before the stamp.
CREATE FUNCTION shop_guard_resent() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF NOT shop_as_owner() THEN
    NEW.resent_at := NULL;
  ELSIF NEW.resent_at IS NOT NULL THEN
    NEW.resent_at := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER audit_entries_guard_resent BEFORE INSERT ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION shop_guard_resent();

-- Runs as the owner, whom row-level security does not bind: it holds the caller to their own
-- garage itself, as the policy would. Answers the ids it inserted, in the order given.
CREATE FUNCTION shop_resend_audit(garage text, entries jsonb) RETURNS SETOF uuid
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF public.shop_group(session_user) IS NULL THEN
    RAISE EXCEPTION 'The role % is in none of the shop''s groups.', session_user USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF garage IS DISTINCT FROM public.shop_garage(session_user) AND public.shop_group(session_user) <> 'admin' THEN
    RAISE EXCEPTION 'The role % works in the garage %, not %.', session_user, public.shop_garage(session_user), garage
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF jsonb_typeof(entries) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'The entries to send again are a JSON array.' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN QUERY
    INSERT INTO public.audit_entries AS a (id, garage_id, time, vin, operation, params, outcome, reason, error_kind,
                                           effect, duration_ms, technician, machine, profile_id, run_id, bulk, resent_at)
    SELECT r.id, garage, r.time, r.vin, r.operation, coalesce(r.params, '{}'), r.outcome, r.reason, r.error_kind,
           r.effect, r.duration_ms, r.technician, r.machine, r.profile_id, r.run_id, r.bulk, now()
      FROM jsonb_array_elements(entries) WITH ORDINALITY AS e(value, n),
           LATERAL jsonb_to_record(e.value) AS r(id uuid, time timestamptz, vin text, operation text,
             params jsonb, outcome text, reason text, error_kind text, effect jsonb, duration_ms integer,
             technician text, machine text, profile_id text, run_id text, bulk boolean)
     ORDER BY e.n
    ON CONFLICT (id) DO NOTHING
    RETURNING a.id;
END $$;

-- Grants: version 11's, and the re-send -------------------------------------------------------------

ALTER FUNCTION shop_grant_groups() RENAME TO shop_grant_groups_11;
CREATE FUNCTION shop_grant_groups() RETURNS text[]
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text;
  granted text[] := shop_grant_groups_11();
BEGIN
  FOREACH grp IN ARRAY granted LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION shop_resend_audit(text, jsonb) TO %I', grp);
  END LOOP;
  RETURN granted;
END $$;

REVOKE EXECUTE ON FUNCTION shop_grant_groups() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_resend_audit(text, jsonb) FROM PUBLIC;
SELECT shop_grant_groups();

INSERT INTO shop_schema_version (version, name) VALUES (12, 'restore');
