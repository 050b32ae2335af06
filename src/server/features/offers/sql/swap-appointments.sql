-- Trades the date, time and staff member of two confirmed appointments of one business (DESIGN
-- section 9), each keeping its own duration: both move with the overlap constraint deferred, then
-- each is re-checked where it landed against everything else, the other included, and the
-- constraint is checked at once, so a conflict is a clean 409 here. Each appointment's other live
-- offers end, its queue entry follows it and its customer gets the e-mail. The caller holds both
-- appointments' locks.
CREATE OR REPLACE FUNCTION que_swap_appointments(p_a integer, p_b integer, p_by_user integer, p_horizon integer, p_zone text)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  b record;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.status, ap.party_size, ap.duration, s.name AS service_name, bz.time_zone, ap.staff_id,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time, que_slot_text(ap.starts_at) AS slot
    INTO a FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_a;
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.status, ap.party_size, ap.duration, s.name AS service_name, bz.time_zone, ap.staff_id,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time, que_slot_text(ap.starts_at) AS slot
    INTO b FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_b;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('The %s appointment at %s is %s, so the swap cannot happen', a.service_name, a.slot, a.status);
  END IF;
  IF b.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('The %s appointment at %s is %s, so the swap cannot happen', b.service_name, b.slot, b.status);
  END IF;
  IF a.business_id <> b.business_id THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Only appointments at the same business can be swapped'; END IF;
  -- Each appointment's other live offers end before it moves, so their notices name the slot they were on.
  PERFORM que_offers_end_on(a.id, p_by_user);
  PERFORM que_offers_end_on(b.id, p_by_user);
  SET CONSTRAINTS appointments_no_overlap DEFERRED;
  UPDATE appointments ap SET starts_at = pr.starts_at, ends_at = pr.ends_at, staff_id = b.staff_id, updated_at = now()
    FROM que_period(b.date::date, b.time, a.duration, coalesce(p_zone, a.time_zone)) pr WHERE ap.id = a.id;
  UPDATE appointments ap SET starts_at = pr.starts_at, ends_at = pr.ends_at, staff_id = a.staff_id, updated_at = now()
    FROM que_period(a.date::date, a.time, b.duration, coalesce(p_zone, b.time_zone)) pr WHERE ap.id = b.id;
  PERFORM que_require_slot(a.business_id, b.date::date, b.time, a.service_id, a.party_size, ARRAY[a.id], p_horizon, NULL, true, p_zone, b.staff_id);
  PERFORM que_require_slot(b.business_id, a.date::date, a.time, b.service_id, b.party_size, ARRAY[b.id], p_horizon, NULL, true, p_zone, a.staff_id);
  SET CONSTRAINTS appointments_no_overlap IMMEDIATE;
  -- A Move Back may change days: still one table per guest, restaurant and day (under the
  -- restaurant's lock, taken by que_require_slot), and booking credit once per business and day.
  PERFORM que_require_one_reservation(a.customer_id, a.business_id, b.date::date, ARRAY[a.id, b.id]);
  PERFORM que_require_one_reservation(b.customer_id, b.business_id, a.date::date, ARRAY[a.id, b.id]);
  IF a.date <> b.date THEN
    PERFORM que_booking_credit_moved(a.id);
    PERFORM que_booking_credit_moved(b.id);
  END IF;
  PERFORM que_queue_moved(a.id, a.date, a.time);
  PERFORM que_queue_moved(b.id, b.date, b.time);
  -- One change per appointment moved (decision 0029): its followers e-mail its customer the new time.
  PERFORM que_record_change('swapped', a.id, NULL, a.business_id, p_by_user,
    jsonb_build_object('startsAt', (SELECT starts_at FROM appointments WHERE id = a.id), 'from', a.date || ' ' || a.time));
  PERFORM que_record_change('swapped', b.id, NULL, b.business_id, p_by_user,
    jsonb_build_object('startsAt', (SELECT starts_at FROM appointments WHERE id = b.id), 'from', b.date || ' ' || b.time));
END
$$;

-- Whether two appointments of one business could trade places at all: each must be bookable at the
-- other's start with its own service, party and duration and the other's staff member, against
-- everything else booked (both are left out, as both would move), and when both are one member's
-- the two new periods must not overlap each other. NULL when the swap fits, else why not. An offer whose swap could never happen (it
-- would overlap a third booking) is refused when it is made (DESIGN section 6); accepting checks the
-- real swap again (que_swap_appointments). The caller holds both rows locked.
CREATE OR REPLACE FUNCTION que_swap_misfit(p_a integer, p_b integer, p_zone text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  r record;
  v_zone text;
  v_slots text[];
  v_a record;
  v_b record;
BEGIN
  -- Each side where it would land: the other's date and time.
  FOR r IN SELECT ap.business_id, ap.service_id, ap.party_size, ap.duration, ap.exclusive, bz.time_zone, sv.policies AS service_policies,
                  other.staff_id, ap.staff_id = other.staff_id AS same_staff,
                  other.starts_at::date AS date, to_char(other.starts_at, 'HH24:MI') AS time, que_slot_text(other.starts_at) AS slot,
                  (extract(hour FROM other.starts_at) * 60 + extract(minute FROM other.starts_at))::int AS minutes
             FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id JOIN services sv ON sv.id = ap.service_id
             JOIN appointments other ON other.id = CASE WHEN ap.id = p_a THEN p_b ELSE p_a END
            WHERE ap.id IN (p_a, p_b) ORDER BY ap.id LOOP
    v_zone := coalesce(p_zone, r.time_zone);
    -- No horizon: both days are booked already.
    SELECT w.slots INTO v_slots
      FROM que_day_slots_within(r.business_id, r.date, r.service_id, r.party_size, ARRAY[p_a, p_b], NULL, NULL, true, v_zone, r.minutes, r.staff_id, false) w;
    IF NOT (r.time = ANY (v_slots)) THEN
      RETURN format('These two appointments cannot trade places: at %s the other booking would not fit (it overlaps another booking or the opening hours)',
                    r.slot);
    END IF;
    -- Each lands with the other's staff member: the two new periods meet only when both are one member's.
    IF r.exclusive AND r.same_staff THEN
      -- Each new period as it would block the business: widened by its service's buffers
      -- (appointments/sql/blocked-period.sql), as the overlap constraint compares them.
      IF v_a IS NULL THEN
        SELECT pr.starts_at - que_buffer_minutes(r.service_policies, 'bufferBeforeMinutes') * interval '1 minute' AS starts_at,
               pr.ends_at + que_buffer_minutes(r.service_policies, 'bufferAfterMinutes') * interval '1 minute' AS ends_at
          INTO v_a FROM que_period(r.date, r.time, r.duration, v_zone) pr;
      ELSE
        SELECT pr.starts_at - que_buffer_minutes(r.service_policies, 'bufferBeforeMinutes') * interval '1 minute' AS starts_at,
               pr.ends_at + que_buffer_minutes(r.service_policies, 'bufferAfterMinutes') * interval '1 minute' AS ends_at
          INTO v_b FROM que_period(r.date, r.time, r.duration, v_zone) pr;
        IF tsrange(v_a.starts_at, v_a.ends_at, '[)') && tsrange(v_b.starts_at, v_b.ends_at, '[)') THEN
          RETURN 'These two appointments cannot trade places: at their new times they would overlap each other';
        END IF;
      END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
