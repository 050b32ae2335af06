-- Why nothing at all can be booked on a day (null when it is open). p_horizon: how many days after
-- today the business takes bookings (a service business's window, serviceBookingWindowDays of
-- src/contract/rules.ts, or a restaurant's horizon; que_day_slots_within picks it by kind). One SQL
-- expression, which the planner inlines.
CREATE OR REPLACE FUNCTION que_closed_day(p_kind text, p_date date, p_today date, p_blocked boolean, p_horizon integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $$
  SELECT CASE
    WHEN p_date < p_today THEN 'past'
    WHEN p_blocked THEN 'blocked'
    WHEN p_date > p_today + p_horizon THEN CASE WHEN p_kind = 'service' THEN 'beyond_window' ELSE 'beyond_horizon' END
  END
$$;

-- Candidate start minutes of a day, ascending and distinct, before bookings are considered: a
-- service every min(30, duration) minutes inside the opening hours, a restaurant on its time slots.
-- The loops give the same list as the query whenever they apply: a series with a positive step
-- ascends, and series that follow one another without overlapping are already in order and
-- distinct; anything else is left to the query.
CREATE OR REPLACE FUNCTION que_candidate_starts(p_kind text, p_open integer, p_close integer, p_duration integer, p_ts_start integer[], p_ts_end integer[], p_ts_interval integer[])
 RETURNS integer[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $$
DECLARE
  v_starts int[] := '{}';
  v_t int := p_open;
  v_n int;
  v_last int;
  i int;
BEGIN
  IF p_kind = 'service' AND p_duration > 0 AND p_open IS NOT NULL AND p_close IS NOT NULL THEN
    RETURN que_service_starts(p_open, p_close, p_duration, least(30, p_duration));
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

-- A service's candidate starts every p_step minutes from opening while the visit ends by closing:
-- the default step is min(30, duration) (que_candidate_starts), or the slotIntervalMinutes policy
-- the service or business set (que_day_slots_within). Ascending and distinct.
CREATE OR REPLACE FUNCTION que_service_starts(p_open integer, p_close integer, p_duration integer, p_step integer)
 RETURNS integer[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $$
DECLARE
  v_starts int[] := '{}';
  v_t int := p_open;
BEGIN
  IF p_step IS NULL OR p_step <= 0 OR p_open IS NULL OR p_close IS NULL THEN RETURN v_starts; END IF;
  WHILE v_t <= p_close - p_duration LOOP
    v_starts := v_starts || v_t;
    v_t := v_t + p_step;
  END LOOP;
  RETURN v_starts;
END
$$;

-- The rule for a service start, once: a booked period (an appointment's blocked period, its visit
-- and its buffers, in minutes from the day's midnight) blocks a start when it overlaps the start's
-- own blocked period, start − p_before to start + duration + p_after (DESIGN section 9). One SQL
-- expression, which the planner inlines into the PL/pgSQL conditions that use it (que_slot_engine,
-- que_day_slots_within's pass over a day's members).
CREATE OR REPLACE FUNCTION que_start_blocked(p_b_start integer, p_b_end integer, p_start integer, p_duration integer, p_before integer, p_after integer)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $$
  SELECT p_b_start < p_start + p_duration + p_after AND p_b_end > p_start - p_before
$$;

-- The slot engine, pure: of the candidate starts, those bookable on p_date. A service start is free
-- when no booked period (an appointment's blocked period: its visit and its buffers) overlaps the
-- candidate's blocked period, start − p_before to start + duration + p_after (the service's buffers,
-- DESIGN section 9); a restaurant start when the seats in use at the fullest moment
-- of the visit plus the party fit the capacity (occupancy only rises where a booking starts).
-- Booked periods are minutes from p_date's midnight. Its property tests: availability/slot-engine.test.ts.
-- Loops over arrays (no queries), with a short path for a day with nothing booked.
CREATE OR REPLACE FUNCTION que_slot_engine(p_kind text, p_date date, p_today date, p_now_minutes integer, p_blocked boolean, p_horizon integer, p_starts integer[], p_duration integer, p_capacity integer, p_party integer, p_b_start integer[], p_b_end integer[], p_b_party integer[], p_before integer, p_after integer)
 RETURNS integer[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $$
DECLARE
  v_free int[] := '{}';
  v_from int := CASE WHEN p_date = p_today THEN p_now_minutes + 1 ELSE 0 END;
  v_before int := coalesce(p_before, 0);
  v_after int := coalesce(p_after, 0);
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
        IF que_start_blocked(p_b_start[i], p_b_end[i], t, p_duration, v_before, v_after) THEN v_ok := false; EXIT; END IF;
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

-- The slot engine on a day the clocks change (DESIGN section 4): a local time the clocks skip never
-- happens, so it is neither offered nor bookable; "past" is decided by instants (after a fall-back
-- the clock reads 01:xx again, but 01:30 means the first 01:30, already gone); and a visit lasts
-- its real minutes, so its wall-clock end moves with the clocks: each candidate start is checked
-- where it really ends (later than start + duration after a spring-forward, earlier after a
-- fall-back; a service visit must still end by p_close, the end of the working range it starts in).
CREATE OR REPLACE FUNCTION que_free_on_change_day(p_kind text, p_date date, p_today date, p_now_minutes integer, p_blocked boolean, p_horizon integer, p_starts integer[], p_duration integer, p_close integer, p_capacity integer, p_party integer, p_b_start integer[], p_b_end integer[], p_b_party integer[], p_before integer, p_after integer, p_zone text, p_now timestamp with time zone)
 RETURNS integer[]
 LANGUAGE sql
 STABLE
AS $$
  SELECT coalesce(array_agg(t ORDER BY t), '{}')
    FROM unnest(p_starts) t,
         LATERAL (SELECT que_instant(p_date::timestamp + t * interval '1 minute', p_zone) AS at) i,
         LATERAL (SELECT floor(extract(epoch FROM que_wall_clock_at_or_after(i.at + p_duration * interval '1 minute', p_zone) - p_date::timestamp) / 60)::int AS e) r
   WHERE i.at IS NOT NULL AND i.at > p_now
     AND (p_kind = 'restaurant' OR r.e <= p_close)
     AND cardinality(que_slot_engine(p_kind, p_date, p_today, p_now_minutes, p_blocked, p_horizon, ARRAY[t], r.e - t, p_capacity, p_party,
           p_b_start, p_b_end, p_b_party, p_before, p_after)) = 1
$$;
