-- Vehicle Garage shop schema, version 6 (claim-owners).
-- A claim belongs to the database role that made it, not to the name typed in the app: anyone may
-- type a colleague's name, nobody can sign in as their role. The server stamps the role on every
-- claim (the session's, so a SET ROLE to the shared group changes nothing) and, on every change,
-- allows only: the owner's release or change of their own active claim, ending a claim past its
-- expiry, and a take-over (by anyone, recorded with the role that took it). An ended claim is
-- history and stays as it is.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 5 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 5 to 6; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

-- The role that ended a claim, set by the server (ended_by stays the name the app gave).
ALTER TABLE claims ADD COLUMN ended_role text;

CREATE FUNCTION shop_claim_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.db_role := session_user;
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
    IF OLD.db_role IS DISTINCT FROM session_user THEN
      RAISE EXCEPTION 'This claim belongs to the database role %: only that role may change or release it (another may take it over).',
        OLD.db_role USING ERRCODE = 'insufficient_privilege';
    END IF;
  ELSIF NEW.end_reason = 'expired' AND OLD.expires_at > now() THEN
    RAISE EXCEPTION 'This claim has not expired yet.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.ended_role := CASE WHEN NEW.ended_at IS NULL THEN NULL ELSE session_user END;
  RETURN NEW;
END $$;

-- Named to fire after claims_stamp (triggers of one event fire in name order), whose db_role it
-- replaces with the session's role.
CREATE TRIGGER claims_stamp_owner BEFORE INSERT OR UPDATE ON claims
  FOR EACH ROW EXECUTE FUNCTION shop_claim_owner();

INSERT INTO shop_schema_version (version, name) VALUES (6, 'claim-owners');
