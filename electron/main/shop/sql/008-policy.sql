-- Vehicle Garage shop schema, version 8 (policy).
-- Which roles may take the dangerous actions, and the two-person rule for the others. The database
-- holds both, so a technician's role reaching the server with psql can neither loosen the policy
-- nor approve a request, its own or anyone's.
--
--   * shop_policy: per garage and action, the groups that may (an admin always may). An action with
--     no row is anyone's, as before there was a policy. The action 'bulk' is a bulk command over
--     more than bulk_max cars. Every group reads its garage's rows; only an admin writes them.
--   * shop_may(action, count): the answer the apps ask for before sending, with who may.
--   * shop_requests: a technician's request to take an action the policy keeps from them (the car,
--     the action, its values, the reason), decided by a foreman or an admin with a note, then taken
--     for sending once by the role that asked, and its outcome recorded. Written only through the
--     SECURITY DEFINER functions below, each of which checks who calls it; a request lives until
--     expires_at (the server's clock), after which it can be neither decided nor taken.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 7 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 7 to 8; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- The policy --------------------------------------------------------------------------------------

CREATE TABLE shop_policy (
  garage_id    text NOT NULL CHECK (length(garage_id) BETWEEN 1 AND 64),
  action       text NOT NULL CHECK (action IN ('unlock', 'remote_start', 'valet', 'speed_limit',
                 'remove_driver', 'invitation', 'telemetry_write', 'telemetry_delete', 'template_rollout', 'bulk')),
  roles        text[] NOT NULL DEFAULT '{}'
                 CHECK (roles <@ ARRAY['technician', 'foreman', 'advisor', 'admin']::text[]),
  -- Only for 'bulk': how many cars anyone may send to at once; more needs one of `roles`.
  bulk_max     integer CHECK (bulk_max IS NULL OR bulk_max >= 1),
  changed_role text NOT NULL DEFAULT session_user,
  changed_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (garage_id, action)
);

CREATE FUNCTION shop_stamp_policy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_role := session_user;
  NEW.changed_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER shop_policy_stamp BEFORE INSERT OR UPDATE ON shop_policy
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_policy();

ALTER TABLE shop_policy ENABLE ROW LEVEL SECURITY;
CREATE POLICY shop_policy_read ON shop_policy FOR SELECT
  USING (garage_id = (SELECT shop_garage(session_user)));
CREATE POLICY shop_policy_admin ON shop_policy
  USING (garage_id = (SELECT shop_garage(session_user)) AND (SELECT shop_group(session_user)) = 'admin')
  WITH CHECK (garage_id = (SELECT shop_garage(session_user)) AND (SELECT shop_group(session_user)) = 'admin');

-- Whether the session's role may take `what` on `how_many` cars, and the groups that may (an admin
-- always among them). Security invoker: it reads only the caller's own garage's rows.
CREATE FUNCTION shop_may(what text, how_many integer DEFAULT 1)
  RETURNS TABLE (allowed boolean, roles text[], my_group text)
  LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text := shop_group(session_user);
  rule record;
BEGIN
  SELECT p.roles, p.bulk_max INTO rule FROM shop_policy p
   WHERE p.garage_id = shop_garage(session_user) AND p.action = what;
  IF NOT FOUND OR (what = 'bulk' AND (rule.bulk_max IS NULL OR how_many <= rule.bulk_max)) THEN
    RETURN QUERY SELECT grp IS NOT NULL, ARRAY['technician', 'foreman', 'advisor', 'admin']::text[], grp;
    RETURN;
  END IF;
  RETURN QUERY SELECT coalesce(grp = 'admin' OR grp = ANY (rule.roles), false),
    (SELECT array_agg(g ORDER BY i) FROM unnest(ARRAY['technician', 'foreman', 'advisor', 'admin']) WITH ORDINALITY AS o(g, i)
      WHERE g = 'admin' OR g = ANY (rule.roles)),
    grp;
END $$;

-- Requests (the two-person rule) ------------------------------------------------------------------

