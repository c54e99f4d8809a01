-- Documents keep a line's id across saves (what points at a line stays valid) and renumber the lines in the
-- order given. Renumbering kept lines in one statement would collide with a line number another line still
-- holds until the same statement moves it, so the order's uniqueness is checked at commit instead.
ALTER TABLE arrangement_line DROP CONSTRAINT arrangement_line_no_key;
ALTER TABLE arrangement_line ADD CONSTRAINT arrangement_line_no_key UNIQUE (branch_id, arrangement_id, line_no) DEFERRABLE INITIALLY DEFERRED;
