-- Likely duplicates before a new guest profile is made (the booking flow): the same telephone number
-- however it was written (+62 812 2233 4455 and 0812-2233-4455 end in the same nine digits), the same
-- e-mail address, the same identity document number. Names are matched through the search trigram index
-- (0012).
CREATE INDEX guest_phone_digits_idx ON guest (branch_id, right(regexp_replace(phone, '[^0-9]', '', 'g'), 9)) WHERE phone IS NOT NULL;
CREATE INDEX guest_email_idx ON guest (branch_id, lower(email)) WHERE email IS NOT NULL;
CREATE INDEX guest_id_number_idx ON guest (branch_id, upper(id_number)) WHERE id_number IS NOT NULL;
