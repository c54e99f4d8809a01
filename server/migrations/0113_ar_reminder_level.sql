-- Reminder letters escalate by how long an account's oldest invoice is overdue (days past its due date): the
-- first, polite letter from 1 to 30 days, the second, firm one from 31 to 60, the third and last (credit stopped)
-- after 60. Not yet overdue: no letter (0). One rule for the report, the PDF and the tests.
CREATE FUNCTION ar_reminder_level(days_overdue integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN days_overdue <= 0 THEN 0
    WHEN days_overdue <= 30 THEN 1
    WHEN days_overdue <= 60 THEN 2
    ELSE 3
  END;
