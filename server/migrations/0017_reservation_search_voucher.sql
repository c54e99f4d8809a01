-- The desk finds a booking by the voucher number an agent or OTA sent, too: the reservation's search text
-- (server/data/crud.ts, searchText over x-db.search) gains voucher_no, and its trigram index follows it.
DROP INDEX reservation_search_trgm_idx;
CREATE INDEX reservation_search_trgm_idx ON reservation USING gin (
  (coalesce(code::text, '') || ' ' || coalesce(group_name::text, '') || ' ' || coalesce(company::text, '') || ' ' || coalesce(voucher_no::text, '')) gin_trgm_ops
);
