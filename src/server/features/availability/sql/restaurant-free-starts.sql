-- Step 2 of que_day_slots_within for a restaurant: its free starts on an open day, ascending, in
-- minutes after midnight. p_day is que_slot_day's answer. The candidates are the day's time slots
-- (p_only: that start alone, when it is one of them); the seats in use come from the bookings that
-- can touch a candidate (p_with_booked: one indexed range read, the GiST index of the overlap
-- constraint with its very predicate; those that hold seats are `occupies`), and the slot engine
-- keeps the starts where the party fits. On a day the clocks change (DESIGN section 4) a local time
-- the clocks skip is neither offered nor bookable, "past" is decided by instants and a visit lasts
-- its real minutes (que_free_on_change_day). The minimum notice's cut, when set, leaves out the
-- starts too soon.
CREATE OR REPLACE FUNCTION que_restaurant_free_starts(p_day record, p_business integer, p_date date, p_exclude integer[], p_only integer, p_with_booked boolean)
 RETURNS integer[]
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_ts_start int[];
  v_ts_end int[];
  v_ts_interval int[];
  v_starts int[];
  v_b_start int[];
  v_b_end int[];
  v_b_party int[];
  v_free int[];
BEGIN
  SELECT array_agg(extract(epoch FROM rt.start_time)::int / 60), array_agg(extract(epoch FROM rt.end_time)::int / 60), array_agg(rt.interval_minutes::int)
    INTO v_ts_start, v_ts_end, v_ts_interval
    FROM restaurant_time_slots rt WHERE rt.business_id = p_business AND rt.day_of_week = extract(dow FROM p_date)::int AND rt.is_active;
  v_starts := que_candidate_starts('restaurant', NULL, NULL, p_day.duration, v_ts_start, v_ts_end, v_ts_interval);
  IF p_only IS NOT NULL THEN v_starts := CASE WHEN p_only = ANY (v_starts) THEN ARRAY[p_only] ELSE '{}' END; END IF;
  IF cardinality(v_starts) = 0 THEN RETURN '{}'; END IF;
  IF p_with_booked THEN
    SELECT array_agg(floor(extract(epoch FROM a.blocked_starts_at - p_day.day_start) / 60)::int),
           array_agg(floor(extract(epoch FROM a.blocked_ends_at - p_day.day_start) / 60)::int), array_agg(a.party_size)
      INTO v_b_start, v_b_end, v_b_party
      FROM appointments a
     WHERE a.business_id = p_business AND a.occupies
       AND tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(p_day.day_start + v_starts[1] * interval '1 minute',
             p_day.day_start + (v_starts[cardinality(v_starts)] + p_day.duration + CASE WHEN p_day.change_day THEN 180 ELSE 0 END) * interval '1 minute', '[)')
       AND (p_exclude IS NULL OR a.id <> ALL (p_exclude));
  END IF;
  IF p_day.change_day THEN
    v_free := que_free_on_change_day('restaurant', p_date, p_day.today, p_day.now_minutes, p_day.blocked, p_day.horizon, v_starts, p_day.duration, NULL,
      p_day.capacity, p_day.party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'), 0, 0, p_day.zone, p_day.now_at);
  ELSE
    v_free := que_slot_engine('restaurant', p_date, p_day.today, p_day.now_minutes, p_day.blocked, p_day.horizon, v_starts, p_day.duration,
      p_day.capacity, p_day.party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'), 0, 0);
  END IF;
  IF p_day.cut IS NOT NULL AND cardinality(v_free) > 0 THEN
    SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO v_free FROM unnest(v_free) t
     WHERE que_instant(p_day.day_start + t * interval '1 minute', p_day.zone) >= p_day.cut;
  END IF;
  RETURN v_free;
END
$$;
