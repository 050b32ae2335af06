-- Faster available slots (issue 10: GET /available-slots p99 <= 2 ms at 100,000 appointments;
-- docs/decisions/0014-one-call-hot-paths.md, "Profile of the slot list"). Same signatures, same
-- answers and errors as migration 0010's functions; what changes is how many queries and PL/pgSQL
-- calls a list starts. Measured per call (PL/pgSQL loops on the benchmark's data): each query a
-- function starts cost 8-47 us (the business read 47, the booked periods 36, the service 8), a
-- restaurant's candidate starts (a query) about 100 us, the que_day_slots wrapper (a query around
-- que_day_slots_within) 27 us; the engine's loops 28 us, que_closed_day 2 us a call.
--  * que_day_slots_within reads the business, the blocked day, the weekday's hours or time slots,
--    the service and the booked periods in ONE query. The booked periods are read over the day's
--    whole span (a service: opening to closing + 3 hours; a restaurant: first slot start to last
--    slot end + reservation + 3 hours), a superset of the candidates' span read before: the engine
--    only counts periods that overlap a candidate, so the answer is the same.
--  * que_closed_day is a LANGUAGE sql expression, which the planner inlines where it is called.
--  * que_candidate_starts builds a restaurant's starts with loops when they come out ascending and
--    distinct (one time slot, or slots in order that do not overlap), as a service's already are;
--    any other input still goes through the query (sorted, deduplicated), so the rule is unchanged.
--  * GET /available-slots calls que_day_slots_within directly (p_only NULL); que_day_slots stays for
--    the earliest functions and tests, the same answer.
-- Checked against migration 0010's functions (kept in a scratch schema) on the benchmark's data and
-- random engine inputs: see decision 0014.
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
