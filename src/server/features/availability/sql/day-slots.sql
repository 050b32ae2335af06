-- The slot rules of que_day_slots, once; p_only (minutes after midnight), when set, answers for that
-- start time alone: slots is {that time} when it is bookable, else empty. The hours or time slots are
-- read by kind after the business: lateral reads of both cost more than the one query a list
-- needs, and a closed day reads neither. Booking policies (DESIGN section 9): the days ahead are the
-- service's or business's maxAdvanceDays when set; a list (not p_only: a booking's check of one time,
-- where que_require_booking_time refuses with the reason and the owner is exempt, and a swap is not
-- a new booking) leaves out starts closer than the minimum notice; a set slotIntervalMinutes spaces a
-- service's starts. Buffers (bufferBeforeMinutes, bufferAfterMinutes, a service's own): a service
-- start is free when its blocked period (start − buffer before, end + buffer after) overlaps no
-- booked appointment's blocked period (blocked_starts_at, blocked_ends_at: the period the overlap
-- constraint covers), so what is offered is what the constraint accepts. The visit keeps to the
-- opening hours; its buffers may reach past them.
CREATE OR REPLACE FUNCTION que_day_slots_within(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, p_only integer, OUT closed text, OUT slots text[])
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  b record;
  v_service_id int;
  v_service_business int;
  v_service_duration int;
  v_service_policies jsonb;
  v_notice int;
  v_step int;
  v_before int := 0;
  v_after int := 0;
  v_cut timestamptz;
  v_party int := coalesce(p_party, 1);
  v_kind text;
  v_local timestamp;
  v_today date;
  v_day timestamp := p_date::timestamp;
  v_dow int := extract(dow FROM p_date)::int;
  v_open int;
  v_close int;
  v_ts_start int[];
  v_ts_end int[];
  v_ts_interval int[];
  v_duration int;
  v_capacity int := 0;
  v_starts int[];
  v_b_start int[];
  v_b_end int[];
  v_b_party int[];
  v_free int[];
  v_t int;
  v_zone text;
  v_change_day boolean;
  -- Days after today it books: a service business's window (rules.ts), a restaurant's horizon.
  v_horizon int;
  v_now timestamptz := coalesce(p_now, now());
