-- The night audit closes the cashier shifts still open when the day ends (OPERA's "close cashiers"): nobody
-- counted those boxes, so such a shift keeps what it should have held and no count, and names the run that
-- closed it; the cashier counts the box at the start of their next shift.
ALTER TABLE gc_shift ADD COLUMN closed_by_run text,
  DROP CONSTRAINT gc_shift_closed_check,
  ADD CONSTRAINT gc_shift_closed_check CHECK (status = 'open' OR (expected IS NOT NULL AND (counted IS NOT NULL OR closed_by_run IS NOT NULL)));
