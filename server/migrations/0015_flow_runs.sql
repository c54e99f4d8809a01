-- Server flows (server/flows): every run of a flow in a property, its machine's state and context after
-- each committed step, and the files it was given, keeps between steps and makes.

CREATE TABLE flow_run (
  branch_id bigint NOT NULL REFERENCES branch (id),
  -- random and URL-safe: the run's address (GET /api/flows/:id), never guessable from another's
  id text NOT NULL,
  flow text NOT NULL,
  -- what makes a run unique in its property (a business date, a request's idempotency key): starting the
  -- same key again answers with the run that exists instead of doing the work twice
  run_key text NOT NULL,
  -- the flow definition's version that saved the snapshot; a newer definition checks it before resuming
  version integer NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'waiting', 'done', 'failed', 'cancelled')),
  state text NOT NULL,
  context jsonb NOT NULL,
  input jsonb NOT NULL,
  lang text NOT NULL CHECK (lang IN ('en', 'id')),
  -- steps committed so far: a step commits only while it is still the next one, so two runners (or a
  -- cancel racing a step) never both move the run
  step_no integer NOT NULL DEFAULT 0,
  error jsonb,
  started_by bigint NOT NULL REFERENCES app_user (id),
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (branch_id, id),
  CONSTRAINT flow_run_key_key UNIQUE (branch_id, flow, run_key)
);
-- the server picks up unfinished runs when it starts
CREATE INDEX flow_run_unfinished ON flow_run (status) WHERE status = 'running';

CREATE TABLE flow_run_file (
  branch_id bigint NOT NULL,
  run_id text NOT NULL,
  name text NOT NULL,
  -- input: what the run was given (an upload); part: what one step keeps for a later one; output: its result
  kind text NOT NULL CHECK (kind IN ('input', 'part', 'output')),
  file_name text NOT NULL,
  content_type text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (branch_id, run_id, name),
  FOREIGN KEY (branch_id, run_id) REFERENCES flow_run (branch_id, id) ON DELETE CASCADE
);

-- A run's input, context and files hold what its user uploaded or was allowed to see (an import of users
-- with their passwords, a pack of reports run with their rights): they are secrets to the report role.
CREATE OR REPLACE FUNCTION hotelier_report_grants() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  t record;
  secret_tables text[] := ARRAY['auth_token', 'login_throttle', 'user_session', 'flow_run', 'flow_run_file'];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hotelier_report') THEN
    RETURN;
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO hotelier_report', current_schema());
  FOR t IN
    SELECT c.relname AS name,
           EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'branch_id' AND NOT a.attisdropped) AS has_branch
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r'
  LOOP
    IF t.name = ANY (secret_tables) THEN
      EXECUTE format('REVOKE ALL ON %I FROM hotelier_report', t.name);
    ELSIF t.name = 'app_user' THEN
      EXECUTE 'REVOKE ALL ON app_user FROM hotelier_report';
      EXECUTE 'GRANT SELECT (id, username, full_name, email, phone, group_id, default_branch_id, language,
                must_change_password, password_changed_at, locked, locked_reason, last_login_at, active,
                version, created_at, created_by, updated_at, updated_by) ON app_user TO hotelier_report';
    ELSE
      EXECUTE format('GRANT SELECT ON %I TO hotelier_report', t.name);
    END IF;
    IF t.has_branch AND NOT EXISTS (SELECT 1 FROM pg_policies WHERE tablename = t.name AND policyname = 'report_branch') THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.name);
      EXECUTE format($p$CREATE POLICY report_branch ON %I FOR SELECT TO hotelier_report
                       USING (branch_id = nullif(current_setting('hotelier.branch_id', true), '')::bigint)$p$, t.name);
    END IF;
  END LOOP;
  -- Sessions are counted by reports (who is signed in) but their secrets stay out of reach.
  EXECUTE 'GRANT SELECT (id, user_id, branch_id, ip, created_at, last_seen_at, expires_at, revoked_at) ON user_session TO hotelier_report';
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE tablename = 'branch' AND policyname = 'report_branch') THEN
    ALTER TABLE branch ENABLE ROW LEVEL SECURITY;
    CREATE POLICY report_branch ON branch FOR SELECT TO hotelier_report
      USING (id = nullif(current_setting('hotelier.branch_id', true), '')::bigint);
  END IF;
END $fn$;
