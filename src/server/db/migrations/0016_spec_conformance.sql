-- Spec conformance (audit of 2026-11-23). CREATE OR REPLACE of que_reschedule (signature unchanged):
-- only a confirmed appointment moves (DESIGN section 4: a reschedule is "re-validated like a
-- booking"). A restaurant offer's pending table (DESIGN section 6) is tied to the table the offer
-- asks for and holds no seats; moving it used to answer 200 while the move ended its own offer,
-- cancelled the table, and left a 'waiting' queue entry (a phantom place in the restaurant's line),
-- a "Booking rescheduled" notice and an e-mail behind. It is now 409 with nothing changed; the
-- sender cancels the offer (or the table) instead.
CREATE OR REPLACE FUNCTION que_reschedule(p_user int, p_appointment int, p_date date, p_time text, p_horizon int, p_now timestamptz, p_zone text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a record;
  v_period record;
  v_note int;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.status, ap.party_size, ap.duration,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO a FROM appointments ap WHERE ap.id = p_appointment FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.customer_id <> p_user THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the customer can reschedule this appointment';
  END IF;
  IF a.status = 'pending' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = 'This reservation is waiting for the answer to your offer and cannot be moved; cancel the offer or book another time';
  END IF;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This appointment is already %s', a.status);
  END IF;
  PERFORM que_require_slot(a.business_id, p_date, p_time, a.service_id, a.party_size, ARRAY[p_appointment], p_horizon, p_now, false, p_zone);
  -- The visit lasts its real minutes in the business's zone (que_period).
  SELECT pr.* INTO v_period FROM businesses bz, que_period(p_date, p_time, a.duration, coalesce(p_zone, bz.time_zone)) pr
   WHERE bz.id = a.business_id;
  UPDATE appointments SET starts_at = v_period.starts_at, ends_at = v_period.ends_at, updated_at = now()
   WHERE id = p_appointment;

  PERFORM que_queue_moved(p_appointment, a.date, a.time);
  INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
  SELECT a.customer_id, 'booking_rescheduled', 'Booking rescheduled',
         format('%s at %s is now on %s at %s (was %s at %s).', s.name, bz.business_name, to_char(p_date, 'YYYY-MM-DD'), p_time, a.date, a.time),
         '/appointments', p_appointment
    FROM services s, businesses bz WHERE s.id = a.service_id AND bz.id = a.business_id
  RETURNING id INTO v_note;
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.customer_id),
                                                   'notificationId', v_note)::text);
  PERFORM que_appointment_email(p_appointment, 'rescheduled', a.date || ' ' || a.time);
  PERFORM que_offers_end_on(p_appointment, p_user);
  RETURN jsonb_build_object('appointment', que_appointment_view(p_appointment), 'previous', jsonb_build_object('date', a.date, 'time', a.time));
END
$$;
