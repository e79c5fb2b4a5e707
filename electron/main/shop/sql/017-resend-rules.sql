-- Vehicle Garage shop schema, version 17 (resend-rules).
-- The re-send after a restore (012, 014) runs as the tables' owner and took some of what a desk
-- sends on the desk's word. A role with psql could use that to write into a colleague's history,
-- and the times of every re-sent row were the caller's. Now:
--
--   * A claim the shop lacks comes back only from the desk of the role it belongs to (session_user
--     is the claim's role), for every group: no role puts back a colleague's claim, so none can
--     write "Ben held car X from 09:00 until I took it over". A take-over lost in a restore still
--     comes back whole, in either order of the two desks' re-sends, because each desk sends its own:
--       - the taker's claim: put back while the car is free. If the car is held by a claim put back
--         by re-send (resent_at) that began before it, that claim ended where this one began (its
--         holder's desk never learnt of the take-over): it is ended so, as taken over by the caller
--         (or as expired, at its expiry, if that came first), and this one is put back.
--       - the holder's claim, ended as taken over (its desk knew): put back ended, the role that
--         ended it taken from the claim on the car that began at that end (null while that claim is
--         not back; the taker's own re-send fills it in).
--       - the holder's claim, still active (its desk did not know): if the car is held by a claim
--         that began after this one's since, put back ended as taken over at that claim's since,
--         ended_by and ended_role being that claim's claimed_by and db_role (or as expired, at its
--         expiry, if that came first). Held by an older claim: that one stands ('held').
--     An end the shop lacks on a claim it has is still anyone's under the rules of every end (006,
--     007): the holder, a foreman or an admin releases; anyone takes over, recorded as the caller.
--   * Times on the re-send are bounded as on the ordinary paths: nothing ahead of the server's clock
--     beyond 5 minutes (the audit entries' tolerance, 007): a job's write time (`at`, which becomes
--     updated_at: a far-future one would make every later state of the job look older and be
--     skipped), its opening and close, a claim's since, expiry and end. A claim lasts at most 24
--     hours from its since (an active one at most 24 hours from now), an end is not before its
--     since, and an end the server's clock has not reached yet is kept as the server's now.
--     Refused for good (SQLSTATE 23VG2, as 014's refusals), so the app counts it among what could
--     not be sent again.
--   * A job's re-send that replaces the shop's row keeps every line (note, event) that row holds,
--     with its role: a later state of a job holds them all, so a re-send lacking one, or naming
--     another role for it, is refused (23VG2) instead of taking away or rewriting a colleague's line,
--     which 016 refuses on every other write.
--   * The ordinary paths get the same bounds with plain SQL: a job's opening and close are not
--     ahead of the server's clock, nor its close before its opening (check_violation); a new job's
--     updated_at is the server's now, whatever the INSERT carried; a claim's end is the server's
--     (now for a release or a take-over, its expiry for an expiry, as the app writes them) and a
--     holder's change of its expiry keeps it within 24 hours from now. The tables' owner is not
--     bound (its own maintenance).
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 16 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 16 to 17; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- Jobs: times ---------------------------------------------------------------------------------------

-- Every writer but the owner's own maintenance, the re-send included (it runs as the owner).
CREATE FUNCTION shop_guard_job_times() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF public.shop_as_owner() AND NOT public.shop_resending() THEN
    RETURN NEW;
  END IF;
  IF NEW.opened_at > now() + interval '5 minutes' OR NEW.closed_at > now() + interval '5 minutes' THEN
    RAISE EXCEPTION 'The job of repair order % is dated % to %, ahead of the shop database''s clock (%): this machine''s clock runs fast.',
      NEW.repair_order, NEW.opened_at, coalesce(NEW.closed_at::text, 'now'), now() USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.closed_at < NEW.opened_at THEN
    RAISE EXCEPTION 'The job of repair order % would close (%) before it opened (%).',
      NEW.repair_order, NEW.closed_at, NEW.opened_at USING ERRCODE = 'check_violation';
  END IF;
  -- The server's time of the write (an update's is stamped by jobs_stamp; a re-sent row's by
  -- jobs_stamp_resent, after this).
  IF TG_OP = 'INSERT' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;

-- Named to fire after jobs_guard and before jobs_stamp (triggers of one event fire in name order).
CREATE TRIGGER jobs_guard_times BEFORE INSERT OR UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION shop_guard_job_times();

-- Jobs: the lines a re-send keeps ------------------------------------------------------------------

-- The re-send replaces a job's row with a later state of it (016's stamps do not bind it: it puts
-- back the roles the shop had answered). A later state holds every line the shop's row holds, with
-- its role (lines are only ever added), so one that lacks such a line, or names another role for
-- it, is not a later state of this row: refused, as 016 refuses it on every other write.
CREATE FUNCTION shop_guard_resent_lines() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF public.shop_resending()
     AND NOT (public.shop_notes_kept(OLD.notes, NEW.notes)
              AND public.shop_notes_kept(OLD.details -> 'notes', NEW.details -> 'notes')
              AND public.shop_notes_kept(OLD.details -> 'events', NEW.details -> 'events')) THEN
    RAISE EXCEPTION 'The job of repair order % sent again lacks a line the shop holds, or names another role for it: a line keeps the role that wrote it.',
      OLD.repair_order USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;

-- Named to fire after jobs_guard, before jobs_guard_times.
CREATE TRIGGER jobs_guard_resent_lines BEFORE UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION shop_guard_resent_lines();

-- Claims: ends and expiries -------------------------------------------------------------------------

-- Version 7's rules; an end and an expiry are the server's; and the re-send may name, once, who
-- took over a claim it put back before the taker's claim came back.
CREATE OR REPLACE FUNCTION shop_claim_owner() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  maintenance boolean := public.shop_as_owner();
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.db_role := session_user;
    -- Since and until are the server's: a claim cannot be backdated or held for ever.
    NEW.since := now();
    IF NEW.expires_at <= now() OR NEW.expires_at > now() + interval '24 hours' THEN
      RAISE EXCEPTION 'A claim lasts from now to at most 24 hours from now, not until %.', NEW.expires_at
        USING ERRCODE = 'check_violation';
    END IF;
    IF NOT maintenance AND NEW.ended_at IS NOT NULL THEN
      NEW.ended_at := now();
    END IF;
    NEW.ended_role := CASE WHEN NEW.ended_at IS NULL THEN NULL ELSE session_user END;
    RETURN NEW;
  END IF;
  IF OLD.ended_at IS NOT NULL THEN
    IF public.shop_resending() AND OLD.ended_role IS NULL AND NEW.ended_role IS NOT NULL
       AND (to_jsonb(NEW) - ARRAY['ended_role', 'change_seq', 'updated_at', 'changed_role', 'resent_at'])
         = (to_jsonb(OLD) - ARRAY['ended_role', 'change_seq', 'updated_at', 'changed_role', 'resent_at']) THEN
      RETURN NEW;
    END IF;
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
  IF NOT maintenance AND NEW.expires_at IS DISTINCT FROM OLD.expires_at
     AND (NEW.expires_at <= NEW.since OR NEW.expires_at > now() + interval '24 hours') THEN
    RAISE EXCEPTION 'A claim lasts at most 24 hours from now, not until %.', NEW.expires_at
      USING ERRCODE = 'check_violation';
  END IF;
  IF NOT maintenance AND NEW.ended_at IS NOT NULL THEN
    NEW.ended_at := CASE WHEN NEW.end_reason = 'expired' THEN OLD.expires_at ELSE now() END;
  END IF;
  NEW.ended_role := CASE WHEN NEW.ended_at IS NULL THEN NULL ELSE session_user END;
  RETURN NEW;
END $$;

-- The re-send's stamps ------------------------------------------------------------------------------

-- A claim put back ended names the role that ended it as the re-send found it (null: not known
-- yet), not the caller that claims_stamp_owner stamped.
CREATE FUNCTION shop_stamp_resent_end() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF public.shop_resending() AND coalesce(current_setting('shop.resent_ended_set', true), '') = 'on' THEN
    NEW.ended_role := nullif(current_setting('shop.resent_ended_role', true), '');
  END IF;
  RETURN NEW;
END $$;

-- Named to fire after claims_stamp_owner and claims_stamp_resent.
CREATE TRIGGER claims_stamp_resent_end BEFORE INSERT ON claims
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_resent_end();

-- Refuses for good (23VG2) a claim's times the server's rules never give: since ahead of its
-- clock, an expiry not after the since or more than 24 hours from it (an active claim's, more than
-- 24 hours from now), an end before the since or ahead of its clock.
CREATE FUNCTION shop_check_claim_times(vin text, since timestamptz, expires timestamptz, ended timestamptz)
  RETURNS void
  LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF since > now() + interval '5 minutes' OR ended > now() + interval '5 minutes' THEN
    RAISE EXCEPTION 'The claim on % is dated % to %, ahead of the shop database''s clock (%).',
      vin, since, coalesce(ended::text, 'now'), now() USING ERRCODE = '23VG2';
  END IF;
  IF expires <= since OR expires > since + interval '24 hours'
     OR (ended IS NULL AND expires > now() + interval '24 hours') THEN
    RAISE EXCEPTION 'A claim lasts at most 24 hours from its since (%) and from now, not until %.', since, expires
      USING ERRCODE = '23VG2';
  END IF;
  IF ended < since THEN
    RAISE EXCEPTION 'The claim on % would end (%) before it began (%).', vin, ended, since USING ERRCODE = '23VG2';
  END IF;
END $$;

-- Jobs: version 14's re-send, its write time bounded ---------------------------------------------

-- Version 14's function, kept under another name and called by the new one; no group calls it
-- itself any more (it would skip the bound on the write time).
ALTER FUNCTION shop_resend_job(text, jsonb) RENAME TO shop_resend_job_14;
REVOKE EXECUTE ON FUNCTION shop_resend_job_14(text, jsonb) FROM PUBLIC;
DO $$
DECLARE
  suffix text;
BEGIN
  FOREACH suffix IN ARRAY ARRAY['technicians', 'foremen', 'advisors', 'admins'] LOOP
    CONTINUE WHEN to_regrole(quote_ident(current_database() || '_' || suffix)) IS NULL;
    EXECUTE format('REVOKE EXECUTE ON FUNCTION shop_resend_job_14(text, jsonb) FROM %I', current_database() || '_' || suffix);
  END LOOP;
END $$;

CREATE FUNCTION shop_resend_job(garage text, job jsonb) RETURNS text
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  written timestamptz;
BEGIN
  PERFORM public.shop_resend_check(garage);
  IF jsonb_typeof(job) = 'object' AND job ->> 'at' IS NOT NULL THEN
    written := (job ->> 'at')::timestamptz;
    IF written > now() + interval '5 minutes' THEN
      RAISE EXCEPTION 'The job of repair order % was written at %, ahead of the shop database''s clock (%).',
        job ->> 'repairOrder', written, now() USING ERRCODE = '23VG2';
    END IF;
  END IF;
  RETURN public.shop_resend_job_14(garage, job);
EXCEPTION WHEN check_violation THEN
  -- The job's times (jobs_guard_times): final, as the function's other refusals.
  PERFORM public.shop_resend_flags(false, NULL, NULL);
  RAISE EXCEPTION '%', SQLERRM USING ERRCODE = '23VG2';
END $$;

REVOKE EXECUTE ON FUNCTION shop_resend_job(text, jsonb) FROM PUBLIC;
-- Version 14's grants name shop_resend_job(text, jsonb): this one now.
SELECT shop_grant_groups();

-- Claims: the re-send, each claim from its own role's desk -----------------------------------------

-- Puts back `claim` (one of the caller's, the shop lacking it) with its own since and expiry, ended
-- at `p_ended` (null: active) as `p_reason`, by `p_ended_by`, the role that ended it `p_ended_role`.
-- Answers whether it went in (an active one does not while another holds the car). Run by
-- shop_resend_claim only, as the owner.
CREATE FUNCTION shop_resend_claim_row(garage text, claim jsonb, p_since timestamptz, p_expires timestamptz,
                                      p_ended timestamptz, p_reason text, p_ended_by text, p_ended_role text)
  RETURNS boolean
  LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  went boolean;
BEGIN
  PERFORM public.shop_resend_flags(true, NULL, session_user),
          set_config('shop.resent_since', p_since::text, true),
          set_config('shop.resent_expires', p_expires::text, true),
          set_config('shop.resent_ended_set', CASE WHEN p_ended IS NULL THEN 'off' ELSE 'on' END, true),
          set_config('shop.resent_ended_role', coalesce(p_ended_role, ''), true);
  -- Dated by the server's rules first (claims_stamp_owner), then given its own since and expiry.
  INSERT INTO public.claims (id, garage_id, vin, claimed_by, machine, note, since, expires_at, ended_at,
                             ended_by, end_reason)
  VALUES ((claim ->> 'id')::uuid, garage, claim ->> 'vin', claim ->> 'claimedBy', claim ->> 'machine',
          claim ->> 'note', now(), now() + interval '1 hour', p_ended, p_ended_by, p_reason)
  ON CONFLICT (garage_id, vin) WHERE ended_at IS NULL DO NOTHING;
  went := FOUND;
  -- Back active: a claim its holder's desk put back ended as taken over at this one's since, before
  -- this came back, was taken over by this role.
  IF went AND p_ended IS NULL THEN
    UPDATE public.claims c SET ended_role = session_user
     WHERE c.garage_id = garage AND c.vin = claim ->> 'vin' AND c.ended_at = p_since AND c.end_reason = 'taken_over'
       AND c.ended_role IS NULL AND c.resent_at IS NOT NULL AND c.ended_by IS NOT DISTINCT FROM claim ->> 'claimedBy';
  END IF;
  PERFORM public.shop_resend_flags(false, NULL, NULL),
          set_config('shop.resent_ended_set', 'off', true),
          set_config('shop.resent_ended_role', '', true);
  RETURN went;
END $$;

REVOKE EXECUTE ON FUNCTION shop_resend_claim_row(text, jsonb, timestamptz, timestamptz, timestamptz, text, text, text)
  FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION shop_check_claim_times(text, timestamptz, timestamptz, timestamptz) FROM PUBLIC;

CREATE OR REPLACE FUNCTION shop_resend_claim(garage text, claim jsonb) RETURNS text
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  grp text := public.shop_resend_check(garage);
  me text := session_user;
  kept public.claims;
  holder public.claims;
  began timestamptz;
  expires timestamptz;
  ended timestamptz;
  reason text;
  ender text;
  ender_role text;
  attempt integer := 0;
BEGIN
  IF jsonb_typeof(claim) IS DISTINCT FROM 'object' OR claim ->> 'id' IS NULL OR claim ->> 'vin' IS NULL
     OR claim ->> 'since' IS NULL OR claim ->> 'expiresAt' IS NULL THEN
    RAISE EXCEPTION 'A claim to send again is an object with its id, vin, since and expiry.'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF grp = 'advisor' THEN
    RAISE EXCEPTION 'The front desk reads claims only.' USING ERRCODE = '23VG2';
  END IF;
  began := (claim ->> 'since')::timestamptz;
  expires := (claim ->> 'expiresAt')::timestamptz;
  ended := (claim ->> 'endedAt')::timestamptz;
  reason := claim ->> 'endReason';
  PERFORM public.shop_check_claim_times(claim ->> 'vin', began, expires, ended);
  -- An end within the tolerance but ahead of the server's clock is the server's now.
  ended := CASE WHEN ended > now() THEN now() ELSE ended END;
  SELECT * INTO kept FROM public.claims c WHERE c.id = (claim ->> 'id')::uuid FOR UPDATE;
  IF FOUND THEN
    IF kept.garage_id IS DISTINCT FROM garage THEN
      RAISE EXCEPTION 'The claim % is another garage''s.', kept.id USING ERRCODE = '23VG2';
    END IF;
    -- The shop has it: only an end it lacks is news, ended under the rules of any end, as the caller.
    IF kept.ended_at IS NOT NULL OR ended IS NULL THEN
      RETURN 'kept';
    END IF;
    IF ended < kept.since THEN
      RAISE EXCEPTION 'The claim on % would end (%) before it began (%).', kept.vin, ended, kept.since
        USING ERRCODE = '23VG2';
    END IF;
    BEGIN
      PERFORM public.shop_resend_flags(true, NULL, NULL);
      UPDATE public.claims SET ended_at = ended, ended_by = claim ->> 'endedBy', end_reason = reason
       WHERE id = kept.id;
    EXCEPTION WHEN insufficient_privilege OR check_violation THEN
      PERFORM public.shop_resend_flags(false, NULL, NULL);
      RAISE EXCEPTION '%', SQLERRM USING ERRCODE = '23VG2';
    END;
    PERFORM public.shop_resend_flags(false, NULL, NULL);
    RETURN 'ended';
  END IF;
  -- A claim comes back from the desk of the role it is, whoever else sends it.
  IF (claim ->> 'role') IS DISTINCT FROM me THEN
    RETURN 'not_mine';
  END IF;
  -- A claim past its expiry holds nothing: ended as the app's own claim ends it.
  IF ended IS NULL AND expires <= now() THEN
    ended := expires;
    reason := 'expired';
  END IF;
  ender := CASE WHEN ended IS NULL THEN NULL ELSE coalesce(claim ->> 'endedBy', claim ->> 'claimedBy') END;
  ender_role := me;
  IF reason = 'taken_over' THEN
    -- Taken over: by the role whose claim on the car began then, once it is back.
    SELECT c.db_role INTO ender_role FROM public.claims c
     WHERE c.garage_id = garage AND c.vin = claim ->> 'vin' AND c.since = ended AND c.id <> (claim ->> 'id')::uuid
     LIMIT 1;
  END IF;
  BEGIN
    LOOP
      attempt := attempt + 1;
      IF ended IS NULL THEN
        UPDATE public.claims SET ended_at = expires_at, end_reason = 'expired'
         WHERE garage_id = garage AND vin = claim ->> 'vin' AND ended_at IS NULL AND expires_at <= now();
        SELECT * INTO holder FROM public.claims c
         WHERE c.garage_id = garage AND c.vin = claim ->> 'vin' AND c.ended_at IS NULL FOR UPDATE;
        IF FOUND AND holder.since > began THEN
          -- Held by a claim that began later: this one had ended by then, taken over by it.
          IF expires <= holder.since THEN
            ended := expires;
            reason := 'expired';
            ender := claim ->> 'claimedBy';
          ELSE
            ended := holder.since;
            reason := 'taken_over';
            ender := holder.claimed_by;
            ender_role := holder.db_role;
          END IF;
        ELSIF FOUND AND holder.since < began AND holder.resent_at IS NOT NULL THEN
          -- Held by a claim put back that began earlier: its desk never learnt this one took the car.
          PERFORM public.shop_resend_flags(true, NULL, NULL);
          IF holder.expires_at <= began THEN
            UPDATE public.claims SET ended_at = expires_at, end_reason = 'expired', ended_by = holder.claimed_by
             WHERE id = holder.id;
          ELSE
            UPDATE public.claims SET ended_at = began, end_reason = 'taken_over', ended_by = claim ->> 'claimedBy'
             WHERE id = holder.id;
          END IF;
          PERFORM public.shop_resend_flags(false, NULL, NULL);
        ELSIF FOUND THEN
          -- Someone holds the car (taken after the restore, or since before this one): theirs stands.
          RETURN 'held';
        END IF;
      END IF;
      IF public.shop_resend_claim_row(garage, claim, began, expires, ended, reason, ender, ender_role) THEN
        RETURN 'inserted';
      END IF;
      -- Another desk's re-send took the car meanwhile (it waited for that one to commit): judge again.
      EXIT WHEN attempt >= 3;
    END LOOP;
  EXCEPTION WHEN insufficient_privilege OR check_violation THEN
    PERFORM public.shop_resend_flags(false, NULL, NULL);
    RAISE EXCEPTION '%', SQLERRM USING ERRCODE = '23VG2';
  END;
  RETURN 'held';
END $$;

INSERT INTO shop_schema_version (version, name) VALUES (17, 'resend-rules');
