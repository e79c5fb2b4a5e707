-- Vehicle Garage shop schema, version 15 (ask-check).
-- What a request must be to be asked at all, checked in one function: shop_check_ask (a role in one
-- of the shop's groups, an action the policy knows, a lifetime from 1 minute to 24 hours). Versions
-- 10 and 11 each spelled these checks out, in shop_ask and in shop_ask_plan; since 11, shop_ask asks
-- through shop_ask_plan, and released files are never edited, so this one replaces shop_ask_plan
-- with the same function calling shop_check_ask. The refusals keep their codes, SQLSTATEs, words and
-- particulars (010-request-codes.sql), and the functions their names, arguments and grants.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 14 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 14 to 15; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- Refuses, through shop_refuse, a request the caller may not ask or that no action takes: a role in
-- none of the shop's groups (no_group), an action the policy does not know (bad_action), a lifetime
-- outside 1 minute to 24 hours (bad_minutes). Run by the functions that ask, as the tables' owner.
CREATE FUNCTION shop_check_ask(p_action text, p_minutes integer) RETURNS void
  LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
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
END $$;

REVOKE EXECUTE ON FUNCTION shop_check_ask(text, integer) FROM PUBLIC;

-- Version 11's function, its checks now shop_check_ask's.
CREATE OR REPLACE FUNCTION shop_ask_plan(p_vin text, p_action text, p_plan jsonb, p_reason text, p_technician text,
                                         p_machine text, p_minutes integer DEFAULT 60)
  RETURNS shop_requests
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  made public.shop_requests;
BEGIN
  PERFORM public.shop_check_ask(p_action, p_minutes);
  IF NOT public.shop_plan_fits(p_action, coalesce(p_vin, ''), p_plan) THEN
    PERFORM public.shop_refuse('bad_plan', format('This is not a plan the action %s takes.', p_action), '23514',
      jsonb_build_object('action', p_action));
  END IF;
  INSERT INTO public.shop_requests (garage_id, vin, action, plan, command, reason, technician, machine, expires_at)
  VALUES (public.shop_garage(session_user), p_vin, p_action, p_plan,
          CASE WHEN p_plan ->> 'kind' IN ('command', 'bulk') THEN p_plan -> 'command' END,
          p_reason, p_technician, coalesce(p_machine, ''), now() + make_interval(mins => p_minutes))
  RETURNING * INTO made;
  RETURN made;
END $$;

INSERT INTO shop_schema_version (version, name) VALUES (15, 'ask-check');
