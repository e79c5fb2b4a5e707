-- Vehicle Garage shop schema, version 11 (approval-plans).
-- Every action the policy may keep from a role can be asked for, not only a command to one car:
-- a request now holds its plan (shared/approval-plan.ts), exactly what is to be done:
--
--   {"kind": "command", "command": {...}}                       a command to the request's car
--   {"kind": "remove_driver", "userId": "123"}                  the request's car
--   {"kind": "invitation"}                                      the request's car
--   {"kind": "telemetry_write", "fields": {...} | "recommended"} the request's car
--   {"kind": "telemetry_delete"}                                the request's car
--   {"kind": "bulk", "command": {...}, "vins": [...]}           vin '' (the cars are the list)
--   {"kind": "template_rollout", "template": {"name", "fields"}, "vins": [...]}   vin ''
--
-- shop_ask_plan checks a plan fits its action before it is kept; nobody changes a request's car,
-- action, plan, reason or asker afterwards (a trigger holds even the functions to it); and
-- shop_take(id, plan) takes an approved request only when the plan the app is about to carry out
-- is the one approved, so approval for one thing never sends another. shop_ask (a command to one
-- car) and shop_take(id) keep working for the apps and scripts that use them.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 10 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 10 to 11; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

ALTER TABLE shop_requests ADD COLUMN plan jsonb;
UPDATE shop_requests SET plan = jsonb_build_object('kind', 'command', 'command', command);
ALTER TABLE shop_requests ALTER COLUMN plan SET NOT NULL;
ALTER TABLE shop_requests ADD CONSTRAINT shop_requests_plan_size CHECK (pg_column_size(plan) <= 400000);
-- `command` stays for a command's plan (what it was before); the other plans have none.
ALTER TABLE shop_requests ALTER COLUMN command DROP NOT NULL;
ALTER TABLE shop_requests DROP CONSTRAINT shop_requests_vin_check;
ALTER TABLE shop_requests ADD CONSTRAINT shop_requests_vin_check
  CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$' OR (vin = '' AND action IN ('bulk', 'template_rollout')));

-- What is asked stays what was asked: only the decision, the taking and the outcome change.
CREATE FUNCTION shop_keep_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.garage_id, NEW.vin, NEW.action, NEW.plan, NEW.command, NEW.reason, NEW.technician, NEW.machine,
      NEW.db_role, NEW.requested_at)
     IS DISTINCT FROM
     (OLD.garage_id, OLD.vin, OLD.action, OLD.plan, OLD.command, OLD.reason, OLD.technician, OLD.machine,
      OLD.db_role, OLD.requested_at) THEN
    PERFORM public.shop_refuse('unchangeable', 'A request is kept as it was asked.', '42501');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER shop_requests_keep BEFORE UPDATE ON shop_requests
  FOR EACH ROW EXECUTE FUNCTION shop_keep_request();

