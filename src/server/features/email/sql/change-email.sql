-- The customer's e-mail about a change (decision 0029), written by its follow job: booked, moved
-- (sent as "rescheduled"), swapped and cancelled appointments, to the outbox with its sending job
-- (que_appointment_email_of). The invite shows the time the change was recorded with (a later move
-- is its own change, followed after this one: the job queue keeps one appointment's changes in
-- order, so the invites' sequence numbers follow the changes). An appointment without an address
-- gets none; a cancellation only after an announcement (que_appointment_email_of).
CREATE OR REPLACE FUNCTION que_change_email(c changes)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_ap appointments;
  v_service_name text;
  v_business businesses;
BEGIN
  -- A waitlist hold offered (DESIGN section 11): its own message (que_hold_email).
  IF c.kind = 'held' THEN PERFORM que_hold_email(c); RETURN; END IF;
  -- A visit marked missed: what was kept or charged (que_no_show_email).
  IF c.kind = 'no_show' AND c.appointment_id IS NOT NULL THEN PERFORM que_no_show_email(c); RETURN; END IF;
  -- A fee the card declined: that nothing was charged (que_fee_declined_email).
  IF c.kind = 'fee_declined' AND c.appointment_id IS NOT NULL THEN PERFORM que_fee_declined_email(c); RETURN; END IF;
  IF c.kind NOT IN ('booked', 'moved', 'swapped', 'cancelled') OR c.appointment_id IS NULL THEN RETURN; END IF;
  SELECT * INTO v_ap FROM appointments WHERE id = c.appointment_id;
  IF NOT FOUND OR coalesce(v_ap.customer_email, '') = '' THEN RETURN; END IF;
  SELECT name INTO v_service_name FROM services WHERE id = v_ap.service_id;
  SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  IF v_business.id IS NULL OR v_service_name IS NULL THEN RETURN; END IF;
  IF c.data ? 'startsAt' THEN
    v_ap.ends_at := v_ap.ends_at + ((c.data->>'startsAt')::timestamp - v_ap.starts_at);
    v_ap.starts_at := (c.data->>'startsAt')::timestamp;
  END IF;
  PERFORM que_appointment_email_of(v_ap, v_service_name, v_business, CASE c.kind WHEN 'moved' THEN 'rescheduled' ELSE c.kind END, c.data->>'from', NULL);
END
$$;
