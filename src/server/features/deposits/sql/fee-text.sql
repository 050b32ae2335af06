-- A card fee by name and amount, as the notices and e-mails that tell of it say it ("no-show fee of
-- $15.00", "late-cancel fee of $10.00"): the one wording of a fee for its owner and its customer.
CREATE OR REPLACE FUNCTION que_fee_text(p_kind text, p_amount_cents integer)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $$
  SELECT format('%s of %s', CASE p_kind WHEN 'no_show_fee' THEN 'no-show fee' ELSE 'late-cancel fee' END, que_format_cents(p_amount_cents))
$$;
