-- Step 4 of que_day_slots_within for a service: which starts are free, and for whom. p_day is
-- que_slot_day's answer, p_ranges que_member_ranges', p_busy que_members_busy'. One pass over every
-- member's working ranges and their grid of starts, each start checked against that member's
-- bookings alone (the overlap constraint is per member) by the rule for a service start,
-- que_start_blocked, inline: no call per range. Starts already past (today) or inside the minimum
-- notice (on a day whose wall clock runs evenly a later local start is a later instant, so the cut is
-- a first minute) are not offered. With p_pairs (who is free at each start, or a booking's one start)
-- every free (start, member) pair comes out, in the owner's order: pair_t, pair_m (the member), pair_o
-- (their ordinal). Without, a plain list needs one free member per start, so a start already found
-- free is not checked again and `list` holds each start once (`sorted` false when a later range
-- gave an earlier start). On a day the clocks change each range goes through que_free_on_change_day
-- (the notice is then cut by instants, in que_day_slots_within).
CREATE OR REPLACE FUNCTION que_member_free_starts(p_day record, p_ranges record, p_busy record, p_date date, p_only integer, p_pairs boolean, OUT pair_t integer[], OUT pair_m integer[], OUT pair_o integer[], OUT list integer[], OUT sorted boolean)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_duration int := p_day.duration;
  v_step int := p_day.step;
  v_before int := p_day.buffer_before;
  v_after int := p_day.buffer_after;
  v_min int := p_ranges.first_start;
  v_member int[] := p_ranges.member_ids;
  v_b_start int[] := p_busy.b_start;
  v_b_end int[] := p_busy.b_end;
  v_lo int[] := p_busy.m_lo;
  v_hi int[] := p_busy.m_hi;
  v_taken boolean[];
  v_first int;
  v_free int[];
  v_t int;
  v_end int;
  v_ok boolean;
  m int;
  r int;
  i int;
BEGIN
  pair_t := '{}';
  pair_m := '{}';
  pair_o := '{}';
  list := '{}';
  sorted := true;
  v_first := CASE WHEN p_date = p_day.today THEN p_day.now_minutes + 1 ELSE 0 END;
  IF p_day.cut IS NOT NULL AND NOT p_day.change_day THEN
    v_first := greatest(v_first, ceil(extract(epoch FROM (p_day.cut AT TIME ZONE p_day.zone) - p_day.day_start) / 60)::int);
  END IF;
  IF NOT p_pairs THEN v_taken := array_fill(false, ARRAY[p_ranges.last_start - v_min + 1]); END IF;
  FOR r IN 1 .. cardinality(p_ranges.range_member) LOOP
    m := p_ranges.range_member[r];
    IF p_day.change_day THEN
      v_free := que_service_starts(p_ranges.range_open[r], p_ranges.range_close[r], v_duration, v_step);
      IF p_only IS NOT NULL THEN v_free := CASE WHEN p_only = ANY (v_free) THEN ARRAY[p_only] ELSE '{}' END; END IF;
      CONTINUE WHEN cardinality(v_free) = 0;
      v_free := que_free_on_change_day('service', p_date, p_day.today, p_day.now_minutes, p_day.blocked, p_day.horizon, v_free, v_duration,
        p_ranges.range_close[r], 0, 1, v_b_start[v_lo[m]:v_hi[m]], v_b_end[v_lo[m]:v_hi[m]], '{}', v_before, v_after, p_day.zone, p_day.now_at);
    ELSE
      -- the range's grid (que_service_starts), or only p_only when it is on it
      v_t := p_ranges.range_open[r];
      v_end := p_ranges.range_close[r] - v_duration;
      IF p_only IS NOT NULL THEN
        IF p_only >= v_t AND p_only <= v_end AND (p_only - v_t) % v_step = 0 THEN v_t := p_only; v_end := p_only; ELSE CONTINUE; END IF;
      END IF;
      v_free := '{}';
      WHILE v_t <= v_end LOOP
        IF v_t >= v_first AND (p_pairs OR NOT v_taken[v_t - v_min + 1]) THEN
          v_ok := true;
          FOR i IN v_lo[m] .. v_hi[m] LOOP
            IF que_start_blocked(v_b_start[i], v_b_end[i], v_t, v_duration, v_before, v_after) THEN v_ok := false; EXIT; END IF;
          END LOOP;
          IF v_ok THEN v_free := v_free || v_t; END IF;
        END IF;
        v_t := v_t + v_step;
      END LOOP;
    END IF;
    FOREACH v_t IN ARRAY v_free LOOP
      IF p_pairs THEN
        pair_t := pair_t || v_t;
        pair_m := pair_m || v_member[m];
        pair_o := pair_o || m;
      ELSIF NOT v_taken[v_t - v_min + 1] THEN
        v_taken[v_t - v_min + 1] := true;
        IF v_t < list[cardinality(list)] THEN sorted := false; END IF;
        list := list || v_t;
      END IF;
    END LOOP;
  END LOOP;
END
$$;
