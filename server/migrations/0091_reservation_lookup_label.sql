-- A stay is picked by its number, its room and its guest: a cashier charging a bill to a room, or anyone choosing
-- a stay in a form, reads "R101722 · 313 · Putri Wijaya", not a bare number. The label is a copy kept true by
-- triggers (as guest_search in 0040), so every lookup, list and audit line names a stay the same way in one
-- column; a lookup's search (the label, ILIKE) then finds a stay by its room or its guest's name too.
ALTER TABLE reservation ADD COLUMN lookup_label text NOT NULL DEFAULT '';

CREATE FUNCTION reservation_lookup_label() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.lookup_label := concat_ws(' · ', NEW.code,
    (SELECT r.code FROM room r WHERE r.branch_id = NEW.branch_id AND r.id = NEW.room_id),
    (SELECT g.name FROM guest g WHERE g.branch_id = NEW.branch_id AND g.id = NEW.guest_id));
  RETURN NEW;
END
$fn$;
-- setting lookup_label (to anything) asks for it to be worked out again: the two triggers below do
CREATE TRIGGER reservation_lookup_label BEFORE INSERT OR UPDATE OF code, room_id, guest_id, lookup_label ON reservation
  FOR EACH ROW EXECUTE FUNCTION reservation_lookup_label();

CREATE FUNCTION lookup_label_follows_guest() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE reservation SET lookup_label = '' WHERE branch_id = NEW.branch_id AND guest_id = NEW.id;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER lookup_label_follows_guest AFTER UPDATE OF name ON guest
  FOR EACH ROW EXECUTE FUNCTION lookup_label_follows_guest();

CREATE FUNCTION lookup_label_follows_room() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.code IS DISTINCT FROM OLD.code THEN
    UPDATE reservation SET lookup_label = '' WHERE branch_id = NEW.branch_id AND room_id = NEW.id;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER lookup_label_follows_room AFTER UPDATE OF code ON room
  FOR EACH ROW EXECUTE FUNCTION lookup_label_follows_room();

UPDATE reservation SET lookup_label = '';
