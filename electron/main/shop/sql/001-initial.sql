-- Vehicle Garage shop schema, version 1 (initial).
-- The shop's first schema: garage, append-only audit, claims, jobs and telemetry templates. Every
-- row that others must see live carries `change_seq` from one shared sequence, set by a trigger on
-- insert and update, so a client that lost its connection catches up with `change_seq > mark`; and
-- a trigger NOTIFYs `vg_shop_changes` with a small payload (table, garage, vin, id, seq). The server,
-- not the app, sets db_role (the role that wrote a row) and received_at.
-- Applied by the app as the database owner, or by hand: docs/shop.md, "Migrations".

SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);
CREATE TABLE IF NOT EXISTS shop_schema_version (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  applied_by text NOT NULL DEFAULT current_user
);
DO $$ BEGIN
  IF (SELECT coalesce(max(version), 0) FROM shop_schema_version) <> 0 THEN
    RAISE EXCEPTION 'This file brings the shop schema from version 0 to 1; the database is at version %.',
      (SELECT coalesce(max(version), 0) FROM shop_schema_version);
  END IF;
END $$;

CREATE SEQUENCE shop_change_seq;

CREATE FUNCTION shop_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := nextval('shop_change_seq');
  -- Who wrote a row is the server's word, whatever the INSERT carried.
  IF TG_OP = 'INSERT' AND TG_TABLE_NAME IN ('audit_entries', 'claims') THEN
    NEW.db_role := current_user;
  END IF;
  IF TG_OP = 'INSERT' AND TG_TABLE_NAME = 'audit_entries' THEN NEW.received_at := now(); END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME <> 'audit_entries' THEN NEW.updated_at := now(); END IF;
  RETURN NEW;
END $$;

CREATE FUNCTION shop_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vg_shop_changes', json_build_object(
    'table', TG_TABLE_NAME, 'garageId', NEW.garage_id, 'vin', NEW.vin, 'id', NEW.id::text,
    'seq', NEW.change_seq)::text);
  RETURN NULL;
END $$;

CREATE FUNCTION shop_audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the shop audit log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TABLE shop_vehicles (
  garage_id   text NOT NULL,
  vin         text NOT NULL CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
  id          uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  nickname    text,
  plate       text,
  tags        text[] NOT NULL DEFAULT '{}',
  added_by    text NOT NULL,
  added_at    timestamptz NOT NULL DEFAULT now(),
  removed_by  text,
  removed_at  timestamptz,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  change_seq  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (garage_id, vin)
);
CREATE INDEX shop_vehicles_change_seq ON shop_vehicles (change_seq);

CREATE TABLE audit_entries (
  id          uuid PRIMARY KEY,
  garage_id   text NOT NULL,
  time        timestamptz NOT NULL,
  vin         text NOT NULL,
  operation   text NOT NULL,
  params      jsonb NOT NULL DEFAULT '{}',
  outcome     text NOT NULL,
  reason      text,
  error_kind  text,
  effect      jsonb,
  duration_ms integer,
  technician  text NOT NULL,
  machine     text NOT NULL,
  profile_id  text,
  run_id      text,
  -- Set by the server, never sent by the app: the role a shop can trust.
  db_role     text NOT NULL DEFAULT current_user,
  received_at timestamptz NOT NULL DEFAULT now(),
  change_seq  bigint NOT NULL DEFAULT 0
);
-- One vehicle's history, newest first, with a stable keyset for pages: (time, id) after (vin).
CREATE INDEX audit_entries_vin_time ON audit_entries (garage_id, vin, time DESC, id DESC);
CREATE INDEX audit_entries_time ON audit_entries (garage_id, time DESC, id DESC);
CREATE INDEX audit_entries_change_seq ON audit_entries (change_seq);

