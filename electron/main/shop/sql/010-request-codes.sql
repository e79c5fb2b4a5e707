-- Vehicle Garage shop schema, version 10 (request-codes).
-- The requests' refusals carry a stable code the apps word in the technician's language: each
-- function of the two-person rule raises through shop_refuse, which keeps the English message (what
-- psql shows a DBA), the SQLSTATE as before (42501 "not yours to do", VGR01 "no longer possible",
-- 23514 "not a value it takes", P0002 "no such request"), and adds HINT 'vg:<code>' with the
-- particulars as a JSON object in DETAIL. The functions keep their names and arguments, so their
-- grants stay as they are.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 9 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 9 to 10; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- Raises `message` with `state` (a SQLSTATE), the code in HINT and the particulars in DETAIL.
CREATE FUNCTION shop_refuse(code text, message text, state text, particulars jsonb DEFAULT '{}')
  RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = message, ERRCODE = state, HINT = 'vg:' || code,
    DETAIL = coalesce(particulars, '{}')::text;
END $$;

-- Refuses a request of the caller's garage that cannot be decided or taken now (`wanted` is the
-- status it must have): 'status' with the status it has, or 'expired' with when.
CREATE FUNCTION shop_request_refusal(r public.shop_requests, wanted text) RETURNS void
  LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF r.status <> wanted THEN
    PERFORM public.shop_refuse('status', 'This request is ' || r.status || '.', 'VGR01',
      jsonb_build_object('status', r.status));
  ELSIF r.expires_at <= now() THEN
    PERFORM public.shop_refuse('expired', 'This request expired at ' || r.expires_at || '.', 'VGR01',
      jsonb_build_object('at', r.expires_at));
  END IF;
END $$;

CREATE OR REPLACE FUNCTION shop_ask(p_vin text, p_action text, p_command jsonb, p_reason text, p_technician text,
                                   p_machine text, p_minutes integer DEFAULT 60)
  RETURNS shop_requests
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  made public.shop_requests;
BEGIN
  IF public.shop_group(session_user) IS NULL THEN
    PERFORM public.shop_refuse('no_group', format('The role %s is in none of the shop''s groups.', session_user),
      '42501', jsonb_build_object('role', session_user));
  END IF;
  IF p_action IS NULL OR p_action NOT IN ('unlock', 'remote_start', 'valet', 'speed_limit', 'remove_driver', 'invitation',
                      'telemetry_write', 'telemetry_delete', 'template_rollout', 'bulk') THEN
    PERFORM public.shop_refuse('bad_action', format('No such action: %s.', p_action), '23514',
      jsonb_build_object('action', left(p_action, 40)));
  END IF;
  IF p_minutes IS NULL OR p_minutes < 1 OR p_minutes > 24 * 60 THEN
    PERFORM public.shop_refuse('bad_minutes',
      format('A request lasts from 1 minute to 24 hours, not %s minutes.', p_minutes), '23514',
      jsonb_build_object('minutes', p_minutes));
  END IF;
  INSERT INTO public.shop_requests (garage_id, vin, action, command, reason, technician, machine, expires_at)
  VALUES (public.shop_garage(session_user), p_vin, p_action, p_command, p_reason, p_technician,
          coalesce(p_machine, ''), now() + make_interval(mins => p_minutes))
  RETURNING * INTO made;
  RETURN made;
END $$;

CREATE OR REPLACE FUNCTION shop_decide(p_id uuid, p_approve boolean, p_note text, p_name text)
  RETURNS shop_requests
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  found_row public.shop_requests;
BEGIN
  IF coalesce(public.shop_group(session_user) NOT IN ('foreman', 'admin'), true) THEN
    PERFORM public.shop_refuse('not_decider', 'Only a foreman or an admin may approve or decline a request.', '42501');
  END IF;
  -- The row is locked: of two decisions at once, the second sees the first's.
  SELECT * INTO found_row FROM public.shop_requests
   WHERE id = p_id AND garage_id = public.shop_garage(session_user) FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM public.shop_refuse('missing', 'No such request in this garage.', 'P0002');
  END IF;
  IF found_row.db_role = session_user THEN
    PERFORM public.shop_refuse('own_request', 'A request is decided by someone other than who asked.', '42501');
  END IF;
  PERFORM public.shop_request_refusal(found_row, 'pending');
  UPDATE public.shop_requests
     SET status = CASE WHEN p_approve THEN 'approved' ELSE 'declined' END,
         decided_role = session_user, decided_name = p_name, decided_at = now(),
         decision_note = nullif(btrim(coalesce(p_note, '')), '')
   WHERE id = p_id
  RETURNING * INTO found_row;
  RETURN found_row;
END $$;

-- As before: of two takes at once exactly one gets the row (one UPDATE from approved to sending).
CREATE OR REPLACE FUNCTION shop_take(p_id uuid)
  RETURNS shop_requests
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  taken public.shop_requests;
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
    PERFORM public.shop_refuse('missing', 'No such request in this garage.', 'P0002');
  END IF;
  IF taken.db_role <> session_user THEN
    PERFORM public.shop_refuse('not_asker', format('Only %s (who asked) may send this request.', taken.db_role),
      '42501', jsonb_build_object('role', taken.db_role));
  END IF;
  PERFORM public.shop_request_refusal(taken, 'approved');
  -- Approved and not expired a moment ago, changed since by another take.
  PERFORM public.shop_refuse('status', 'This request cannot be sent now.', 'VGR01',
    jsonb_build_object('status', 'sending'));
END $$;

CREATE OR REPLACE FUNCTION shop_finish(p_id uuid, p_sent boolean, p_outcome text)
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
    PERFORM public.shop_refuse('not_taken',
      'Only the role that took this request for sending records its outcome, once.', '42501');
  END IF;
  RETURN done;
END $$;

-- The state's words are shop_request_refusal's now.
DROP FUNCTION shop_request_state(public.shop_requests, text);

INSERT INTO shop_schema_version (version, name) VALUES (10, 'request-codes');
