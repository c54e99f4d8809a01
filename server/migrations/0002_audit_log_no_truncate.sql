-- The row trigger of 0001 refuses UPDATE and DELETE on the audit log, but TRUNCATE fires no row trigger:
-- a statement trigger closes that gap, so the log is append-only against every statement.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
