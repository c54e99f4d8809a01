-- A deposit is reversed at most once, keyed within its property like every other key (Citus needs the
-- distribution column in each unique constraint; see docs/scaling.md).
ALTER TABLE reservation_deposit DROP CONSTRAINT reservation_deposit_reverses_id_key;
ALTER TABLE reservation_deposit ADD CONSTRAINT reservation_deposit_reverses_key UNIQUE (branch_id, reverses_id);
