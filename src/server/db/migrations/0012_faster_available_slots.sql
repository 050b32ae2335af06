-- Faster available slots (issue 10: GET /available-slots p99 <= 2 ms at 100,000 appointments;
-- docs/decisions/0014-one-call-hot-paths.md, "Profile of the slot list"). Same signatures, same
-- answers and errors as migrations 0007/0010; fewer queries and PL/pgSQL steps per list. Each
-- statement of a list is its own transaction, and PL/pgSQL prepares every expression it evaluates
-- again in each new transaction, so what a list costs is mostly how many queries, calls and
-- expressions it goes through, not how often a loop turns.
--  * que_closed_day is one SQL expression, which the planner inlines where it is called (the engine
--    and que_day_slots_within): two PL/pgSQL calls fewer per list.
--  * que_candidate_starts builds a restaurant's starts with loops when they come out ascending and
--    distinct (time slots in order that do not overlap: the usual case), as a service's already are;
--    any other input still goes through the query (sorted, deduplicated). The query cost about
--    100 us per restaurant list.
--  * que_slot_engine takes a short path on a day with nothing booked (most days).
--  * que_day_slots_within reads the business and blocked day, then only the hours (a service
--    business) or the time slots (a restaurant): 0010 read both as laterals of one query, and the
--    unused one cost about as much as the query it saved. A closed day reads neither.
--  * GET /available-slots calls que_day_slots_within directly (p_only null) instead of through
--    que_day_slots, which wraps it in a query (slots.repository.ts); que_day_slots stays, the same
--    answer, for the earliest functions.
-- Checked against migration 0010's functions kept in a scratch schema: the same answer or error
-- for 36,612 business-day cases of the benchmark's data (parties, excluded appointments, another
-- business's service, the four clock-change days of 2026, single-start booking checks), 80,000
-- random engine inputs (half with nothing booked, NULLs, unsorted and duplicate starts), 40,000
-- random candidate-start inputs (overlapping and unordered time slots, bad intervals) and every
-- que_closed_day input on a grid.
-- CREATE OR REPLACE throughout, so this does not depend on other migrations that replace functions.

