-- A discount on one item of a bill (the birthday cake, a dish sent back): a percentage with a discount reason,
-- by the same right as a discount on the whole bill. The item keeps its price; the rupiah taken off are stored
-- beside it, so the bill's totals, the revenue by group and the reports read them without working them out again.
ALTER TABLE pos_check_item ADD COLUMN discount_pct numeric(5,2) NOT NULL DEFAULT 0 CHECK (discount_pct BETWEEN 0 AND 100),
  ADD COLUMN discount numeric(18,2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
  ADD COLUMN discount_reason_id bigint,
  ADD CONSTRAINT pos_check_item_discount_reason_fk FOREIGN KEY (branch_id, discount_reason_id) REFERENCES pos_reason (branch_id, id),
  ADD CONSTRAINT pos_check_item_discount_within CHECK (discount <= amount),
  ADD CONSTRAINT pos_check_item_discount_reason CHECK ((discount_pct > 0) = (discount_reason_id IS NOT NULL));
