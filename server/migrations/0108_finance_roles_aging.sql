-- Payables, receivables and banquet post to accounts by what they are: the supplier's payable, the VAT paid on
-- purchases (input), income tax withheld from a supplier (PPh 23), money advanced to a supplier before the invoice,
-- a customer's unapplied credit (an over-payment kept for the next invoice), bank charges, banquet deposits and
-- function-room hire.
ALTER TABLE gl_account_role DROP CONSTRAINT gl_account_role_role_check;
ALTER TABLE gl_account_role ADD CONSTRAINT gl_account_role_role_check
  CHECK (role IN ('guest_ledger', 'city_ledger', 'deposit_ledger', 'service_payable', 'tax_payable', 'retained_earnings',
                  'cash_over_short', 'complimentary_expense', 'pos_clearing', 'accounts_payable', 'vat_input',
                  'withholding_payable', 'supplier_advance', 'customer_credit', 'bank_charges', 'banquet_deposit',
                  'function_room_revenue'));

-- Payables and receivables age by the same rule, so the API, every report and the bench share one function:
-- the days past due (as-of date minus due date) fall in 'current' (not yet due, or due today), '1-30', '31-60',
-- '61-90' or 'over-90'; the boundary days belong to the lower bucket (30 → 1-30, 31 → 31-60).
CREATE FUNCTION aging_bucket(days_past_due integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN days_past_due <= 0 THEN 'current'
    WHEN days_past_due <= 30 THEN '1-30'
    WHEN days_past_due <= 60 THEN '31-60'
    WHEN days_past_due <= 90 THEN '61-90'
    ELSE 'over-90'
  END;
