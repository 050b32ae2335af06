-- The e-mail that tells a waiting customer a time is held for them (DESIGN section 11, change
-- 'held'): what, when, until when it is held and where to claim it. No calendar invite: it is not a
-- booking until claimed (the claim's 'booked' change sends that). Sent by the appointment's job, as
-- its other mail (que_appointment_email_of).
CREATE OR REPLACE FUNCTION que_hold_email(c changes)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_ap appointments;
  v_service text;
  v_business businesses;
  v_until text;
BEGIN
  SELECT * INTO v_ap FROM appointments WHERE id = c.appointment_id;
  IF NOT FOUND OR coalesce(v_ap.customer_email, '') = '' THEN RETURN; END IF;
  SELECT name INTO v_service FROM services WHERE id = v_ap.service_id;
  SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  v_until := to_char((c.data->>'heldUntil')::timestamptz AT TIME ZONE v_business.time_zone, 'HH24:MI');
  PERFORM que_outbox_message(v_ap.id, 'waitlist_offer', v_ap.customer_email,
    format('A time opened: %s at %s', que_one_line(v_service), que_one_line(v_business.business_name)),
    array_to_string(ARRAY[
      format('Hello %s,', coalesce(nullif(que_one_line(v_ap.customer_name), ''), 'there')), '',
      'A time you were waiting for has opened, and it is held for you.', '',
      que_one_line(v_service) || ' at ' || que_one_line(v_business.business_name),
      format('When: %s (%s)', que_slot_text(v_ap.starts_at), que_zone_label(v_business.time_zone)),
      format('Held for you until %s (%s). After that it passes to the next person waiting.', v_until, que_zone_label(v_business.time_zone)), '',
      'Claim it in Que: My waitlist (/waitlist) or My Appointments.', '', 'Que'], E'\n'));
END
$$;
