-- Live bookings overlapping a window of nights (availability, the room plan, occupancy), found through
-- one GiST index on the stay instead of every future booking; ANALYZE keeps statistics on the expression
-- daterange(arrival, departure), so the planner also estimates how many a window holds.
CREATE INDEX reservation_live_stay_idx ON reservation USING gist (branch_id, daterange(arrival, departure))
  WHERE status IN ('tentative', 'confirmed', 'in_house');
