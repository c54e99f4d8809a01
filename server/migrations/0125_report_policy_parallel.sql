-- The report role's property filter is a plain expression again (0123 made it a scalar subquery). As an InitPlan
-- it was read once a statement, but where a report filters by its own property (`branch_id = :branch_id`, as
-- every shipped report does) PostgreSQL turns the pair into a one-time check on the InitPlan's value, and a plan
-- holding such a check cannot run in parallel workers: the receivables aging over a million invoices took 960 ms
-- under the role against 514 ms sent directly. Written plainly, the one-time check reads the setting itself,
-- which workers may do: 525 ms. A report that does not filter by its property reads the setting once a row
-- (a million rows summed: 93 → 128 ms on PostgreSQL, 370 → 460 ms on PGlite).
-- New policies take this form (the function below); the ones in place are altered to it.

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

DO $$
DECLARE
  p record;
BEGIN
  FOR p IN SELECT tablename FROM pg_policies WHERE schemaname = current_schema() AND policyname = 'report_branch' LOOP
    EXECUTE format($q$ALTER POLICY report_branch ON %I USING (%I = nullif(current_setting('hotelier.branch_id', true), '')::bigint)$q$,
                   p.tablename, CASE WHEN p.tablename = 'branch' THEN 'id' ELSE 'branch_id' END);
  END LOOP;
END $$;