-- Why nothing at all can be booked on a day (null when it is open): services book 30 days ahead,
-- restaurants up to their horizon. (Migration 0007's rule, as one SQL expression the planner inlines.)
CREATE OR REPLACE FUNCTION que_closed_day(p_kind text, p_date date, p_today date, p_blocked boolean, p_horizon int)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_date < p_today THEN 'past'
    WHEN p_blocked THEN 'blocked'
    WHEN p_kind = 'service' THEN CASE WHEN p_date <= p_today + 30 THEN NULL ELSE 'beyond_window' END
    ELSE CASE WHEN p_date <= p_today + p_horizon THEN NULL ELSE 'beyond_horizon' END
  END
$$;
--> statement-breakpoint
-- Candidate start minutes of a day, ascending and distinct, before bookings are considered: a
-- service every min(30, duration) minutes inside the opening hours, a restaurant on its time slots.
-- (Migration 0007's rule, unchanged. The loops give the same list as the query whenever they apply:
-- a series with a positive step ascends, and series that follow one another without overlapping
-- are already in order and distinct; anything else is left to the query.)
CREATE OR REPLACE FUNCTION que_candidate_starts(p_kind text, p_open int, p_close int, p_duration int, p_ts_start int[], p_ts_end int[], p_ts_interval int[])
RETURNS int[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_starts int[] := '{}';
  v_t int := p_open;
  v_n int;
  v_last int;
  i int;
BEGIN
  IF p_kind = 'service' AND p_duration > 0 AND p_open IS NOT NULL AND p_close IS NOT NULL THEN
    WHILE v_t <= p_close - p_duration LOOP
      v_starts := v_starts || v_t;
      v_t := v_t + least(30, p_duration);
    END LOOP;
    RETURN v_starts;
  END IF;
  IF p_kind <> 'service' THEN
    v_n := cardinality(p_ts_start);
    IF v_n = cardinality(p_ts_end) AND v_n = cardinality(p_ts_interval) AND array_position(p_ts_start, NULL) IS NULL
       AND array_position(p_ts_end, NULL) IS NULL AND array_position(p_ts_interval, NULL) IS NULL THEN
      FOR i IN 1 .. v_n LOOP
        IF p_ts_interval[i] <= 0 THEN v_starts := NULL; EXIT; END IF;
        v_t := p_ts_start[i];
        -- a series that starts at or before the last start so far: not simply in order
        IF v_t <= v_last THEN v_starts := NULL; EXIT; END IF;
        WHILE v_t <= p_ts_end[i] - 1 LOOP
          v_starts := v_starts || v_t;
          v_last := v_t;
          v_t := v_t + p_ts_interval[i];
        END LOOP;
      END LOOP;
      IF v_starts IS NOT NULL THEN RETURN v_starts; END IF;
    END IF;
  END IF;
  RETURN (
    SELECT CASE WHEN p_kind = 'service' THEN
      (SELECT coalesce(array_agg(t ORDER BY t), '{}') FROM generate_series(p_open, p_close - p_duration, least(30, p_duration)) t)
    ELSE
      (SELECT coalesce(array_agg(DISTINCT t ORDER BY t), '{}')
         FROM unnest(p_ts_start, p_ts_end, p_ts_interval) s(st, en, iv), generate_series(st, en - 1, iv) t)
    END
  );
END
$$;
--> statement-breakpoint
-- The slot engine, pure: of the candidate starts, those bookable on p_date. A service start is free
-- when no booked period overlaps it; a restaurant start when the seats in use at the fullest moment
-- of the visit plus the party fit the capacity (occupancy only rises where a booking starts).
-- Booked periods are minutes from p_date's midnight. Its property tests: availability/slot-engine.test.ts.
-- Migration 0010's loops, with a short path for a day with nothing booked.
CREATE OR REPLACE FUNCTION que_slot_engine(p_kind text, p_date date, p_today date, p_now_minutes int, p_blocked boolean, p_horizon int,
  p_starts int[], p_duration int, p_capacity int, p_party int, p_b_start int[], p_b_end int[], p_b_party int[])
RETURNS int[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_free int[] := '{}';
  v_from int := CASE WHEN p_date = p_today THEN p_now_minutes + 1 ELSE 0 END;
  v_booked int := greatest(coalesce(cardinality(p_b_start), 0), coalesce(cardinality(p_b_end), 0), coalesce(cardinality(p_b_party), 0));
  v_sorted boolean := true;
  v_ok boolean;
  v_peak int;
  v_seats int;
  v_at int;
  t int;
  i int;
  j int;
BEGIN
  IF que_closed_day(p_kind, p_date, p_today, p_blocked, p_horizon) IS NOT NULL OR p_starts IS NULL THEN RETURN '{}'; END IF;
  IF v_booked = 0 THEN
    -- Nothing booked (most days): every start from v_from on is free, a restaurant's only if the
    -- party fits its seats. The loop below gives the same, with more steps per start.
    IF p_kind IS DISTINCT FROM 'service' AND NOT coalesce(p_party <= p_capacity, false) THEN RETURN '{}'; END IF;
    FOREACH t IN ARRAY p_starts LOOP
      IF t >= v_from THEN
        IF t < v_free[cardinality(v_free)] THEN v_sorted := false; END IF;
        v_free := v_free || t;
      END IF;
    END LOOP;
    IF NOT v_sorted THEN RETURN (SELECT array_agg(f ORDER BY f) FROM unnest(v_free) f); END IF;
    RETURN v_free;
  END IF;
  FOREACH t IN ARRAY p_starts LOOP
    CONTINUE WHEN (t >= v_from) IS NOT TRUE;
    IF p_kind = 'service' THEN
      v_ok := true;
      FOR i IN 1 .. v_booked LOOP
        IF p_b_start[i] < t + p_duration AND p_b_end[i] > t THEN v_ok := false; EXIT; END IF;
      END LOOP;
    ELSE
      -- The seats in use at the visit's start and at every booking start inside it; the peak.
      v_peak := NULL;
      FOR i IN 0 .. v_booked LOOP
        IF i = 0 THEN
          v_at := t;
        ELSIF p_b_start[i] < t + p_duration AND p_b_end[i] > t AND p_b_start[i] > t THEN
          v_at := p_b_start[i];
        ELSE
          CONTINUE;
        END IF;
        v_seats := 0;
        FOR j IN 1 .. v_booked LOOP
          IF p_b_start[j] < t + p_duration AND p_b_end[j] > t AND p_b_start[j] <= v_at AND p_b_end[j] > v_at THEN
            v_seats := v_seats + coalesce(p_b_party[j], 0);
          END IF;
        END LOOP;
        v_peak := greatest(v_peak, v_seats);
      END LOOP;
      v_ok := coalesce(coalesce(v_peak, 0) + p_party <= p_capacity, false);
    END IF;
    IF v_ok THEN
      IF cardinality(v_free) > 0 AND v_free[cardinality(v_free)] > t THEN v_sorted := false; END IF;
      v_free := v_free || t;
    END IF;
  END LOOP;
  IF NOT v_sorted THEN RETURN (SELECT array_agg(f ORDER BY f) FROM unnest(v_free) f); END IF;
  RETURN v_free;
END
$$;
--> statement-breakpoint
-- The slot rules of que_day_slots, once; p_only (minutes after midnight), when set, answers for that
-- start time alone: slots is {that time} when it is bookable, else empty. (Migration 0010's body,
-- but the hours or time slots are read by kind after the business: the lateral reads of both cost
-- more than the one query a list needs, and a closed day reads neither.)
CREATE OR REPLACE FUNCTION que_day_slots_within(p_business int, p_date date, p_service int, p_party int, p_exclude int[], p_horizon int, p_now timestamptz,
  p_with_booked boolean, p_zone text, p_only int, OUT closed text, OUT slots text[])
LANGUAGE plpgsql STABLE AS $$
DECLARE
  b record;
  v_service_id int;
  v_service_business int;
  v_service_duration int;
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
  v_now timestamptz := coalesce(p_now, now());
BEGIN
  slots := '{}';
  -- The business and whether the day is blocked; its hours or time slots are read below, by kind.
  SELECT bz.business_type, bz.time_zone, bz.reservation_duration, bz.seating_capacity, bz.max_party_size,
         EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.business_id = bz.id AND bd.date = p_date) AS blocked
    INTO b FROM businesses bz WHERE bz.id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  IF p_service IS NULL THEN
    SELECT id, business_id, duration INTO v_service_id, v_service_business, v_service_duration
      FROM services WHERE business_id = p_business AND deleted_at IS NULL ORDER BY id LIMIT 1;
  ELSE
    SELECT id, business_id, duration INTO v_service_id, v_service_business, v_service_duration
      FROM services WHERE id = p_service AND deleted_at IS NULL;
    IF v_service_id IS NULL OR v_service_business <> p_business THEN
      RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found';
    END IF;
  END IF;
  v_kind := CASE WHEN b.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END;
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
  closed := que_closed_day(v_kind, p_date, v_today, b.blocked, p_horizon);
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
  END IF;
  v_starts := que_candidate_starts(v_kind, v_open, v_close, v_duration, v_ts_start, v_ts_end, v_ts_interval);
  -- One time asked about (a booking's check): only that start, if it is one, and only what can touch it.
  IF p_only IS NOT NULL THEN v_starts := CASE WHEN p_only = ANY (v_starts) THEN ARRAY[p_only] ELSE '{}' END; END IF;
  IF cardinality(v_starts) = 0 THEN RETURN; END IF;

  -- On a day the clocks change, real durations may end up to a few wall-clock hours later.
  v_change_day := ((p_date + 1)::timestamp AT TIME ZONE v_zone) - (v_day AT TIME ZONE v_zone) <> interval '24 hours';
  IF p_with_booked THEN
    -- Only appointments that can touch a candidate matter: one indexed range read.
    SELECT array_agg(floor(extract(epoch FROM a.starts_at - v_day) / 60)::int),
           array_agg(floor(extract(epoch FROM a.ends_at - v_day) / 60)::int),
           array_agg(a.party_size)
      INTO v_b_start, v_b_end, v_b_party
      FROM appointments a
     WHERE a.business_id = p_business AND a.status = 'confirmed'
       AND tsrange(a.starts_at, a.ends_at, '[)') && tsrange(v_day + v_starts[1] * interval '1 minute',
                                                           v_day + (v_starts[cardinality(v_starts)] + v_duration + CASE WHEN v_change_day THEN 180 ELSE 0 END) * interval '1 minute', '[)')
       AND (v_kind = 'restaurant' OR a.exclusive)
       AND (p_exclude IS NULL OR a.id <> ALL (p_exclude));
  END IF;
  v_free := que_slot_engine(v_kind, p_date, v_today, extract(hour FROM v_local)::int * 60 + extract(minute FROM v_local)::int, b.blocked, p_horizon,
    v_starts, v_duration, v_capacity, v_party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'));
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
             p_horizon, ARRAY[t], r.e - t, v_capacity, v_party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'))) = 1;
  END IF;
  -- "HH:MM", ascending (the engine's answer is): a loop of simple expressions, no query.
  FOREACH v_t IN ARRAY v_free LOOP
    slots := slots || (lpad((v_t / 60)::text, 2, '0') || ':' || lpad((v_t % 60)::text, 2, '0'));
  END LOOP;
END
$$;
