-- A paid bill opened again by someone holding the right, with a reason: each of its payments is answered by a
-- reversing payment (negative, pointing at the one it reverses), so the till, the reports and the ledger net
-- to nothing without changing what was posted; the bill keeps who reopened it last and why.
ALTER TABLE pos_payment DROP CONSTRAINT pos_payment_amount_check;
ALTER TABLE pos_payment ADD COLUMN reverses_id bigint,
  ADD CONSTRAINT pos_payment_reverses_fk FOREIGN KEY (branch_id, reverses_id) REFERENCES pos_payment (branch_id, id),
  ADD CONSTRAINT pos_payment_amount_sign CHECK (CASE WHEN reverses_id IS NULL THEN amount > 0 ELSE amount < 0 END);
CREATE UNIQUE INDEX pos_payment_reversed_once ON pos_payment (branch_id, reverses_id) WHERE reverses_id IS NOT NULL;

ALTER TABLE pos_check ADD COLUMN reopened_at timestamptz,
  ADD COLUMN reopened_by bigint,
  ADD COLUMN reopen_reason text;