BEGIN
  slots := '{}';
  -- The business and whether the day is blocked; its hours or time slots are read below, by kind.
  SELECT bz.business_type, bz.time_zone, bz.reservation_duration, bz.seating_capacity, bz.max_party_size, bz.policies,
         EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.business_id = bz.id AND bd.date = p_date) AS blocked
    INTO b FROM businesses bz WHERE bz.id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  IF p_service IS NULL THEN
    SELECT id, business_id, duration, policies INTO v_service_id, v_service_business, v_service_duration, v_service_policies
      FROM services WHERE business_id = p_business AND deleted_at IS NULL ORDER BY id LIMIT 1;
  ELSE
    SELECT id, business_id, duration, policies INTO v_service_id, v_service_business, v_service_duration, v_service_policies
      FROM services WHERE id = p_service AND deleted_at IS NULL;
    IF v_service_id IS NULL OR v_service_business <> p_business THEN
      RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found';
    END IF;
  END IF;
  v_kind := CASE WHEN b.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END;
  v_horizon := coalesce((v_service_policies->>'maxAdvanceDays')::int, (b.policies->>'maxAdvanceDays')::int,
                        CASE WHEN v_kind = 'service' THEN que_rule('serviceBookingWindowDays') ELSE p_horizon END);
  IF v_kind = 'restaurant' THEN
    IF v_party < 1 THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Party size must be at least 1'; END IF;
    IF v_party > coalesce(b.max_party_size, v_party) THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = format('Party size must be at most %s for this restaurant', b.max_party_size);
    END IF;
  END IF;
  v_zone := coalesce(p_zone, b.time_zone);
  BEGIN
    v_local := v_now AT TIME ZONE v_zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = v_zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so it cannot take bookings right now', v_zone);
  END;
  v_today := v_local::date;
  closed := que_closed_day(v_kind, p_date, v_today, b.blocked, v_horizon);
  IF closed IS NOT NULL THEN RETURN; END IF;

  -- Only what the kind uses: a restaurant's time slots or a service business's hours that weekday.
  IF v_kind = 'restaurant' THEN
    SELECT array_agg(extract(epoch FROM rt.start_time)::int / 60), array_agg(extract(epoch FROM rt.end_time)::int / 60), array_agg(rt.interval_minutes::int)
      INTO v_ts_start, v_ts_end, v_ts_interval
      FROM restaurant_time_slots rt WHERE rt.business_id = p_business AND rt.day_of_week = v_dow AND rt.is_active;
    v_duration := coalesce(b.reservation_duration, 120);
    v_capacity := coalesce(b.seating_capacity, 40);
  ELSE
    IF v_service_id IS NULL THEN RETURN; END IF;
    SELECT extract(epoch FROM bh.open_time)::int / 60, extract(epoch FROM bh.close_time)::int / 60 INTO v_open, v_close
      FROM business_hours bh WHERE bh.business_id = p_business AND bh.day_of_week = v_dow LIMIT 1;
    IF v_open IS NULL THEN RETURN; END IF;
    v_duration := v_service_duration;
    v_before := que_buffer_minutes(v_service_policies, 'bufferBeforeMinutes');
    v_after := que_buffer_minutes(v_service_policies, 'bufferAfterMinutes');
  END IF;
  -- A service's starts follow the slot interval the service or business set, else min(30, duration).
  v_step := coalesce((v_service_policies->>'slotIntervalMinutes')::int, (b.policies->>'slotIntervalMinutes')::int);
  IF v_kind = 'service' AND v_step IS NOT NULL AND v_duration > 0 THEN
    v_starts := que_service_starts(v_open, v_close, v_duration, v_step);
  ELSE
    v_starts := que_candidate_starts(v_kind, v_open, v_close, v_duration, v_ts_start, v_ts_end, v_ts_interval);
  END IF;
  -- One time asked about (a booking's check): only that start, if it is one, and only what can touch it.
  IF p_only IS NOT NULL THEN v_starts := CASE WHEN p_only = ANY (v_starts) THEN ARRAY[p_only] ELSE '{}' END; END IF;
  IF cardinality(v_starts) = 0 THEN RETURN; END IF;

  -- On a day the clocks change, real durations may end up to a few wall-clock hours later.
  v_change_day := ((p_date + 1)::timestamp AT TIME ZONE v_zone) - (v_day AT TIME ZONE v_zone) <> interval '24 hours';
  IF p_with_booked THEN
    -- Only appointments that can touch a candidate matter: one indexed range read. Those that hold
    -- their time (`occupies`: every status but cancelled; a pending table holds no seats) are the
    -- ones the overlap constraint covers, with its very predicate and period (the blocked one), so
    -- its GiST index serves this; the engine compares them with each candidate's blocked period.
    -- Restaurants have no buffers: their blocked periods are their visits.
    SELECT array_agg(floor(extract(epoch FROM a.blocked_starts_at - v_day) / 60)::int),
           array_agg(floor(extract(epoch FROM a.blocked_ends_at - v_day) / 60)::int),
           array_agg(a.party_size)
      INTO v_b_start, v_b_end, v_b_party
      FROM appointments a
     WHERE a.business_id = p_business AND a.occupies
       AND tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(v_day + (v_starts[1] - v_before) * interval '1 minute',
                                                           v_day + (v_starts[cardinality(v_starts)] + v_duration + v_after + CASE WHEN v_change_day THEN 180 ELSE 0 END) * interval '1 minute', '[)')
       AND (v_kind = 'restaurant' OR a.exclusive)
       AND (p_exclude IS NULL OR a.id <> ALL (p_exclude));
  END IF;
  v_free := que_slot_engine(v_kind, p_date, v_today, extract(hour FROM v_local)::int * 60 + extract(minute FROM v_local)::int, b.blocked, v_horizon,
    v_starts, v_duration, v_capacity, v_party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'), v_before, v_after);
  -- On a day the clocks change (DESIGN section 4): a local time the clocks skip never happens, so it
  -- is neither offered nor bookable; "past" is decided by instants (after a fall-back the clock reads
  -- 01:xx again, but 01:30 means the first 01:30, already gone); and a visit lasts its real minutes,
  -- so its wall-clock end moves with the clocks: the engine checks each candidate start where it
  -- really ends (later than start + duration after a spring-forward, earlier after a fall-back; a
  -- service visit must still end by closing time).
  IF v_change_day THEN
    SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO v_free
      FROM unnest(v_starts) t,
           LATERAL (SELECT que_instant(v_day + t * interval '1 minute', v_zone) AS at) i,
           LATERAL (SELECT floor(extract(epoch FROM que_wall_clock_at_or_after(i.at + v_duration * interval '1 minute', v_zone) - v_day) / 60)::int AS e) r
     WHERE i.at IS NOT NULL AND i.at > v_now
       AND (v_kind = 'restaurant' OR r.e <= v_close)
       AND cardinality(que_slot_engine(v_kind, p_date, v_today, extract(hour FROM v_local)::int * 60 + extract(minute FROM v_local)::int, b.blocked,
             v_horizon, ARRAY[t], r.e - t, v_capacity, v_party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'), v_before, v_after)) = 1;
  END IF;
  -- Minimum notice, for a list: only the day the notice reaches into, or an earlier one, loses starts.
  v_notice := coalesce((v_service_policies->>'minNoticeMinutes')::int, (b.policies->>'minNoticeMinutes')::int, que_rule('defaultMinNoticeMinutes'));
  IF p_only IS NULL AND v_notice > 0 AND cardinality(v_free) > 0 THEN
    v_cut := v_now + v_notice * interval '1 minute';
    IF p_date <= (v_cut AT TIME ZONE v_zone)::date THEN
      SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO v_free FROM unnest(v_free) t
       WHERE que_instant(v_day + t * interval '1 minute', v_zone) >= v_cut;
    END IF;
  END IF;
  -- "HH:MM", ascending (the engine's answer is): a loop of simple expressions, no query.
  FOREACH v_t IN ARRAY v_free LOOP
    slots := slots || (lpad((v_t / 60)::text, 2, '0') || ':' || lpad((v_t % 60)::text, 2, '0'));
  END LOOP;
END
$$;

-- One business's bookable start times ("HH:MM") on a day; `closed` says why a whole day has none.
-- GET /available-slots. (The rules: que_day_slots_within.)
CREATE OR REPLACE FUNCTION que_day_slots(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, OUT closed text, OUT slots text[])
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
BEGIN
  SELECT w.closed, w.slots INTO closed, slots
    FROM que_day_slots_within(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_with_booked, p_zone, NULL) w;
END
$$;
