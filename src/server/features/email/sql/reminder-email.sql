-- A reminder of an appointment (DESIGN section 11), to the outbox with its sending job, written by
-- the reminders feature's send job (que_reminder_send) in the transaction that marks it sent.
-- p_links: the signed single-purpose links {confirm, cancel, reschedule} that work without signing
-- in until the start. No calendar invite: the booking's invite already put it in the calendar.
CREATE OR REPLACE FUNCTION que_reminder_email(p_appointment integer, p_offset_minutes integer, p_links jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_ap appointments;
  v_business businesses;
  v_what text;
  v_lines text[];
  v_in text;
BEGIN
  SELECT * INTO v_ap FROM appointments WHERE id = p_appointment;
  IF NOT FOUND OR coalesce(v_ap.customer_email, '') = '' THEN RETURN; END IF;
  SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  v_what := que_one_line((SELECT name FROM services WHERE id = v_ap.service_id)) || ' at ' || que_one_line(v_business.business_name);
  v_in := CASE WHEN p_offset_minutes % 1440 = 0 AND p_offset_minutes >= 1440 THEN (p_offset_minutes / 1440) || CASE WHEN p_offset_minutes = 1440 THEN ' day' ELSE ' days' END
               WHEN p_offset_minutes % 60 = 0 THEN (p_offset_minutes / 60) || CASE WHEN p_offset_minutes = 60 THEN ' hour' ELSE ' hours' END
               ELSE p_offset_minutes || ' minutes' END;
  v_lines := ARRAY[format('Hello %s,', coalesce(nullif(que_one_line(v_ap.customer_name), ''), 'there')), '',
                   format('A reminder: your appointment is in %s.', v_in), '', v_what,
                   format('When: %s (%s)', que_slot_text(v_ap.starts_at), que_zone_label(v_business.time_zone))];
  IF v_ap.party_size > 1 THEN v_lines := v_lines || format('Party: %s', v_ap.party_size); END IF;
  IF que_one_line(v_business.address) <> '' THEN v_lines := v_lines || ('Where: ' || que_one_line(v_business.address)); END IF;
  v_lines := v_lines || ARRAY['',
    'Will you come? Confirm: ' || (p_links->>'confirm'),
    'Cannot make it? Cancel: ' || (p_links->>'cancel'),
    'Need another time? Reschedule: ' || (p_links->>'reschedule'),
    '', 'These links work without signing in until the appointment starts.', '', 'Que'];
  -- With its sending job, as que_appointment_email_of adds it: the appointment's mail leaves in order.
  PERFORM que_outbox_message(v_ap.id, 'reminder', v_ap.customer_email, 'Reminder: ' || v_what || ', ' || que_slot_text(v_ap.starts_at), array_to_string(v_lines, E'\n'));
END
$$;
