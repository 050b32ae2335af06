-- A reschedule by the appointment's customer, whole, in one call, re-validated like a booking
-- (DESIGN section 4): only a confirmed appointment moves. A restaurant offer's pending table (DESIGN
-- section 6) is tied to the table the offer asks for and holds no seats, so moving it is 409 with
-- nothing changed; the sender cancels the offer (or the table) instead. A guest's table moves only
-- to a day they hold no other table at that restaurant. The queue entry follows, the change is
-- recorded ('moved': its followers tell the customer in-app and by e-mail), every live offer on the appointment ends, and its booking credit is
-- voided when it moves onto a day another booking there already earns credit for. Booking policies:
-- only until the reschedule cut-off it was booked under, or its cancel cut-off where it has no
-- reschedule cut-off (que_booked_cutoff; 409 RESCHEDULE_WINDOW_CLOSED), and the new
-- time obeys the notice and advance in effect now, as a booking would (the owner never moves one).
-- Staff (DESIGN section 9): it keeps its member when they are free then; otherwise another free
-- member who gives the service (que_pick_order), unless its customer chose that member by name; so
-- its slot check reads the bookings, to know who is free. p_staff_chosen: the customer chose again
-- in the reschedule dialog (issue 27), as when booking: p_staff that member by name, NULL anyone
-- (its member kept when free then).
CREATE OR REPLACE FUNCTION que_reschedule(p_user integer, p_appointment integer, p_date date, p_time text, p_horizon integer, p_now timestamp with time zone, p_zone text, p_staff integer, p_staff_chosen boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  v_period record;
  v_pol record;
  v_free int[];
  v_staff int;
  v_requested boolean;
  v_named int;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.status, ap.party_size, ap.duration, ap.booked_policies, ap.starts_at, ap.staff_id, ap.staff_requested,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time, que_slot_text(ap.starts_at) AS slot
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
  SELECT que_policies(bz.business_type, bz.policies, s.policies) AS now_in_effect, bz.policies ? 'maxAdvanceDays' OR s.policies ? 'maxAdvanceDays' AS advance_set,
         coalesce(p_zone, bz.time_zone) AS zone, bz.business_type = 'restaurant' AS restaurant
    INTO v_pol FROM businesses bz JOIN services s ON s.id = a.service_id WHERE bz.id = a.business_id;
  IF que_cutoff_passed(a.booked_policies, 'rescheduleCutoffMinutes', a.starts_at, v_pol.zone, p_now) THEN
    RAISE EXCEPTION USING ERRCODE = 'QBRWC',
      MESSAGE = format('This booking can be rescheduled up to %s minutes before it starts; please contact the business',
                       que_booked_cutoff(a.booked_policies, 'rescheduleCutoffMinutes'));
  END IF;
  PERFORM que_require_booking_time(v_pol.now_in_effect, v_pol.advance_set, p_date, p_time, v_pol.zone, p_now);
  v_requested := CASE WHEN p_staff_chosen THEN p_staff IS NOT NULL ELSE a.staff_requested END;
  v_named := CASE WHEN p_staff_chosen THEN p_staff WHEN a.staff_requested THEN a.staff_id END;
  -- a restaurant's table has no member to choose
  IF p_staff_chosen AND p_staff IS NOT NULL AND (v_pol.restaurant OR NOT EXISTS (
    SELECT 1 FROM staff_members WHERE id = p_staff AND business_id = a.business_id AND active)) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'staffId: no such staff member works at this business';
  END IF;
  v_free := que_require_slot(a.business_id, p_date, p_time, a.service_id, a.party_size, ARRAY[p_appointment], p_horizon, p_now, true, p_zone, v_named);
  v_staff := CASE WHEN v_named IS NOT NULL THEN v_named
                  WHEN a.staff_id IS NULL OR a.staff_id = ANY (v_free) THEN a.staff_id ELSE (que_pick_order(v_free, p_date))[1] END;
  -- Under the business's lock, just taken by que_require_slot.
  PERFORM que_require_one_reservation(a.customer_id, a.business_id, p_date, ARRAY[p_appointment]);
  -- Its live offers end before it moves, so their notices name the slot they were on.
  PERFORM que_offers_end_on(p_appointment, p_user);
  -- The visit lasts its real minutes in the business's zone (que_period).
  SELECT pr.* INTO v_period FROM businesses bz, que_period(p_date, p_time, a.duration, coalesce(p_zone, bz.time_zone)) pr
   WHERE bz.id = a.business_id;
  UPDATE appointments SET starts_at = v_period.starts_at, ends_at = v_period.ends_at, staff_id = v_staff, staff_requested = coalesce(v_requested, false), updated_at = now()
   WHERE id = p_appointment;
  -- Booking credit is earned once per customer, business and day, wherever a booking moves.
  IF p_date <> a.date::date THEN PERFORM que_booking_credit_moved(p_appointment); END IF;

  PERFORM que_queue_moved(p_appointment, a.date, a.time);
  -- The change, once (decision 0029): its followers tell the customer in-app and by e-mail.
  PERFORM que_record_change('moved', p_appointment, NULL, a.business_id, p_user,
    jsonb_build_object('startsAt', v_period.starts_at, 'from', a.date || ' ' || a.time));
  RETURN jsonb_build_object('appointment', que_appointment_view(p_appointment), 'previous', jsonb_build_object('date', a.date, 'time', a.time));
END
$$;
