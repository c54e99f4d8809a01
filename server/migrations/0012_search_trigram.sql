-- The desk finds a reservation by any part of its number, group or company, and a guest by any part of
-- a name, document number, phone, e-mail or company (`ILIKE '%…%'`). A list search looks in one text made
-- of those fields (server/data/crud.ts, searchText); a trigram index on exactly that expression answers it
-- without reading every row (200,000 stays: 0.5–1.2 s by scanning).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX reservation_search_trgm_idx ON reservation USING gin (
  (coalesce(code::text, '') || ' ' || coalesce(group_name::text, '') || ' ' || coalesce(company::text, '')) gin_trgm_ops
);
CREATE INDEX guest_search_trgm_idx ON guest USING gin (
  (coalesce(name::text, '') || ' ' || coalesce(id_number::text, '') || ' ' || coalesce(phone::text, '') || ' ' || coalesce(email::text, '') || ' ' || coalesce(company::text, '')) gin_trgm_ops
);
