-- A queue entry follows its appointment to its new time (reschedule, either side of a swap),
-- keeping its status; one is made for an appointment that somehow has none. Published for the new
-- day and, when the appointment changed days, for the old one, whose subscribers must drop it.
CREATE OR REPLACE FUNCTION que_queue_moved(p_appointment integer, p_previous_date text, p_previous_time text)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  v_entry int;
  v_audience jsonb;
BEGIN
  SELECT ap.business_id, ap.service_id, ap.customer_id, ap.starts_at, to_char(ap.starts_at, 'YYYY-MM-DD') AS date,
         to_char(ap.starts_at, 'HH24:MI') AS time, bz.owner_id
    INTO a FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment;
  UPDATE queue_entries SET starts_at = a.starts_at, updated_at = now() WHERE appointment_id = p_appointment RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
    VALUES (p_appointment, a.business_id, a.service_id, a.customer_id, a.starts_at, 'waiting')
    ON CONFLICT (appointment_id) DO UPDATE
      SET starts_at = excluded.starts_at, status = excluded.status, service_id = excluded.service_id,
          customer_id = excluded.customer_id, updated_at = now()
    RETURNING id INTO v_entry;
  END IF;
  v_audience := CASE WHEN a.customer_id = a.owner_id THEN jsonb_build_array(a.customer_id) ELSE jsonb_build_array(a.customer_id, a.owner_id) END;
  -- line: the entry's place before and after on each day, so those it passed are pushed too.
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_update', 'userIds', v_audience, 'businessId', a.business_id,
                                                   'date', a.date, 'queueEntryId', v_entry,
                                                   'line', jsonb_build_object('from', CASE WHEN p_previous_date = a.date THEN p_previous_time END, 'to', a.time))::text);
  IF p_previous_date IS NOT NULL AND p_previous_date <> a.date THEN
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_update', 'userIds', v_audience, 'businessId', a.business_id,
                                                     'date', p_previous_date, 'queueEntryId', v_entry,
                                                     'line', jsonb_build_object('from', p_previous_time, 'to', NULL))::text);
  END IF;
END
$$;
