-- The e-mail that tells a customer their card declined a no-show or late-cancellation fee (change
-- 'fee_declined', recorded by deposits' que_fee_declined in the transaction that reversed the fee),
-- written by the change's follow job: which visit, which fee and how much, and that nothing was
-- charged. It corrects the missed-visit or cancellation e-mail, which said the fee was charged.
CREATE OR REPLACE FUNCTION que_fee_declined_email(c changes)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  -- "no-show fee of $15.00", as the in-app notices name it (deposits' que_fee_text)
  v_fee text := que_fee_text(c.data->>'fee', (c.data->>'amountCents')::int);
BEGIN
  PERFORM que_visit_message(c.appointment_id, 'fee_declined', 'Fee not charged',
    -- the fee's text quoted for format(): que_visit_message formats the intro with the business's name
    format('Your card declined the %s that %%1$s set for this visit: nothing was charged.', replace(v_fee, '%', '%%')),
    NULL,
    ARRAY['', 'An earlier e-mail may have said this fee was charged; it was not, and nothing more will be taken for it.', '', 'Que']);
END
$$;
