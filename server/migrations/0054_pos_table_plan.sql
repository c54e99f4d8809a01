-- Where each table of an outlet stands on its area's plan (pixels from the top-left corner), as the floor plan
-- places rooms; null until someone arranges it, then the plan places it in the first free cell.
ALTER TABLE pos_table ADD COLUMN plan_x integer CHECK (plan_x BETWEEN 0 AND 5000);
ALTER TABLE pos_table ADD COLUMN plan_y integer CHECK (plan_y BETWEEN 0 AND 5000);
-- the plan shows a table as being cleared for a while after its bill is paid
CREATE INDEX pos_check_table_paid_idx ON pos_check (branch_id, table_id, closed_at) WHERE status = 'paid';
