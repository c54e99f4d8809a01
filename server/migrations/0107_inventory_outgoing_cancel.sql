-- Issues and transfers after posting (issue 18): the receiving store confirms a transfer arrived (validated,
-- by whom and when), and a posted issue or transfer is cancelled by reversal movements — an 'issue_cancel'
-- putting the stock back into the giving store at the value it left with, a 'transfer_cancel' taking it out
-- of the receiving store and back into the giving one. The document keeps its movements and gets the
-- cancellation's day, who and why; nothing posted is changed.

ALTER TABLE inv_movement DROP CONSTRAINT inv_movement_kind_check;
ALTER TABLE inv_movement ADD CONSTRAINT inv_movement_kind_check
  CHECK (kind IN ('opening', 'requisition', 'issue', 'transfer', 'adjustment', 'receipt', 'receipt_cancel', 'issue_cancel', 'transfer_cancel'));

ALTER TABLE inv_outgoing DROP CONSTRAINT inv_outgoing_status_check;
ALTER TABLE inv_outgoing
  ADD CONSTRAINT inv_outgoing_status_check CHECK (status IN ('draft', 'posted', 'validated', 'cancelled')),
  ADD COLUMN validated_at timestamptz,
  ADD COLUMN validated_by bigint,
  ADD COLUMN cancelled_date date,
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancelled_by bigint,
  ADD COLUMN cancel_reason text,
  ADD CONSTRAINT inv_outgoing_validated_transfer CHECK (validated_at IS NULL OR kind = 'transfer'),
  ADD CONSTRAINT inv_outgoing_cancelled CHECK ((status = 'cancelled') = (cancelled_date IS NOT NULL));

-- the transfers a receiving store has still to confirm, and the cancellations of a period
CREATE INDEX inv_outgoing_open_transfer_idx ON inv_outgoing (branch_id, date) WHERE kind = 'transfer' AND status = 'posted';
CREATE INDEX inv_outgoing_cancelled_idx ON inv_outgoing (branch_id, cancelled_date) WHERE status = 'cancelled';
