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
-- Staff (DESIGN section 9): a service start is offered when at least one member who gives the
-- service and works then (que_working_staff; p_staff: only that member) is free for the whole
-- visit with its buffers, each member's bookings checked against that member's time alone (the
-- overlap constraint is per member); a visit keeps to the working range it starts in (a lunch break
-- ends one range). slot_staff, beside slots, lists for each start who is free then, in the owner's
-- order (null for a restaurant, which has no staff), only when asked (p_with_staff: a slot list
-- does not need it, and it is the dearer half of the list's last step).
CREATE OR REPLACE FUNCTION que_day_slots_within(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, p_only integer, p_staff integer, p_with_staff boolean, OUT closed text, OUT slots text[], OUT slot_staff jsonb)
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
  v_ts_start int[];
  v_ts_end int[];
  v_ts_interval int[];
  v_duration int;
  v_capacity int := 0;
  v_starts int[];
  v_b_start int[];
  v_b_end int[];
  v_b_party int[];
  v_b_staff int[];
  v_free int[];
  w record;
  v_m_free int[];
  v_m_lo int[];
  v_m_hi int[];
  v_pairs boolean;
  v_taken boolean[];
  v_list int[] := '{}';
  v_sorted boolean := true;
  v_first int;
  v_end int;
  v_ok boolean;
  v_pair_t int[] := '{}';
  v_pair_m int[] := '{}';
  v_pair_o int[] := '{}';
  v_members int := 0;
  v_w_id int[] := '{}';
  v_r_member int[] := '{}';
  v_r_open int[] := '{}';
  v_r_close int[] := '{}';
  m int;
  v_range_starts int[];
  v_min int;
  v_max int;
  v_now_min int;
  r int;
  i int;
  v_t int;
  v_zone text;
  v_change_day boolean;
  -- Days after today it books: a service business's window (rules.ts), a restaurant's horizon.
  v_horizon int;
  v_now timestamptz := coalesce(p_now, now());
BEGIN
  slots := '{}';
  slot_staff := NULL;
  -- The business and whether the day is blocked; its hours or time slots are read below, by kind.
  SELECT bz.business_type, bz.time_zone, bz.reservation_duration, bz.seating_capacity, bz.max_party_size, bz.policies,
         EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.business_id = bz.id AND bd.date = p_date) AS blocked
    INTO b FROM businesses bz WHERE bz.id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  IF p_service IS NULL THEN
    SELECT id, business_id, duration, policies INTO v_service_id, v_service_business, v_service_duration, v_service_policies
      FROM services WHERE business_id = p_business AND deleted_at IS NULL ORDER BY id LIMIT 1;
  ELSE
    -- An archived service (deleted with bookings kept, DESIGN section 4) takes no new bookings, but
    -- its own bookings (the ones left out, p_exclude) stay movable.
    SELECT id, business_id, duration, policies INTO v_service_id, v_service_business, v_service_duration, v_service_policies
      FROM services WHERE id = p_service
       AND (deleted_at IS NULL OR EXISTS (SELECT 1 FROM appointments x WHERE x.id = ANY (p_exclude) AND x.service_id = p_service));
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

  v_now_min := extract(hour FROM v_local)::int * 60 + extract(minute FROM v_local)::int;
  -- On a day the clocks change, real durations may end up to a few wall-clock hours later.
  v_change_day := ((p_date + 1)::timestamp AT TIME ZONE v_zone) - (v_day AT TIME ZONE v_zone) <> interval '24 hours';
  v_notice := coalesce((v_service_policies->>'minNoticeMinutes')::int, (b.policies->>'minNoticeMinutes')::int, que_rule('defaultMinNoticeMinutes'));
  IF p_only IS NULL AND v_notice > 0 THEN
    v_cut := v_now + v_notice * interval '1 minute';
    -- Only the day the notice reaches into, or an earlier one, loses starts.
    IF p_date > (v_cut AT TIME ZONE v_zone)::date THEN v_cut := NULL; END IF;
  END IF;

  IF v_kind = 'restaurant' THEN
    SELECT array_agg(extract(epoch FROM rt.start_time)::int / 60), array_agg(extract(epoch FROM rt.end_time)::int / 60), array_agg(rt.interval_minutes::int)
      INTO v_ts_start, v_ts_end, v_ts_interval
      FROM restaurant_time_slots rt WHERE rt.business_id = p_business AND rt.day_of_week = v_dow AND rt.is_active;
    v_duration := coalesce(b.reservation_duration, 120);
    v_capacity := coalesce(b.seating_capacity, 40);
    v_starts := que_candidate_starts(v_kind, NULL, NULL, v_duration, v_ts_start, v_ts_end, v_ts_interval);
    IF p_only IS NOT NULL THEN v_starts := CASE WHEN p_only = ANY (v_starts) THEN ARRAY[p_only] ELSE '{}' END; END IF;
    IF cardinality(v_starts) = 0 THEN RETURN; END IF;
    IF p_with_booked THEN
      -- Only bookings that can touch a candidate: one indexed range read (the GiST index of the
      -- overlap constraint, with its very predicate). Those that hold seats are `occupies`.
      SELECT array_agg(floor(extract(epoch FROM a.blocked_starts_at - v_day) / 60)::int),
             array_agg(floor(extract(epoch FROM a.blocked_ends_at - v_day) / 60)::int), array_agg(a.party_size)
        INTO v_b_start, v_b_end, v_b_party
        FROM appointments a
       WHERE a.business_id = p_business AND a.occupies
         AND tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(v_day + v_starts[1] * interval '1 minute',
               v_day + (v_starts[cardinality(v_starts)] + v_duration + CASE WHEN v_change_day THEN 180 ELSE 0 END) * interval '1 minute', '[)')
         AND (p_exclude IS NULL OR a.id <> ALL (p_exclude));
    END IF;
    v_free := que_slot_engine(v_kind, p_date, v_today, v_now_min, b.blocked, v_horizon, v_starts, v_duration, v_capacity, v_party,
      coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'), 0, 0);
    -- On a day the clocks change (DESIGN section 4): a local time the clocks skip never happens, so it
    -- is neither offered nor bookable; "past" is decided by instants; a visit lasts its real minutes
    -- (que_free_on_change_day).
    IF v_change_day THEN
      v_free := que_free_on_change_day(v_kind, p_date, v_today, v_now_min, b.blocked, v_horizon, v_starts, v_duration, NULL, v_capacity, v_party,
        coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'), 0, 0, v_zone, v_now);
    END IF;
    IF v_cut IS NOT NULL AND cardinality(v_free) > 0 THEN
      SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO v_free FROM unnest(v_free) t WHERE que_instant(v_day + t * interval '1 minute', v_zone) >= v_cut;
    END IF;
    -- "HH:MM", ascending (the engine's answer is): a loop of simple expressions, no query.
    FOREACH v_t IN ARRAY v_free LOOP
      slots := slots || (lpad((v_t / 60)::text, 2, '0') || ':' || lpad((v_t % 60)::text, 2, '0'));
    END LOOP;
    RETURN;
  END IF;

  IF v_service_id IS NULL THEN RETURN; END IF;
  v_duration := v_service_duration;
  v_before := que_buffer_minutes(v_service_policies, 'bufferBeforeMinutes');
  v_after := que_buffer_minutes(v_service_policies, 'bufferAfterMinutes');
  -- A service's starts follow the slot interval the service or business set, else min(30, duration),
  -- from the start of each working range.
  v_step := coalesce((v_service_policies->>'slotIntervalMinutes')::int, (b.policies->>'slotIntervalMinutes')::int, least(30, v_duration));
  IF v_duration <= 0 THEN RETURN; END IF;
  -- The day's working members, their ranges (flattened: v_r_member is the member's ordinal), and
  -- the span their candidate starts cover (for the bookings read).
  FOR w IN SELECT * FROM que_working_staff(p_business, v_service_id, p_date, p_staff) LOOP
    v_members := v_members + 1;
    v_w_id := v_w_id || w.staff_id;
    FOR r IN 1 .. cardinality(w.opens) LOOP
      v_r_member := v_r_member || v_members;
      v_r_open := v_r_open || w.opens[r];
      v_r_close := v_r_close || w.closes[r];
      -- The range's first and last candidate start (que_service_starts' grid), without building it.
      IF w.opens[r] + v_duration <= w.closes[r] THEN
        IF p_only IS NULL THEN
          v_min := least(v_min, w.opens[r]);
          v_max := greatest(v_max, w.opens[r] + (w.closes[r] - v_duration - w.opens[r]) / v_step * v_step);
        ELSIF p_only >= w.opens[r] AND p_only + v_duration <= w.closes[r] AND (p_only - w.opens[r]) % v_step = 0 THEN
          v_min := least(v_min, p_only);
          v_max := greatest(v_max, p_only);
        END IF;
      END IF;
    END LOOP;
  END LOOP;
  IF v_members = 0 OR v_min IS NULL THEN RETURN; END IF;
  IF p_with_booked THEN
    -- Only appointments that can touch a candidate matter: one indexed range read over the whole
    -- business (the GiST index of the overlap constraint, with its very predicate and period: the
    -- blocked one), each with its member; the engine compares a member's with that member's starts.
    SELECT array_agg(floor(extract(epoch FROM a.blocked_starts_at - v_day) / 60)::int ORDER BY a.staff_id, a.id),
           array_agg(floor(extract(epoch FROM a.blocked_ends_at - v_day) / 60)::int ORDER BY a.staff_id, a.id), array_agg(a.staff_id ORDER BY a.staff_id, a.id)
      INTO v_b_start, v_b_end, v_b_staff
      FROM appointments a
     WHERE a.business_id = p_business AND a.occupies
       AND tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(v_day + (v_min - v_before) * interval '1 minute',
             v_day + (v_max + v_duration + v_after + CASE WHEN v_change_day THEN 180 ELSE 0 END) * interval '1 minute', '[)')
       AND a.exclusive
       AND (p_exclude IS NULL OR a.id <> ALL (p_exclude));
  END IF;
  -- Each member's bookings are a run of the list (it is ordered by member): v_m_lo..v_m_hi.
  v_m_lo := array_fill(1, ARRAY[v_members]);
  v_m_hi := array_fill(0, ARRAY[v_members]);
  IF v_b_staff IS NOT NULL THEN
    FOR m IN 1 .. v_members LOOP
      i := array_position(v_b_staff, v_w_id[m]);
      CONTINUE WHEN i IS NULL;
      v_m_lo[m] := i;
      WHILE i < cardinality(v_b_staff) AND v_b_staff[i + 1] = v_w_id[m] LOOP i := i + 1; END LOOP;
      v_m_hi[m] := i;
    END LOOP;
  END IF;
  -- One pass over every member's working ranges and their grid of starts (the engine's rule for a
  -- service start, que_start_blocked, checked inline against that member's bookings: no call per
  -- range). A plain list needs one free member per start, so a start already found free is not
  -- checked again, and the starts come out distinct (v_taken marks them); who is free at each start
  -- (p_with_staff) and a booking's one start (p_only) keep every (start, member) pair, in the
  -- owner's order. On a day the clocks change each range goes through que_free_on_change_day.
  v_pairs := p_with_staff OR p_only IS NOT NULL;
  v_first := CASE WHEN p_date = v_today THEN v_now_min + 1 ELSE 0 END;
  -- The minimum notice, for a list: on a day whose wall clock runs evenly, a later local start is a
  -- later instant, so the cut is a first minute.
  IF v_cut IS NOT NULL AND NOT v_change_day THEN
    v_first := greatest(v_first, ceil(extract(epoch FROM (v_cut AT TIME ZONE v_zone) - v_day) / 60)::int);
  END IF;
  IF NOT v_pairs THEN v_taken := array_fill(false, ARRAY[v_max - v_min + 1]); END IF;
  FOR r IN 1 .. cardinality(v_r_member) LOOP
    m := v_r_member[r];
    IF v_change_day THEN
      v_range_starts := que_service_starts(v_r_open[r], v_r_close[r], v_duration, v_step);
      IF p_only IS NOT NULL THEN v_range_starts := CASE WHEN p_only = ANY (v_range_starts) THEN ARRAY[p_only] ELSE '{}' END; END IF;
      CONTINUE WHEN cardinality(v_range_starts) = 0;
      v_m_free := que_free_on_change_day(v_kind, p_date, v_today, v_now_min, b.blocked, v_horizon, v_range_starts, v_duration, v_r_close[r], 0, 1,
        v_b_start[v_m_lo[m]:v_m_hi[m]], v_b_end[v_m_lo[m]:v_m_hi[m]], '{}', v_before, v_after, v_zone, v_now);
    ELSE
      -- the range's grid (que_service_starts), or only p_only when it is on it
      v_t := v_r_open[r];
      v_end := v_r_close[r] - v_duration;
      IF p_only IS NOT NULL THEN
        IF p_only >= v_t AND p_only <= v_end AND (p_only - v_t) % v_step = 0 THEN v_t := p_only; v_end := p_only; ELSE CONTINUE; END IF;
      END IF;
      v_m_free := '{}';
      WHILE v_t <= v_end LOOP
        IF v_t >= v_first AND (v_pairs OR NOT v_taken[v_t - v_min + 1]) THEN
          v_ok := true;
          FOR i IN v_m_lo[m] .. v_m_hi[m] LOOP
            IF que_start_blocked(v_b_start[i], v_b_end[i], v_t, v_duration, v_before, v_after) THEN v_ok := false; EXIT; END IF;
          END LOOP;
          IF v_ok THEN v_m_free := v_m_free || v_t; END IF;
        END IF;
        v_t := v_t + v_step;
      END LOOP;
    END IF;
    FOREACH v_t IN ARRAY v_m_free LOOP
      IF v_pairs THEN
        v_pair_t := v_pair_t || v_t;
        v_pair_m := v_pair_m || v_w_id[m];
        v_pair_o := v_pair_o || m;
      ELSIF NOT v_taken[v_t - v_min + 1] THEN
        v_taken[v_t - v_min + 1] := true;
        IF v_t < v_list[cardinality(v_list)] THEN v_sorted := false; END IF;
        v_list := v_list || v_t;
      END IF;
    END LOOP;
  END LOOP;
  IF p_only IS NOT NULL THEN
    -- One start asked about (a booking's check): the pairs are that start's, already in the owner's order.
    IF cardinality(v_pair_t) = 0 THEN RETURN; END IF;
    slots := ARRAY[lpad((p_only / 60)::text, 2, '0') || ':' || lpad((p_only % 60)::text, 2, '0')];
    IF p_with_staff THEN slot_staff := jsonb_build_array(to_jsonb(v_pair_m)); END IF;
    RETURN;
  END IF;
  IF p_with_staff THEN
    -- Each start once, ascending, with who is free then in the owner's order; the minimum notice
    -- leaves out starts too soon (on a day the clocks change, by instants).
    IF cardinality(v_pair_t) = 0 THEN RETURN; END IF;
    SELECT coalesce(array_agg(lpad((g.t / 60)::text, 2, '0') || ':' || lpad((g.t % 60)::text, 2, '0') ORDER BY g.t), '{}'), jsonb_agg(g.ids ORDER BY g.t)
      INTO slots, slot_staff
      FROM (SELECT x.t, jsonb_agg(x.m ORDER BY x.o) AS ids FROM unnest(v_pair_t, v_pair_m, v_pair_o) x(t, m, o) GROUP BY x.t) g
     WHERE v_cut IS NULL OR NOT v_change_day OR que_instant(v_day + g.t * interval '1 minute', v_zone) >= v_cut;
    RETURN;
  END IF;
  IF NOT v_sorted OR (v_cut IS NOT NULL AND v_change_day) THEN
    SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO v_list FROM unnest(v_list) t
     WHERE v_cut IS NULL OR NOT v_change_day OR que_instant(v_day + t * interval '1 minute', v_zone) >= v_cut;
  END IF;
  -- "HH:MM", ascending: a loop of simple expressions, no query.
  FOREACH v_t IN ARRAY v_list LOOP
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
    FROM que_day_slots_within(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_with_booked, p_zone, NULL, NULL, false) w;
END
$$;