-- A list of 1 to 10,000 distinct VINs, or false.
CREATE FUNCTION shop_plan_vins_fit(vins jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT jsonb_typeof(vins) = 'array'
     AND jsonb_array_length(vins) BETWEEN 1 AND 10000
     AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(vins) AS v
                      WHERE jsonb_typeof(v) <> 'string' OR NOT (v #>> '{}') ~ '^[A-HJ-NPR-Z0-9]{17}$')
     AND (SELECT count(DISTINCT v) FROM jsonb_array_elements(vins) AS v) = jsonb_array_length(vins)
$$;

-- A command as the apps send it: a name and an object of options.
CREATE FUNCTION shop_plan_command_fits(command jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT jsonb_typeof(command) = 'object'
     AND jsonb_typeof(command -> 'name') = 'string'
     AND jsonb_typeof(command -> 'options') = 'object'
     AND (command - ARRAY['name', 'options']) = '{}'::jsonb
$$;

-- Whether `plan` is one the action takes, for the request's car `vin`.
CREATE FUNCTION shop_plan_fits(p_action text, p_vin text, plan jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT jsonb_typeof(plan) = 'object' AND coalesce(CASE plan ->> 'kind'
    WHEN 'command' THEN
      (plan - ARRAY['kind', 'command']) = '{}'::jsonb AND p_vin <> ''
      AND public.shop_plan_command_fits(plan -> 'command')
      AND p_action = CASE plan #>> '{command,name}'
                       WHEN 'unlock' THEN 'unlock' WHEN 'remote_start' THEN 'remote_start'
                       WHEN 'enable_valet' THEN 'valet' WHEN 'disable_valet' THEN 'valet'
                       WHEN 'set_speed_limit' THEN 'speed_limit' END
    WHEN 'remove_driver' THEN
      p_action = 'remove_driver' AND p_vin <> '' AND (plan - ARRAY['kind', 'userId']) = '{}'::jsonb
      AND jsonb_typeof(plan -> 'userId') = 'string' AND (plan ->> 'userId') ~ '^\d{1,20}$'
    WHEN 'invitation' THEN
      p_action = 'invitation' AND p_vin <> '' AND (plan - 'kind') = '{}'::jsonb
    WHEN 'telemetry_write' THEN
      p_action = 'telemetry_write' AND p_vin <> '' AND (plan - ARRAY['kind', 'fields']) = '{}'::jsonb
      AND (jsonb_typeof(plan -> 'fields') = 'object' OR plan -> 'fields' = '"recommended"'::jsonb)
    WHEN 'telemetry_delete' THEN
      p_action = 'telemetry_delete' AND p_vin <> '' AND (plan - 'kind') = '{}'::jsonb
    WHEN 'bulk' THEN
      p_action = 'bulk' AND p_vin = '' AND (plan - ARRAY['kind', 'command', 'vins']) = '{}'::jsonb
      AND public.shop_plan_command_fits(plan -> 'command') AND public.shop_plan_vins_fit(plan -> 'vins')
    WHEN 'template_rollout' THEN
      p_action = 'template_rollout' AND p_vin = '' AND (plan - ARRAY['kind', 'template', 'vins']) = '{}'::jsonb
      AND jsonb_typeof(plan -> 'template') = 'object'
      AND ((plan -> 'template') - ARRAY['name', 'fields']) = '{}'::jsonb
      AND length(plan #>> '{template,name}') BETWEEN 1 AND 80
      AND jsonb_typeof(plan #> '{template,fields}') = 'object'
      AND public.shop_plan_vins_fit(plan -> 'vins')
  END, false)
$$;

CREATE FUNCTION shop_ask_plan(p_vin text, p_action text, p_plan jsonb, p_reason text, p_technician text,
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

-- A command to one car, as before: its plan is the command.
CREATE OR REPLACE FUNCTION shop_ask(p_vin text, p_action text, p_command jsonb, p_reason text, p_technician text,
                                    p_machine text, p_minutes integer DEFAULT 60)
  RETURNS shop_requests
  LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT * FROM public.shop_ask_plan(p_vin, p_action, jsonb_build_object('kind', 'command', 'command', p_command),
                                     p_reason, p_technician, p_machine, p_minutes)
$$;

-- Takes an approved request for sending, once, by who asked, before it expires, and only when
-- `p_plan` (what the app is about to carry out) is the plan approved; otherwise nothing is taken.
CREATE FUNCTION shop_take(p_id uuid, p_plan jsonb)
  RETURNS shop_requests
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  found_row public.shop_requests;
BEGIN
  SELECT * INTO found_row FROM public.shop_requests
   WHERE id = p_id AND garage_id = public.shop_garage(session_user);
  IF FOUND AND found_row.db_role = session_user AND found_row.plan IS DISTINCT FROM p_plan THEN
    PERFORM public.shop_refuse('plan_mismatch', 'This is not what was approved: nothing was taken.', 'VGR02');
  END IF;
  RETURN public.shop_take(p_id);
END $$;

-- Grants: version 9's, and who may run the new functions ----------------------------------------

-- shop_ask_plan and shop_take(uuid, jsonb) check who calls them, as shop_ask and shop_take do; run
-- by any of the shop's groups, by nobody else.
ALTER FUNCTION shop_grant_groups() RENAME TO shop_grant_groups_9;
CREATE FUNCTION shop_grant_groups() RETURNS text[]
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text;
  granted text[] := shop_grant_groups_9();
BEGIN
  FOREACH grp IN ARRAY granted LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION shop_ask_plan(text, text, jsonb, text, text, text, integer) TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION shop_take(uuid, jsonb) TO %I', grp);
  END LOOP;
  RETURN granted;
END $$;

REVOKE EXECUTE ON FUNCTION shop_grant_groups() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_ask_plan(text, text, jsonb, text, text, text, integer) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_take(uuid, jsonb) FROM PUBLIC;
SELECT shop_grant_groups();

INSERT INTO shop_schema_version (version, name) VALUES (11, 'approval-plans');
