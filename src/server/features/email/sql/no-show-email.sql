-- The e-mail that tells a customer the business marked their visit missed (DESIGN section 11, change
-- 'no_show'), written by the change's follow job: which visit, and what it cost them as the no-show
-- settled it in its own transaction (deposits' que_no_show_outcome_text: the deposit kept, the fee
-- charged to the card ending NNNN, or nothing). No calendar invite: the event is over.
CREATE OR REPLACE FUNCTION que_no_show_email(c changes)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_ap appointments;
  v_service text;
  v_business businesses;
BEGIN
  SELECT * INTO v_ap FROM appointments WHERE id = c.appointment_id;
  IF NOT FOUND OR coalesce(v_ap.customer_email, '') = '' THEN RETURN; END IF;
  SELECT name INTO v_service FROM services WHERE id = v_ap.service_id;
  SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  PERFORM que_outbox_message(v_ap.id, 'no_show', v_ap.customer_email,
    format('Missed visit: %s at %s', que_one_line(v_service), que_one_line(v_business.business_name)),
    array_to_string(ARRAY[
      format('Hello %s,', coalesce(nullif(que_one_line(v_ap.customer_name), ''), 'there')), '',
      format('%s marked your visit as missed (a no-show):', que_one_line(v_business.business_name)), '',
      que_one_line(v_service) || ' at ' || que_one_line(v_business.business_name),
      format('When: %s (%s)', que_slot_text(coalesce((c.data->>'startsAt')::timestamp, v_ap.starts_at)), que_zone_label(v_business.time_zone)), '',
      que_no_show_outcome_text(v_ap.id), '',
      'If you think this is a mistake, contact the business.', '', 'Que'], E'\n'));
END
$$;
