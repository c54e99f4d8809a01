-- Each journal is checked once per transaction, at commit. Until now every line of a journal fired the same
-- check as its header (a journal of five lines was summed six times at commit: the night audit of 3,000 rooms
-- ran some 20,000 sums). The header's deferred constraint trigger stays the one check of a journal written in
-- this transaction; a line's own deferred trigger now only looks its journal up and hands over to it, and checks
-- by itself only a line added to a journal of another transaction (refused: its total no longer ties) or a line
-- whose journal does not exist. Zero tolerance and the check at commit are unchanged (migration 0020).
CREATE OR REPLACE FUNCTION gl_journal_line_check() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  -- the header was inserted by this very transaction: its own trigger checks the whole journal at commit
  IF EXISTS (SELECT 1 FROM gl_journal j WHERE j.branch_id = NEW.branch_id AND j.id = NEW.journal_id AND j.xmin = pg_current_xact_id()::xid) THEN
    RETURN NULL;
  END IF;
  PERFORM gl_journal_assert_balanced(NEW.branch_id, NEW.journal_id);
  RETURN NULL;
END $$;
