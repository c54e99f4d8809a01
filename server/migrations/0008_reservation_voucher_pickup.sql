-- What travel agents and OTAs send with a booking (their voucher), and the airport pick-up a guest asks for.
ALTER TABLE reservation ADD COLUMN voucher_type_id bigint;
ALTER TABLE reservation ADD COLUMN voucher_no text;
ALTER TABLE reservation ADD COLUMN pickup boolean NOT NULL DEFAULT false;
ALTER TABLE reservation ADD COLUMN pickup_detail text;
ALTER TABLE reservation ADD CONSTRAINT reservation_voucher_type_fk FOREIGN KEY (branch_id, voucher_type_id) REFERENCES reserve_voucher_type (branch_id, id);
