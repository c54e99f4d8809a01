-- Statistics the managers can trust (USALI 11th ed.; DOMAIN.md):
-- * a rate code says whether its rooms are sold, complimentary or house use: a stay on a complimentary or
--   house-use rate is occupied but not sold whatever segment was typed (the segment's kind still marks a
--   paid rate's stay comp when the desk chose a complimentary segment);
-- * room revenue is net of service and tax AND of the arrangement's package share (breakfast per adult or
--   per room, amounts before service and tax, taken from the night's base as the price endpoint does), so
--   ADR and RevPAR count rooms only.
ALTER TABLE rate_code ADD COLUMN usage text NOT NULL DEFAULT 'paid' CHECK (usage IN ('paid', 'complimentary', 'house_use'));

CREATE OR REPLACE VIEW reservation_night WITH (security_invoker = true) AS
SELECT v.branch_id, v.id AS reservation_id, n::date AS night, v.room_type_id, v.room_id, v.segment_id, v.reserve_source_id,
       v.status, v.guest_id, v.rate_code_id, v.adults, v.children,
       p.price,
       b.base - coalesce(pkg.amount, 0) AS room_revenue,
       coalesce(pkg.amount, 0) AS package,
       CASE WHEN rc.usage IN ('complimentary', 'house_use') THEN rc.usage
            WHEN s.kind IN ('complimentary', 'house_use') THEN s.kind
            ELSE 'paid' END AS usage
  FROM reservation v
  CROSS JOIN LATERAL generate_series(v.arrival, v.departure - 1, interval '1 day') AS n
  LEFT JOIN rate_code rc ON rc.branch_id = v.branch_id AND rc.id = v.rate_code_id
  LEFT JOIN tax_service t ON t.branch_id = rc.branch_id AND t.id = rc.tax_service_id
  LEFT JOIN segment s ON s.branch_id = v.branch_id AND s.id = v.segment_id
  CROSS JOIN LATERAL (SELECT coalesce(v.rate_override, CASE WHEN extract(isodow FROM n) IN (5, 6) THEN rc.weekend_price ELSE rc.weekday_price END, 0) AS price) AS p
  CROSS JOIN LATERAL (
    SELECT CASE WHEN t.price_mode = 'nett'
                THEN round(p.price / (1 + t.service_pct / 100 + t.tax_pct / 100 * (1 + CASE WHEN t.tax_on_service THEN t.service_pct / 100 ELSE 0 END)))
                ELSE round(p.price) END AS base) AS b
  LEFT JOIN LATERAL (
    SELECT sum(CASE WHEN l.basis = 'per_person' THEN l.amount * v.adults ELSE l.amount END) AS amount
      FROM arrangement_line l WHERE l.branch_id = rc.branch_id AND l.arrangement_id = rc.arrangement_id) AS pkg ON true
 WHERE v.status IN ('tentative', 'confirmed', 'in_house', 'checked_out');