CREATE TABLE shop_requests (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  garage_id     text NOT NULL,
  vin           text NOT NULL CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
  action        text NOT NULL,
  -- What is to be sent, as the app sends it (the command's name and values).
  command       jsonb NOT NULL,
  reason        text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  technician    text NOT NULL,
  machine       text NOT NULL DEFAULT '',
  db_role       text NOT NULL DEFAULT session_user,
  requested_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  status        text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'approved', 'declined', 'sending', 'sent', 'failed')),
  decided_role  text,
  decided_name  text,
  decided_at    timestamptz,
  decision_note text,
  taken_at      timestamptz,
  outcome       text,
  finished_at   timestamptz,
  changed_role  text,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  change_seq    bigint NOT NULL DEFAULT 0
);
CREATE INDEX shop_requests_change_seq ON shop_requests (change_seq);
CREATE INDEX shop_requests_open ON shop_requests (garage_id, status) WHERE status IN ('pending', 'approved', 'sending');

-- Stamped and announced as every live table is (db_role, changed_role, change_seq, the NOTIFY).
CREATE TRIGGER shop_requests_stamp BEFORE INSERT OR UPDATE ON shop_requests
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_change();
CREATE TRIGGER shop_requests_notify AFTER INSERT OR UPDATE ON shop_requests
  FOR EACH ROW EXECUTE FUNCTION shop_notify_change();

ALTER TABLE shop_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY shop_requests_garage ON shop_requests FOR SELECT
  USING (garage_id = (SELECT shop_garage(session_user)));

-- The functions below run as the tables' owner (row-level security does not bind it), so each one
-- holds the caller to their own garage and group itself. Errors use SQLSTATE 42501 for "not yours
-- to do" and VGR01 for "no longer possible" (expired, decided, taken), which the app words.

CREATE FUNCTION shop_ask(p_vin text, p_action text, p_command jsonb, p_reason text, p_technician text,
                         p_machine text, p_minutes integer DEFAULT 60)
  RETURNS shop_requests
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  made public.shop_requests;
BEGIN
  IF public.shop_group(session_user) IS NULL THEN
    RAISE EXCEPTION 'The role % is in none of the shop''s groups.', session_user USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_action NOT IN ('unlock', 'remote_start', 'valet', 'speed_limit', 'remove_driver', 'invitation',
                      'telemetry_write', 'telemetry_delete', 'template_rollout', 'bulk') THEN
    RAISE EXCEPTION 'No such action: %.', p_action USING ERRCODE = 'check_violation';
  END IF;
  IF p_minutes IS NULL OR p_minutes < 1 OR p_minutes > 24 * 60 THEN
    RAISE EXCEPTION 'A request lasts from 1 minute to 24 hours, not % minutes.', p_minutes USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO public.shop_requests (garage_id, vin, action, command, reason, technician, machine, expires_at)
  VALUES (public.shop_garage(session_user), p_vin, p_action, p_command, p_reason, p_technician,
          coalesce(p_machine, ''), now() + make_interval(mins => p_minutes))
  RETURNING * INTO made;
  RETURN made;
END $$;

-- Why a request of the caller's garage cannot be decided or taken now, or null when it can.
CREATE FUNCTION shop_request_state(r public.shop_requests, wanted text) RETURNS text
  LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE
    WHEN r.status <> wanted THEN 'This request is ' || r.status || '.'
    WHEN r.expires_at <= now() THEN 'This request expired at ' || r.expires_at || '.'
  END
$$;

CREATE FUNCTION shop_decide(p_id uuid, p_approve boolean, p_note text, p_name text)
  RETURNS shop_requests
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  found_row public.shop_requests;
  why text;
