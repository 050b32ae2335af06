-- Waitlist holds (DESIGN section 11): the appointments side of a freed slot offered to a waiting
-- customer. A hold is an appointments row with status 'held': it occupies its time (the generated
-- `occupies`, so the overlap constraint appointments_no_overlap and every slot read count it) but is
-- not a booking (no credit, no queue entry, no offers, not the customer's one place at a time) until
-- claimed. The waitlist feature decides who is offered what (waitlist/sql); these functions write the row.

-- Holds the first free start between p_from and p_to (wall clock, "HH:MM", p_to exclusive) on
-- p_date for p_user, under the business lock every writer of its times takes (que_require_slot), as
-- a booking of that service (and member, when p_staff) would be made then: its booking-time rules,
-- the policies it would be booked under, the member picked in the owner's order. Held until p_now +
-- waitlistHoldMinutes (waitlistHoldNearMinutes when the start is under waitlistNearStartHours away).
-- Records the change 'held'. Returns {appointmentId, date, time, heldUntil}, or NULL when no start
-- in the window is free.
CREATE OR REPLACE FUNCTION que_appointment_hold(p_user integer, p_business integer, p_service integer, p_date date, p_from text, p_to text, p_party integer, p_staff integer, p_horizon integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  b businesses;
  s record;
  u record;
  d record;
  v_restaurant boolean;
  v_policies jsonb;
  v_duration int;
  v_period record;
  v_start timestamptz;
  v_until timestamptz;
  v_staff int;
  v_ap appointments;
  i int;
BEGIN
  SELECT * INTO b FROM businesses WHERE id = p_business FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT id, name, duration, price_cents, policies INTO s FROM services WHERE id = p_service AND business_id = p_business AND deleted_at IS NULL;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT username, full_name, email, phone INTO u FROM users WHERE id = p_user;
  v_restaurant := b.business_type = 'restaurant';
  v_policies := que_policies(b.business_type, b.policies, s.policies);
  v_duration := CASE WHEN v_restaurant THEN coalesce(b.reservation_duration, s.duration) ELSE s.duration END;
  SELECT * INTO d FROM que_day_slots_within(p_business, p_date, s.id, coalesce(p_party, 1), NULL, p_horizon, p_now, true, NULL, NULL, p_staff, NOT v_restaurant);
  IF d.slots IS NULL THEN RETURN NULL; END IF;
  FOR i IN 1 .. coalesce(cardinality(d.slots), 0) LOOP
    CONTINUE WHEN d.slots[i] < p_from OR d.slots[i] >= p_to;
    BEGIN
      PERFORM que_require_booking_time(v_policies, b.policies ? 'maxAdvanceDays' OR s.policies ? 'maxAdvanceDays', p_date, d.slots[i], b.time_zone, p_now);
      v_staff := CASE WHEN v_restaurant THEN NULL WHEN p_staff IS NOT NULL THEN p_staff ELSE (d.slot_staff->(i - 1)->>0)::int END;
      SELECT * INTO v_period FROM que_period(p_date, d.slots[i], v_duration, b.time_zone);
      v_start := que_instant(v_period.starts_at, b.time_zone);
      v_until := p_now + CASE WHEN v_start - p_now < que_rule('waitlistNearStartHours') * interval '1 hour'
                              THEN que_rule('waitlistHoldNearMinutes') ELSE que_rule('waitlistHoldMinutes') END * interval '1 minute';
      INSERT INTO appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
        customer_name, customer_email, customer_phone, booked_policies, staff_id, staff_requested, held_until)
      VALUES (p_business, s.id, p_user, v_period.starts_at, v_period.ends_at, v_duration, s.price_cents, 'held', NOT v_restaurant, coalesce(p_party, 1),
        coalesce(nullif(u.full_name, ''), u.username), coalesce(u.email, ''), coalesce(u.phone, ''), v_policies, v_staff, p_staff IS NOT NULL, v_until)
      RETURNING * INTO v_ap;
    EXCEPTION WHEN exclusion_violation OR SQLSTATE 'QB400' OR SQLSTATE 'QB409' OR SQLSTATE 'QBSLT' OR SQLSTATE 'QBSON' OR SQLSTATE 'QBFAR' THEN
      v_ap := NULL;
      CONTINUE;
    END;
    PERFORM que_record_change('held', v_ap.id, NULL, p_business, NULL, jsonb_build_object('startsAt', v_ap.starts_at, 'heldUntil', v_until));
    RETURN jsonb_build_object('appointmentId', v_ap.id, 'date', to_char(v_ap.starts_at, 'YYYY-MM-DD'), 'time', to_char(v_ap.starts_at, 'HH24:MI'),
                              'heldUntil', v_until);
  END LOOP;
  RETURN NULL;
END
$$;

-- The customer claims their hold: from then on a normal booking under the policies it was held
-- with (its credit, queue entry and the change 'booked', as a booking's: que_on_booked). A hold
-- past its held_until (by p_now) is refused (409), whether or not its lapse job has run yet; one
-- lapsed already is refused the same way. The customer's one place at a time is checked here, as
-- the row becomes confirmed (que_appointment_instants).
CREATE OR REPLACE FUNCTION que_appointment_claim_hold(p_user integer, p_appointment integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  a appointments;
  v_zone text;
BEGIN
  SELECT * INTO a FROM appointments WHERE id = p_appointment FOR UPDATE;
  IF NOT FOUND OR a.customer_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  SELECT time_zone INTO v_zone FROM businesses WHERE id = a.business_id;
  IF a.status <> 'held' OR a.held_until <= p_now THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format(
      'This time was held for you until %s (%s) and has passed to the next person waiting; you are no longer on the waitlist for it',
      to_char(a.held_until AT TIME ZONE v_zone, 'HH24:MI'), que_zone_label(v_zone));
  END IF;
  UPDATE appointments SET status = 'confirmed', updated_at = now() WHERE id = p_appointment;
  PERFORM que_on_booked(p_appointment, p_user);
  RETURN que_appointment_view(p_appointment);
END
$$;

-- A hold ends unclaimed: at its held_until (p_now at or past it: the lapse job), or at once when its
-- customer leaves the waitlist (p_force). The row becomes cancelled (its held_until kept: lists leave
-- such rows out) and the change 'hold_lapsed' is recorded, whose follower offers the time to the
-- next entry. Returns whether it lapsed now (false: claimed, lapsed already, or not due).
CREATE OR REPLACE FUNCTION que_appointment_lapse_hold(p_appointment integer, p_now timestamp with time zone, p_force boolean)
 RETURNS boolean
 LANGUAGE plpgsql
AS $$
DECLARE
  a appointments;
BEGIN
  SELECT * INTO a FROM appointments WHERE id = p_appointment FOR UPDATE;
  IF NOT FOUND OR a.status <> 'held' OR (NOT p_force AND a.held_until > p_now) THEN RETURN false; END IF;
  UPDATE appointments SET status = 'cancelled', updated_at = now() WHERE id = p_appointment;
  PERFORM que_record_change('hold_lapsed', p_appointment, NULL, a.business_id, NULL, jsonb_build_object('startsAt', a.starts_at));
  RETURN true;
END
$$;

-- Release to the waitlist (DESIGN section 11): the customer of a confirmed booking whose cancel
-- cut-off has passed gives the slot up. It is cancelled as a cancel is (que_cancelled_effects: the
-- change 'cancelled' then offers the time to the waitlist) and marked released, its outcome pending:
-- on time when a waiting customer claims the slot, late when its start passes unclaimed
-- (que_appointment_release_outcome). Before the cut-off a plain cancel is free: 409 says so.
CREATE OR REPLACE FUNCTION que_appointment_release(p_user integer, p_appointment integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
BEGIN
  SELECT ap.customer_id, ap.status, ap.booked_policies, ap.starts_at, ap.starts_instant, bz.time_zone INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND OR a.status = 'held' THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.customer_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only its customer can release this booking'; END IF;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('Only a confirmed booking can be released; this one is %s', a.status);
  END IF;
  IF a.starts_instant <= p_now THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This booking has started; it can no longer be released';
  END IF;
  IF NOT que_cutoff_passed(a.booked_policies, 'cancelCutoffMinutes', a.starts_at, a.time_zone, p_now) THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This booking can still be cancelled free of charge: cancel it instead of releasing it';
  END IF;
  UPDATE appointments SET status = 'cancelled', cancelled_by = p_user, released_at = p_now, release_outcome = 'pending', updated_at = now()
   WHERE id = p_appointment;
  PERFORM que_cancelled_effects(p_appointment, p_user);
  RETURN que_appointment_view(p_appointment);
END
$$;

-- How a released booking's cancellation counts (for its fees): 'on_time' when a waiting customer
-- claimed its slot, 'late' when its start passed unclaimed. Decided once: only a pending outcome
-- changes, and the change 'release_settled' ({outcome}) is recorded then, for what follows a
-- cancellation's timing to follow. Its deposit and fees are settled here, in the same transaction
-- (que_cancelled_effects left them while pending): on time refunds the deposit, late keeps it and
-- charges the late-cancel fee. Returns whether it changed.
CREATE OR REPLACE FUNCTION que_appointment_release_outcome(p_appointment integer, p_outcome text)
 RETURNS boolean
 LANGUAGE plpgsql
AS $$
DECLARE
  v_business int;
BEGIN
  UPDATE appointments SET release_outcome = p_outcome, updated_at = now() WHERE id = p_appointment AND release_outcome = 'pending'
  RETURNING business_id INTO v_business;
  IF NOT FOUND THEN RETURN false; END IF;
  PERFORM que_cancel_payment_consequences(p_appointment, p_outcome = 'late');
  PERFORM que_record_change('release_settled', p_appointment, NULL, v_business, NULL, jsonb_build_object('outcome', p_outcome));
  RETURN true;
END
$$;
