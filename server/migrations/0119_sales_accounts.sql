-- The sales side of business accounts (0109): the person who owns an account, its contract rate codes, and the
-- reservations it produced. Reservations keep the company as typed; account_id links the booking to the account
-- whose name (or code) that company is, else the account of the guest's company (docs/decisions.md).

ALTER TABLE business_account ADD COLUMN sales_person_id bigint;
ALTER TABLE business_account ADD CONSTRAINT business_account_sales_person_fk
  FOREIGN KEY (branch_id, sales_person_id) REFERENCES sls_person (branch_id, id);
CREATE INDEX business_account_sales_person_idx ON business_account (branch_id, sales_person_id);

-- A contract rate code belongs to the account it was negotiated with; a public rate (rack, BAR) to none.
ALTER TABLE rate_code ADD COLUMN account_id bigint;
ALTER TABLE rate_code ADD CONSTRAINT rate_code_account_fk FOREIGN KEY (branch_id, account_id) REFERENCES business_account (branch_id, id);

ALTER TABLE reservation ADD COLUMN account_id bigint;
ALTER TABLE reservation ADD CONSTRAINT reservation_account_fk FOREIGN KEY (branch_id, account_id) REFERENCES business_account (branch_id, id);
CREATE INDEX reservation_account_idx ON reservation (branch_id, account_id, arrival);

ALTER TABLE sls_lead ADD COLUMN account_id bigint;
ALTER TABLE sls_lead ADD CONSTRAINT sls_lead_account_fk FOREIGN KEY (branch_id, account_id) REFERENCES business_account (branch_id, id);
ALTER TABLE sls_activity ADD COLUMN account_id bigint;
ALTER TABLE sls_activity ADD CONSTRAINT sls_activity_account_fk FOREIGN KEY (branch_id, account_id) REFERENCES business_account (branch_id, id);

-- The account a company names: its code or its name, case and outer spaces ignored; an inactive account links nothing.
CREATE FUNCTION business_account_named(p_branch bigint, p_company text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT a.id FROM business_account a
   WHERE a.branch_id = p_branch AND a.active AND p_company IS NOT NULL
     AND (lower(btrim(a.name)) = lower(btrim(p_company)) OR upper(btrim(a.code)) = upper(btrim(p_company)))
   ORDER BY a.id LIMIT 1
$$;

-- Every booking path (reservation screen, walk-in, group, API) links the account the same way, unless one was chosen.
CREATE FUNCTION reservation_link_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_id IS NULL THEN
    NEW.account_id := coalesce(
      business_account_named(NEW.branch_id, NEW.company),
      business_account_named(NEW.branch_id, (SELECT g.company FROM guest g WHERE g.branch_id = NEW.branch_id AND g.id = NEW.guest_id)));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER reservation_link_account BEFORE INSERT OR UPDATE OF company, guest_id ON reservation
  FOR EACH ROW EXECUTE FUNCTION reservation_link_account();

-- Bookings made before accounts existed.
UPDATE reservation v SET account_id = coalesce(business_account_named(v.branch_id, v.company),
                                              business_account_named(v.branch_id, g.company))
  FROM guest g
 WHERE g.branch_id = v.branch_id AND g.id = v.guest_id AND v.account_id IS NULL;

-- Production: every sold night of a booking linked to an account, with the account's owner at the time of reading
-- (reservation_night's room revenue, net of service and tax). The sales reports, the phone and the dashboard read it.
CREATE VIEW sls_account_night WITH (security_invoker = true) AS
SELECT rn.branch_id, rn.night, rn.reservation_id, v.account_id, a.sales_person_id AS person_id, rn.segment_id,
       rn.reserve_source_id, rn.rate_code_id, rn.room_type_id, rn.guest_id, rn.status, rn.room_revenue
  FROM reservation_night rn
  JOIN reservation v ON v.branch_id = rn.branch_id AND v.id = rn.reservation_id
  JOIN business_account a ON a.branch_id = v.branch_id AND a.id = v.account_id;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hotelier_report') THEN
    GRANT SELECT ON sls_account_night TO hotelier_report;
  END IF;
END $$;
