-- A test card: the desk or the engineer encodes a short-lived card for a room, with no stay, to try the lock
-- (after a battery change, when a guest says the door will not open). Kept in the key log like any card.
ALTER TABLE key_card ALTER COLUMN reservation_id DROP NOT NULL,
  DROP CONSTRAINT key_card_kind_check,
  ADD CONSTRAINT key_card_kind_check CHECK (kind IN ('new', 'duplicate', 'test')),
  ADD CONSTRAINT key_card_test_no_stay CHECK ((kind = 'test') = (reservation_id IS NULL));

-- The desk's view of the doors: each room with the cards that open it now and its last test card.
CREATE VIEW room_lock WITH (security_invoker = true) AS
SELECT r.branch_id, r.id, r.code, r.room_type_id, r.floor_id, r.hk_status, r.active,
       coalesce(k.active_cards, 0) AS active_cards, k.last_test_at, k.last_test_by
  FROM room r
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE c.status = 'active' AND c.valid_to > localtimestamp)::int AS active_cards,
           max(c.created_at) FILTER (WHERE c.kind = 'test') AS last_test_at,
           (array_agg(c.created_by ORDER BY c.created_at DESC) FILTER (WHERE c.kind = 'test'))[1] AS last_test_by
      FROM key_card c WHERE c.branch_id = r.branch_id AND c.room_id = r.id) k ON true;
