-- One row per night of every booking that sells a room (tentative to checked out), with its price and
-- its room revenue net of service and tax, rounded to the rupiah as the pricing code does (DOMAIN.md):
-- the base for occupancy, ADR, RevPAR and every front-office report. Friday and Saturday are weekend
-- nights. security_invoker makes the report role's row-level security apply through the view.
CREATE VIEW reservation_night WITH (security_invoker = true) AS
SELECT v.branch_id, v.id AS reservation_id, n::date AS night, v.room_type_id, v.room_id, v.segment_id, v.reserve_source_id,
       v.status, v.guest_id, v.rate_code_id, v.adults, v.children,
       p.price,
       CASE WHEN t.price_mode = 'nett'
            THEN round(p.price / (1 + t.service_pct / 100 + t.tax_pct / 100 * (1 + CASE WHEN t.tax_on_service THEN t.service_pct / 100 ELSE 0 END)))
            ELSE round(p.price) END AS room_revenue
  FROM reservation v
  CROSS JOIN LATERAL generate_series(v.arrival, v.departure - 1, interval '1 day') AS n
  LEFT JOIN rate_code rc ON rc.branch_id = v.branch_id AND rc.id = v.rate_code_id
  LEFT JOIN tax_service t ON t.branch_id = rc.branch_id AND t.id = rc.tax_service_id
  CROSS JOIN LATERAL (SELECT coalesce(v.rate_override, CASE WHEN extract(isodow FROM n) IN (5, 6) THEN rc.weekend_price ELSE rc.weekday_price END, 0) AS price) AS p
 WHERE v.status IN ('tentative', 'confirmed', 'in_house', 'checked_out');

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hotelier_report') THEN
    GRANT SELECT ON reservation_night TO hotelier_report;
  END IF;
END $$;
