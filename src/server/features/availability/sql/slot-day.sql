-- Step 1 of que_day_slots_within: the day as the slot rules see it, before anyone's hours or
-- bookings. The business (QB404 if none) and whether the day is blocked; the service (p_service, else
-- the business's first: a restaurant's table service) and the policies that apply (DESIGN section 9:
-- the service's over the business's); a restaurant's party size; the business's clock (p_zone, else
-- its own; QBTZ1 for a zone PostgreSQL cannot read) and `closed`, why nothing at all can be booked.
-- Then, for an open day, what the later steps need: the days ahead it books (maxAdvanceDays, else a
-- service business's window of rules.ts or a restaurant's horizon), whether the clocks change that
-- day, the minimum notice's cut (a list only: a booking's check of one time, p_only, is refused with
-- the reason by que_require_booking_time, the owner being exempt, and a swap is not a new booking;
-- only the day the notice reaches into, or an earlier one, loses starts), and the visit: a
-- restaurant's reservation length and seats, a service's duration, its buffers and the step of its
-- starts (slotIntervalMinutes, else min(30, duration)).
CREATE OR REPLACE FUNCTION que_slot_day(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_zone text, p_only integer, OUT closed text, OUT kind text, OUT zone text, OUT now_at timestamp with time zone, OUT day_start timestamp without time zone, OUT today date, OUT now_minutes integer, OUT blocked boolean, OUT horizon integer, OUT change_day boolean, OUT cut timestamp with time zone, OUT service_id integer, OUT duration integer, OUT step integer, OUT buffer_before integer, OUT buffer_after integer, OUT capacity integer, OUT party integer)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  b record;
  v_service_business int;
  v_policies jsonb;
  v_notice int;
  v_local timestamp;
BEGIN
  now_at := coalesce(p_now, now());
  day_start := p_date::timestamp;
  party := coalesce(p_party, 1);
  -- The hours or time slots are read later, by kind: a lateral read of both costs more than the one
  -- query a day needs, and a closed day reads neither.
  SELECT bz.business_type, bz.time_zone, bz.reservation_duration, bz.seating_capacity, bz.max_party_size, bz.policies,
         EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.business_id = bz.id AND bd.date = p_date) AS blocked
    INTO b FROM businesses bz WHERE bz.id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  IF p_service IS NULL THEN
    SELECT s.id, s.business_id, s.duration, s.policies INTO service_id, v_service_business, duration, v_policies
      FROM services s WHERE s.business_id = p_business AND s.deleted_at IS NULL ORDER BY s.id LIMIT 1;
  ELSE
    -- An archived service (deleted with bookings kept, DESIGN section 4) takes no new bookings, but
    -- its own bookings (the ones left out, p_exclude) stay movable.
    SELECT s.id, s.business_id, s.duration, s.policies INTO service_id, v_service_business, duration, v_policies
      FROM services s WHERE s.id = p_service
       AND (s.deleted_at IS NULL OR EXISTS (SELECT 1 FROM appointments x WHERE x.id = ANY (p_exclude) AND x.service_id = p_service));
    IF service_id IS NULL OR v_service_business <> p_business THEN
      RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found';
    END IF;
  END IF;
  kind := CASE WHEN b.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END;
  blocked := b.blocked;
  horizon := coalesce((v_policies->>'maxAdvanceDays')::int, (b.policies->>'maxAdvanceDays')::int,
                      CASE WHEN kind = 'service' THEN que_rule('serviceBookingWindowDays') ELSE p_horizon END);
  IF kind = 'restaurant' THEN
    IF party < 1 THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Party size must be at least 1'; END IF;
    IF party > coalesce(b.max_party_size, party) THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = format('Party size must be at most %s for this restaurant', b.max_party_size);
    END IF;
  END IF;
  zone := coalesce(p_zone, b.time_zone);
  BEGIN
    v_local := now_at AT TIME ZONE zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so it cannot take bookings right now', zone);
  END;
  today := v_local::date;
  closed := que_closed_day(kind, p_date, today, blocked, horizon);
  IF closed IS NOT NULL THEN RETURN; END IF;

  now_minutes := extract(hour FROM v_local)::int * 60 + extract(minute FROM v_local)::int;
  -- On a day the clocks change, real durations may end up to a few wall-clock hours later.
  change_day := ((p_date + 1)::timestamp AT TIME ZONE zone) - (day_start AT TIME ZONE zone) <> interval '24 hours';
  v_notice := coalesce((v_policies->>'minNoticeMinutes')::int, (b.policies->>'minNoticeMinutes')::int, que_rule('defaultMinNoticeMinutes'));
  IF p_only IS NULL AND v_notice > 0 THEN
    cut := now_at + v_notice * interval '1 minute';
    IF p_date > (cut AT TIME ZONE zone)::date THEN cut := NULL; END IF;
  END IF;
  IF kind = 'restaurant' THEN
    duration := coalesce(b.reservation_duration, 120);
    capacity := coalesce(b.seating_capacity, 40);
  ELSE
    buffer_before := que_buffer_minutes(v_policies, 'bufferBeforeMinutes');
    buffer_after := que_buffer_minutes(v_policies, 'bufferAfterMinutes');
    step := coalesce((v_policies->>'slotIntervalMinutes')::int, (b.policies->>'slotIntervalMinutes')::int, least(30, duration));
  END IF;
END
$$;
