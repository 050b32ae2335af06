-- Text printed on one line (DESIGN section 7): each run of control characters (C0, DEL, C1, U+2028,
-- U+2029), with the whitespace around it, becomes one space, then the ends are trimmed: oneLine in
-- src/contract/text.ts, which the request schemas apply to every single-line field. Here for names
-- stored before they did.
CREATE OR REPLACE FUNCTION que_one_line(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$
  SELECT btrim(regexp_replace(p_text,
    '[\s\u0001-\u001f\u007f-\u009f\u2028\u2029]*[\u0001-\u001f\u007f-\u009f\u2028\u2029][\s\u0001-\u001f\u007f-\u009f\u2028\u2029]*', ' ', 'g'))
$$;

-- The customer's e-mail about a change of an appointment, from
-- rows the caller has: the appointment, its service's name and its business. p_seq is the invite's
-- sequence when the caller knows it (0 for a new appointment), else NULL to look it up.
CREATE OR REPLACE FUNCTION que_appointment_email_of(p_ap appointments, p_service_name text, p_business businesses, p_kind text, p_previous text, p_seq integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  -- Names are printed on one line, also those stored before the request schemas kept them so.
  v_business_name text := que_one_line(p_business.business_name);
  v_customer_name text := que_one_line(p_ap.customer_name);
  v_address text := que_one_line(p_business.address);
  v_seq int := p_seq;
  v_date text := to_char(p_ap.starts_at, 'YYYY-MM-DD');
  v_time text := to_char(p_ap.starts_at, 'HH24:MI');
  v_what text;
  -- Times read as on the screens (que_slot_text), on the business's clock, which the e-mail names.
  v_was text := CASE WHEN p_previous IS NULL THEN '' ELSE format(' (it was at %s)', que_slot_text(p_previous::timestamp)) END;
  v_kind text;
  v_subject text;
  v_intro text;
  v_cancelled boolean := p_kind = 'cancelled';
  v_lines text[];
BEGIN
  IF p_ap.customer_email = '' THEN RETURN; END IF;
  IF v_seq IS NULL THEN
    SELECT coalesce(max(ics_sequence), -1) + 1 INTO v_seq FROM email_outbox WHERE appointment_id = p_ap.id;
  END IF;
  IF v_cancelled AND v_seq = 0 THEN RETURN; END IF;
  v_what := que_one_line(p_service_name) || ' at ' || v_business_name;
  CASE p_kind
    WHEN 'booked' THEN
      v_kind := 'booking_confirmed'; v_subject := 'Booking confirmed: ' || v_what; v_intro := 'Your booking is confirmed.';
    WHEN 'rescheduled' THEN
      v_kind := 'booking_rescheduled'; v_subject := 'Booking moved: ' || v_what; v_intro := 'Your booking has a new time' || v_was || '.';
    WHEN 'swapped' THEN
      v_kind := 'booking_swapped'; v_subject := 'New time after your swap: ' || v_what;
      v_intro := 'Your appointment traded places with another customer''s' || v_was || '.';
    WHEN 'cancelled' THEN
      v_kind := 'booking_cancelled';
      IF p_business.business_type = 'restaurant' AND EXISTS (
           SELECT 1 FROM offers WHERE temporary_reservation AND status = 'accepted' AND to_appointment_id = p_ap.id) THEN
        v_subject := 'Table handed over: ' || v_what; v_intro := 'You gave your table to another guest, so this reservation is cancelled.';
      ELSE
        v_subject := 'Booking cancelled: ' || v_what; v_intro := 'Your booking has been cancelled.';
      END IF;
    ELSE
      RETURN;
  END CASE;
  v_lines := ARRAY[format('Hello %s,', coalesce(nullif(v_customer_name, ''), 'there')), '', v_intro, '', v_what,
                   format('When: %s (%s)', que_slot_text(p_ap.starts_at), que_zone_label(p_business.time_zone))];
  IF p_ap.party_size > 1 THEN v_lines := v_lines || format('Party: %s', p_ap.party_size); END IF;
  -- Who serves it (DESIGN section 9), where there is a choice of whom: a shop of several members.
  IF p_ap.staff_id IS NOT NULL AND EXISTS (SELECT 1 FROM staff_members WHERE business_id = p_ap.business_id AND id <> p_ap.staff_id) THEN
    v_lines := v_lines || (SELECT 'With: ' || que_one_line(name) || CASE WHEN p_ap.staff_requested THEN ' (as you asked)' ELSE '' END
                             FROM staff_members WHERE id = p_ap.staff_id);
  END IF;
  IF v_address <> '' THEN v_lines := v_lines || ('Where: ' || v_address); END IF;
  -- The policies it was booked under, which still apply after a move (que_policy_sentences).
  IF NOT v_cancelled AND p_ap.booked_policies IS NOT NULL THEN
    v_lines := v_lines || ARRAY['', 'Booked under these policies:']
      || ARRAY(SELECT '- ' || line FROM unnest(que_policy_sentences(p_ap.booked_policies)) AS line);
  END IF;
  v_lines := v_lines || ARRAY['', 'The attached invite updates your calendar.', '', 'Que'];
  INSERT INTO email_outbox (kind, to_email, subject, text, ics, ics_uid, ics_sequence, appointment_id, invite)
  VALUES (v_kind, p_ap.customer_email, v_subject, array_to_string(v_lines, E'\n'), NULL, 'appointment-' || p_ap.id || '@que', v_seq, p_ap.id,
    jsonb_build_object(
      'appointmentId', p_ap.id, 'sequence', v_seq, 'cancelled', v_cancelled, 'date', v_date, 'time', v_time,
      'durationMinutes', p_ap.duration, 'timeZone', p_business.time_zone, 'summary', v_what, 'description', v_intro,
      'location', v_address,
      'organizer', jsonb_build_object('name', v_business_name, 'email', coalesce(nullif(p_business.email, ''), 'no-reply@que.local')),
      'attendee', jsonb_build_object('name', coalesce(nullif(v_customer_name, ''), p_ap.customer_email), 'email', p_ap.customer_email)));
  -- The job that sends it, in this transaction (decision 0028): one waiting job per appointment
  -- (job_key). Jobs of one queue run one at a time, and an appointment's jobs are always in the same
  -- one of 16 queues, so its mail leaves in the order written; 16, because the library looks at
  -- every free queue when it takes a job (a queue per appointment would grow without end).
  -- Added as graphile_worker.add_job adds one job (que_add_job_unannounced), then its wake-up, sent
  -- at commit as add_job's own: the library's add_jobs, built for arrays of jobs, cost 0.35 ms more
  -- of the database's CPU per e-mail (measured 2026-12-05, each call its own transaction).
  -- Priority 1, after every other job (0): sends wait on an SMTP server and pile up when it is slow or
  -- not configured, and the runner's look for its next job walks every waiting job ahead of the one it
  -- takes (2,445 unsent e-mails cost each look 2 ms: issue 28, 2026-12-06); behind the rest, they are
  -- walked only when nothing else is due.
  -- Always written (p_no_later false), never left as it is because one is waiting: the write locks
  -- the waiting job's row until this transaction commits, so a runner cannot take it (its look skips
  -- locked rows) and send the appointment's mail without this message. Skipped, a job taken meanwhile
  -- sent the rest and ended, and this message waited with no job (the follow-latency bench, once a
  -- follow transaction held many changes, 2026-12-06). A failed one waiting for its retry runs now.
  PERFORM que_add_job_unannounced('email_send_appointment', json_build_object('appointmentId', p_ap.id),
    'email:' || (p_ap.id % 16), NULL, 'email:appointment:' || p_ap.id, false, 25, 1);
  PERFORM pg_notify('jobs:insert', '{"count":1}');
END
$$;
