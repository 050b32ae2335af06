-- The e-mail that tells a waiting customer a time is held for them (DESIGN section 11, change
-- 'held'): what, when, until when it is held and where to claim it. No calendar invite: it is not a
-- booking until claimed (the claim's 'booked' change sends that). Sent by the appointment's job, as
-- its other mail (que_appointment_email_of).
CREATE OR REPLACE FUNCTION que_hold_email(c changes)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_until text;
BEGIN
  SELECT to_char((c.data->>'heldUntil')::timestamptz AT TIME ZONE b.time_zone, 'HH24:MI') INTO v_until
    FROM appointments a JOIN businesses b ON b.id = a.business_id WHERE a.id = c.appointment_id;
  PERFORM que_visit_message(c.appointment_id, 'waitlist_offer', 'A time opened', 'A time you were waiting for has opened, and it is held for you.',
    NULL, ARRAY[format('Held for you until %s (%%2$s). After that it passes to the next person waiting.', v_until), '',
      'Claim it in Que: My waitlist (/waitlist) or My Appointments.', '', 'Que']);
END
$$;