CREATE TABLE claims (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  garage_id      text NOT NULL,
  vin            text NOT NULL,
  claimed_by     text NOT NULL,
  machine        text,
  note           text,
  since          timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  ended_at       timestamptz,
  ended_by       text,
  end_reason     text CHECK (end_reason IN ('released', 'expired', 'taken_over')),
  db_role        text NOT NULL DEFAULT current_user,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  change_seq     bigint NOT NULL DEFAULT 0,
  CHECK ((ended_at IS NULL) = (end_reason IS NULL))
);
-- One active claim per vehicle: the constraint, not the app, decides a race.
CREATE UNIQUE INDEX claims_one_active ON claims (garage_id, vin) WHERE ended_at IS NULL;
CREATE INDEX claims_history ON claims (garage_id, vin, since DESC);
CREATE INDEX claims_change_seq ON claims (change_seq);

CREATE TABLE jobs (
  id            uuid PRIMARY KEY,
  garage_id     text NOT NULL,
  vin           text NOT NULL,
  repair_order  text NOT NULL CHECK (length(trim(repair_order)) > 0),
  complaint     text,
  technician    text NOT NULL,
  opened_at     timestamptz NOT NULL DEFAULT now(),
  closed_at     timestamptz,
  status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  check_in      jsonb,
  check_out     jsonb,
  notes         jsonb NOT NULL DEFAULT '[]',
  updated_at    timestamptz NOT NULL DEFAULT now(),
  change_seq    bigint NOT NULL DEFAULT 0,
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE UNIQUE INDEX jobs_one_open ON jobs (garage_id, vin) WHERE status = 'open';
CREATE INDEX jobs_by_vin ON jobs (garage_id, vin, opened_at DESC);
CREATE INDEX jobs_by_time ON jobs (garage_id, opened_at DESC);
CREATE INDEX jobs_change_seq ON jobs (change_seq);

CREATE TABLE telemetry_templates (
  id          uuid PRIMARY KEY,
  garage_id   text NOT NULL,
  name        text NOT NULL,
  fields      jsonb NOT NULL,
  notes       text,
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (garage_id, name)
);

CREATE TRIGGER shop_vehicles_stamp BEFORE INSERT OR UPDATE ON shop_vehicles
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_change();
CREATE TRIGGER audit_entries_stamp BEFORE INSERT ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_change();
CREATE TRIGGER claims_stamp BEFORE INSERT OR UPDATE ON claims
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_change();
CREATE TRIGGER jobs_stamp BEFORE INSERT OR UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION shop_stamp_change();

CREATE TRIGGER shop_vehicles_notify AFTER INSERT OR UPDATE ON shop_vehicles
  FOR EACH ROW EXECUTE FUNCTION shop_notify_change();
CREATE TRIGGER audit_entries_notify AFTER INSERT ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION shop_notify_change();
CREATE TRIGGER claims_notify AFTER INSERT OR UPDATE ON claims
  FOR EACH ROW EXECUTE FUNCTION shop_notify_change();
CREATE TRIGGER jobs_notify AFTER INSERT OR UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION shop_notify_change();

-- The second fence after the grants: even the owner cannot rewrite or drop history by DML.
CREATE TRIGGER audit_entries_no_update BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION shop_audit_is_append_only();
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION shop_audit_is_append_only();

-- Technicians' roles are members of the group role <database>_technicians (README); grant to it
-- only if the shop made it. Later migrations grant their own tables the same way.
DO $$
DECLARE grp text := current_database() || '_technicians';
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = grp) THEN
    EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', grp);
    EXECUTE format('GRANT SELECT, INSERT ON audit_entries TO %I', grp);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE ON shop_vehicles, claims, jobs TO %I', grp);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON telemetry_templates TO %I', grp);
    EXECUTE format('GRANT SELECT ON shop_schema_version TO %I', grp);
    EXECUTE format('GRANT USAGE ON SEQUENCE shop_change_seq TO %I', grp);
  END IF;
END $$;

INSERT INTO shop_schema_version (version, name) VALUES (1, 'initial');
