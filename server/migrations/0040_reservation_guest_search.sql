-- The reservation list's own search finds a booking by its guest's name, telephone or e-mail, as the header
-- search does. An index cannot reach into another table, so the reservation keeps a copy of those guest
-- fields (guest_search), kept true by the two triggers below, and the list's search text (x-db.search, joined
-- by server/data/crud.ts searchText) includes it, on a trigram index of that expression.
ALTER TABLE reservation ADD COLUMN guest_search text NOT NULL DEFAULT '';

CREATE FUNCTION guest_search_text(g guest) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT concat_ws(' ', g.name, g.phone, g.email)
$fn$;

CREATE FUNCTION reservation_guest_search() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT guest_search_text(g) INTO NEW.guest_search FROM guest g WHERE g.branch_id = NEW.branch_id AND g.id = NEW.guest_id;
  NEW.guest_search := coalesce(NEW.guest_search, '');
  RETURN NEW;
END
$fn$;
CREATE TRIGGER reservation_guest_search BEFORE INSERT OR UPDATE OF guest_id, guest_search ON reservation
  FOR EACH ROW EXECUTE FUNCTION reservation_guest_search();

CREATE FUNCTION guest_search_follows() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF guest_search_text(NEW) IS DISTINCT FROM guest_search_text(OLD) THEN
    UPDATE reservation SET guest_search = guest_search_text(NEW) WHERE branch_id = NEW.branch_id AND guest_id = NEW.id;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER guest_search_follows AFTER UPDATE OF name, phone, email ON guest
  FOR EACH ROW EXECUTE FUNCTION guest_search_follows();

UPDATE reservation v SET guest_search = guest_search_text(g) FROM guest g WHERE g.branch_id = v.branch_id AND g.id = v.guest_id;

-- The list's search text gets its own index; the header search keeps 0017's (number, group, company, voucher)
-- and reaches guests through the guest index, which for a common surname (thousands of stays) reads fewer rows
-- than rechecking every match here (measured: about half the time on the bench hotel).
CREATE INDEX reservation_list_search_trgm_idx ON reservation USING gin (
  (coalesce(code::text, '') || ' ' || coalesce(group_name::text, '') || ' ' || coalesce(company::text, '') || ' ' || coalesce(voucher_no::text, '') || ' ' || coalesce(guest_search::text, '')) gin_trgm_ops
);