BEGIN
  IF public.shop_group(session_user) NOT IN ('foreman', 'admin') OR public.shop_group(session_user) IS NULL THEN
    RAISE EXCEPTION 'Only a foreman or an admin may approve or decline a request.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- The row is locked: of two decisions at once, the second sees the first's.
  SELECT * INTO found_row FROM public.shop_requests
   WHERE id = p_id AND garage_id = public.shop_garage(session_user) FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No such request in this garage.' USING ERRCODE = 'no_data_found';
  END IF;
  IF found_row.db_role = session_user THEN
    RAISE EXCEPTION 'A request is decided by someone other than who asked.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  why := public.shop_request_state(found_row, 'pending');
  IF why IS NOT NULL THEN
    RAISE EXCEPTION '%', why USING ERRCODE = 'VGR01';
  END IF;
  UPDATE public.shop_requests
     SET status = CASE WHEN p_approve THEN 'approved' ELSE 'declined' END,
         decided_role = session_user, decided_name = p_name, decided_at = now(),
         decision_note = nullif(btrim(coalesce(p_note, '')), '')
   WHERE id = p_id
  RETURNING * INTO found_row;
  RETURN found_row;
END $$;

-- Takes an approved request for sending: only once (the row's status moves from approved to
-- sending in one UPDATE, so of two takes at once exactly one gets the row), only by the role that
-- asked, and only before it expires.
CREATE FUNCTION shop_take(p_id uuid)
  RETURNS shop_requests
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  taken public.shop_requests;
  why text;
BEGIN
  UPDATE public.shop_requests SET status = 'sending', taken_at = now()
   WHERE id = p_id AND garage_id = public.shop_garage(session_user) AND db_role = session_user
     AND status = 'approved' AND expires_at > now()
  RETURNING * INTO taken;
  IF FOUND THEN
    RETURN taken;
  END IF;
  SELECT * INTO taken FROM public.shop_requests WHERE id = p_id AND garage_id = public.shop_garage(session_user);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No such request in this garage.' USING ERRCODE = 'no_data_found';
  END IF;
  IF taken.db_role <> session_user THEN
    RAISE EXCEPTION 'Only % (who asked) may send this request.', taken.db_role USING ERRCODE = 'insufficient_privilege';
  END IF;
  why := public.shop_request_state(taken, 'approved');
  RAISE EXCEPTION '%', coalesce(why, 'This request cannot be sent now.') USING ERRCODE = 'VGR01';
END $$;

-- What came of sending a taken request: 'sent' or 'failed', with the app's words.
CREATE FUNCTION shop_finish(p_id uuid, p_sent boolean, p_outcome text)
  RETURNS shop_requests
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  done public.shop_requests;
BEGIN
  UPDATE public.shop_requests
     SET status = CASE WHEN p_sent THEN 'sent' ELSE 'failed' END, outcome = left(p_outcome, 2000), finished_at = now()
   WHERE id = p_id AND garage_id = public.shop_garage(session_user) AND db_role = session_user AND status = 'sending'
  RETURNING * INTO done;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Only the role that took this request for sending records its outcome, once.'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN done;
END $$;

-- Grants ------------------------------------------------------------------------------------------

-- Version 7's grants, and the policy (read by all, written by admins) and the requests (read by
-- all, written only through the functions above).
CREATE OR REPLACE FUNCTION shop_grant_groups() RETURNS text[]
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
    EXECUTE format('REVOKE ALL ON shop_vehicles, audit_entries, claims, jobs, telemetry_templates, shop_members, shop_schema_version, shop_policy, shop_requests FROM %I', grp);
    EXECUTE format('GRANT SELECT, INSERT ON audit_entries TO %I', grp);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE ON shop_vehicles, jobs TO %I', grp);
    EXECUTE format('GRANT SELECT ON claims, telemetry_templates, shop_members, shop_schema_version, shop_policy, shop_requests TO %I', grp);
    EXECUTE format('GRANT USAGE ON SEQUENCE shop_change_seq TO %I', grp);
    IF suffix <> 'advisors' THEN
      EXECUTE format('GRANT INSERT, UPDATE ON claims, telemetry_templates TO %I', grp);
    END IF;
    IF suffix = 'admins' THEN
      EXECUTE format('GRANT INSERT, UPDATE, DELETE ON shop_members, shop_policy TO %I', grp);
    END IF;
    granted := granted || grp;
  END LOOP;
  RETURN granted;
END $$;

REVOKE EXECUTE ON FUNCTION shop_grant_groups() FROM PUBLIC;
SELECT shop_grant_groups();

INSERT INTO shop_schema_version (version, name) VALUES (8, 'policy');
