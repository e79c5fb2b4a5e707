-- Vehicle Garage shop schema, version 14 (restore-writes).
-- What a restore loses besides audit entries, and which database a desk is talking to:
--
--   * shop_identity: one row, a UUID made when this file is applied. It is data, so it travels with
--     a dump: the same shop restored into a new database or onto a new server keeps it, and another
--     shop's database has its own. The apps key what the shop acknowledged by it, and send nothing
--     of one shop to a database of another. (Not the server's system_identifier: that is the
--     cluster's, which a restore onto a new server changes and two shops on one server share.)
--   * shop_resend_job(garage, job): a job this desk wrote (opened, noted, closed, reopened), as the
--     shop answered the write, put back after a restore: inserted with its own id, times and
--     details when the shop lacks it; replacing the shop's row when that row is older than the
--     write (jobs.updated_at, the server's time of each write, which a re-sent row keeps), and
--     otherwise left as the shop has it (changed since the restore: the later change stands). The
--     rules of every change still hold: row-level security's garage, shop_guard_job's who-may (as
--     the caller, session_user), one open job per car. A job is put back whole only by the role
--     that opened it, or by a foreman or an admin (who may change any job); it keeps the role that
--     opened it (db_role) and names who put it back (changed_role). Marked jobs.resent_at.
--   * shop_resend_claim(garage, claim): a claim this desk took, released or took over, as the shop
--     answered. A missing claim of the caller's own comes back with its own since, expiry and end;
--     one still active comes back active only while nobody holds the car: a claim someone took
--     after the restore stands, and the lost one is not put back (the car is theirs now). An
--     active claim the desk ended (released, or took over) is ended again with its own time, under
--     the same rules as any end (006/007: the holder, a foreman or an admin releases; anyone takes
--     over). A claim taken over that the shop lacks entirely comes back as the history it was
--     (ended, taken over by the caller). Marked claims.resent_at.
--   Both refuse for good (SQLSTATE 23VG2, with the reason) what their rules do not allow, so the
--   app counts it among what could not be sent again instead of trying for ever.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 13 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 13 to 14; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- The shop's identity ------------------------------------------------------------------------------

CREATE TABLE shop_identity (
  id      uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  made_at timestamptz NOT NULL DEFAULT now(),
  one     boolean NOT NULL DEFAULT true UNIQUE CHECK (one)
);
INSERT INTO shop_identity DEFAULT VALUES;
-- Every group reads it; nobody but the owner writes it.
ALTER TABLE shop_identity ENABLE ROW LEVEL SECURITY;
CREATE POLICY shop_identity_read ON shop_identity FOR SELECT USING (true);

-- Re-sent rows -------------------------------------------------------------------------------------

ALTER TABLE jobs ADD COLUMN resent_at timestamptz;
ALTER TABLE claims ADD COLUMN resent_at timestamptz;

-- Whether the statement is one of the re-send functions' own (they set the flag for their own
-- transaction, and run as the owner; a person's role setting the flag is not the owner).
CREATE FUNCTION shop_resending() RETURNS boolean
  LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT coalesce(current_setting('shop.resending', true), '') = 'on' AND public.shop_as_owner()
$$;

-- Fires after the stamps (name order: jobs_stamp; claims_stamp and claims_stamp_owner, which
-- dates every new claim from the server's now). A re-sent row keeps the role it belongs to (the
-- role that opened a job, the role a claim is), a job the server's time of the write it was, and a
-- claim its own since and expiry; every other write clears the mark.
CREATE FUNCTION shop_stamp_resent() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF NOT public.shop_resending() THEN
    NEW.resent_at := NULL;
    RETURN NEW;
  END IF;
  NEW.resent_at := now();
  IF TG_TABLE_NAME = 'jobs' THEN
    NEW.updated_at := current_setting('shop.resent_at')::timestamptz;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.db_role := coalesce(nullif(current_setting('shop.resent_role', true), ''), NEW.db_role);
    IF TG_TABLE_NAME = 'claims' THEN
      NEW.since := current_setting('shop.resent_since')::timestamptz;
      NEW.expires_at := current_setting('shop.resent_expires')::timestamptz;
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER jobs_stamp_resent BEFORE INSERT OR UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_resent();
CREATE TRIGGER claims_stamp_resent BEFORE INSERT OR UPDATE ON claims
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_resent();

-- The caller may send again into `garage` (their own; an admin names any), or it raises.
CREATE FUNCTION shop_resend_check(garage text) RETURNS text
  LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text := public.shop_group(session_user);
BEGIN
  IF grp IS NULL THEN
    RAISE EXCEPTION 'The role % is in none of the shop''s groups.', session_user USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF garage IS DISTINCT FROM public.shop_garage(session_user) AND grp <> 'admin' THEN
    RAISE EXCEPTION 'The role % works in the garage %, not %.', session_user, public.shop_garage(session_user), garage
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN grp;
END $$;

-- Sets (or clears, with NULLs) the flags the triggers above read, for this transaction only.
CREATE FUNCTION shop_resend_flags(resending boolean, at timestamptz, role text) RETURNS void
  LANGUAGE sql SET search_path = pg_catalog, pg_temp AS $$
  SELECT set_config('shop.resending', CASE WHEN resending THEN 'on' ELSE 'off' END, true),
         set_config('shop.resent_at', coalesce(at::text, ''), true),
         set_config('shop.resent_role', coalesce(role, ''), true)
$$;

CREATE FUNCTION shop_resend_job(garage text, job jsonb) RETURNS text
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text := public.shop_resend_check(garage);
  written timestamptz;
  kept public.jobs;
  present boolean;
  outcome text;
BEGIN
  IF jsonb_typeof(job) IS DISTINCT FROM 'object' OR jsonb_typeof(job -> 'details') IS DISTINCT FROM 'object'
     OR job ->> 'id' IS NULL OR job ->> 'at' IS NULL OR job ->> 'vin' IS NULL THEN
    RAISE EXCEPTION 'A job to send again is an object with its id, vin, details and the time of its write.'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  written := (job ->> 'at')::timestamptz;
  SELECT * INTO kept FROM public.jobs j WHERE j.id = (job ->> 'id')::uuid FOR UPDATE;
  present := FOUND;
  IF present AND kept.garage_id IS DISTINCT FROM garage THEN
    RAISE EXCEPTION 'The job % is another garage''s.', kept.id USING ERRCODE = '23VG2';
  END IF;
  -- Changed since that write (after the restore, or put back by a later write already): it stands.
  IF present AND kept.updated_at >= written THEN
    RETURN 'newer';
  END IF;
  IF NOT present AND (job ->> 'role') IS DISTINCT FROM session_user::text AND grp NOT IN ('foreman', 'admin') THEN
    RAISE EXCEPTION 'The job of repair order % was opened by %: that role, a foreman or an admin puts it back.',
      job ->> 'repairOrder', coalesce(job ->> 'role', 'another role') USING ERRCODE = '23VG2';
  END IF;
  PERFORM public.shop_resend_flags(true, written, CASE WHEN NOT present THEN job ->> 'role' END);
  BEGIN
    IF present THEN
      UPDATE public.jobs SET repair_order = job ->> 'repairOrder', complaint = job ->> 'complaint',
             technician = job ->> 'technician', opened_at = (job ->> 'openedAt')::timestamptz,
             closed_at = (job ->> 'closedAt')::timestamptz, status = job ->> 'status',
             check_in = job -> 'checkIn', check_out = job -> 'checkOut',
             notes = coalesce(job -> 'notes', '[]'), details = job -> 'details'
       WHERE id = kept.id;
      outcome := 'changed';
    ELSE
      INSERT INTO public.jobs (id, garage_id, vin, repair_order, complaint, technician, opened_at, closed_at,
                               status, check_in, check_out, notes, details)
      VALUES ((job ->> 'id')::uuid, garage, job ->> 'vin', job ->> 'repairOrder', job ->> 'complaint',
              job ->> 'technician', (job ->> 'openedAt')::timestamptz, (job ->> 'closedAt')::timestamptz,
              job ->> 'status', job -> 'checkIn', job -> 'checkOut', coalesce(job -> 'notes', '[]'),
              job -> 'details')
      ON CONFLICT (garage_id, vin) WHERE status = 'open' DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'The job of repair order % is not opened again: another job is open on % now.',
          job ->> 'repairOrder', job ->> 'vin' USING ERRCODE = '23VG2';
      END IF;
      outcome := 'inserted';
    END IF;
  EXCEPTION WHEN insufficient_privilege THEN
    -- shop_guard_job's no, as the caller: final, so the app counts it instead of retrying.
    PERFORM public.shop_resend_flags(false, NULL, NULL);
    RAISE EXCEPTION '%', SQLERRM USING ERRCODE = '23VG2';
  END;
  PERFORM public.shop_resend_flags(false, NULL, NULL);
  RETURN outcome;
END $$;

CREATE FUNCTION shop_resend_claim(garage text, claim jsonb) RETURNS text
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text := public.shop_resend_check(garage);
  kept public.claims;
  present boolean;
  ended timestamptz;
  reason text;
  expires timestamptz;
  outcome text;
BEGIN
  IF jsonb_typeof(claim) IS DISTINCT FROM 'object' OR claim ->> 'id' IS NULL OR claim ->> 'vin' IS NULL
     OR claim ->> 'since' IS NULL OR claim ->> 'expiresAt' IS NULL THEN
    RAISE EXCEPTION 'A claim to send again is an object with its id, vin, since and expiry.'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF grp = 'advisor' THEN
    RAISE EXCEPTION 'The front desk reads claims only.' USING ERRCODE = '23VG2';
  END IF;
  ended := (claim ->> 'endedAt')::timestamptz;
  reason := claim ->> 'endReason';
  expires := (claim ->> 'expiresAt')::timestamptz;
  SELECT * INTO kept FROM public.claims c WHERE c.id = (claim ->> 'id')::uuid FOR UPDATE;
  present := FOUND;
  IF present AND kept.garage_id IS DISTINCT FROM garage THEN
    RAISE EXCEPTION 'The claim % is another garage''s.', kept.id USING ERRCODE = '23VG2';
  END IF;
  BEGIN
    IF present THEN
      -- The shop has it: only an end it lacks is news.
      IF kept.ended_at IS NOT NULL OR ended IS NULL THEN
        RETURN 'kept';
      END IF;
      PERFORM public.shop_resend_flags(true, NULL, NULL);
      UPDATE public.claims SET ended_at = ended, ended_by = claim ->> 'endedBy', end_reason = reason
       WHERE id = kept.id;
      outcome := 'ended';
    ELSE
      IF (claim ->> 'role') IS DISTINCT FROM session_user::text AND reason IS DISTINCT FROM 'taken_over' THEN
        -- Another role's claim comes back from that role's desk.
        RETURN 'not_mine';
      END IF;
      IF ended IS NULL AND expires <= now() THEN
        ended := expires;
        reason := 'expired';
      END IF;
      -- A claim past its expiry holds nothing: ended as the app's own claim ends it.
      IF ended IS NULL THEN
        UPDATE public.claims SET ended_at = expires_at, end_reason = 'expired'
         WHERE garage_id = garage AND vin = claim ->> 'vin' AND ended_at IS NULL AND expires_at <= now();
      END IF;
      PERFORM public.shop_resend_flags(true, NULL, claim ->> 'role');
      -- Dated by the server's rules first (claims_stamp_owner), then given its own since and expiry.
      PERFORM set_config('shop.resent_since', claim ->> 'since', true),
              set_config('shop.resent_expires', expires::text, true);
      INSERT INTO public.claims (id, garage_id, vin, claimed_by, machine, note, since, expires_at, ended_at,
                                 ended_by, end_reason)
      VALUES ((claim ->> 'id')::uuid, garage, claim ->> 'vin', claim ->> 'claimedBy', claim ->> 'machine',
              claim ->> 'note', now(), now() + interval '1 hour', ended,
              CASE WHEN ended IS NULL THEN NULL ELSE coalesce(claim ->> 'endedBy', claim ->> 'claimedBy') END,
              reason)
      ON CONFLICT (garage_id, vin) WHERE ended_at IS NULL DO NOTHING;
      -- Someone holds the car now (taken after the restore): theirs stands.
      outcome := CASE WHEN FOUND THEN 'inserted' ELSE 'held' END;
    END IF;
  EXCEPTION WHEN insufficient_privilege OR check_violation THEN
    PERFORM public.shop_resend_flags(false, NULL, NULL);
    RAISE EXCEPTION '%', SQLERRM USING ERRCODE = '23VG2';
  END;
  PERFORM public.shop_resend_flags(false, NULL, NULL);
  RETURN outcome;
END $$;

-- Grants: version 13's, the identity and the re-sends ------------------------------------------------

ALTER FUNCTION shop_grant_groups() RENAME TO shop_grant_groups_13;
CREATE FUNCTION shop_grant_groups() RETURNS text[]
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text;
  granted text[] := shop_grant_groups_13();
BEGIN
  FOREACH grp IN ARRAY granted LOOP
    EXECUTE format('REVOKE ALL ON shop_identity FROM %I', grp);
    EXECUTE format('GRANT SELECT ON shop_identity TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION shop_resend_job(text, jsonb) TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION shop_resend_claim(text, jsonb) TO %I', grp);
  END LOOP;
  RETURN granted;
END $$;

REVOKE EXECUTE ON FUNCTION shop_grant_groups() FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_resend_job(text, jsonb) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_resend_claim(text, jsonb) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_resend_flags(boolean, timestamptz, text) FROM PUBLIC;
SELECT shop_grant_groups();

INSERT INTO shop_schema_version (version, name) VALUES (14, 'restore-writes');
