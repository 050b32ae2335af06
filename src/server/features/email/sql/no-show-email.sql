-- The e-mail that tells a customer the business marked their visit missed (DESIGN section 11, change
-- 'no_show'), written by the change's follow job: which visit, and what it cost them as the no-show
-- settled it in its own transaction (deposits' que_no_show_outcome_text: the deposit kept, the fee
-- charged to the card ending NNNN, or nothing). No calendar invite: the event is over.
CREATE OR REPLACE FUNCTION que_no_show_email(c changes)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  -- The outcome text may hold a %: quoted for format() (que_visit_message formats each line).
  PERFORM que_visit_message(c.appointment_id, 'no_show', 'Missed visit', '%1$s marked your visit as missed (a no-show):',
    (c.data->>'startsAt')::timestamp,
    ARRAY['', replace(que_no_show_outcome_text(c.appointment_id), '%', '%%'), '', 'If you think this is a mistake, contact the business.', '', 'Que']);
END
$$;
