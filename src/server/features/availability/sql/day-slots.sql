-- The slot rules of que_day_slots, once: a business's bookable starts on a day ("HH:MM", ascending),
-- or `closed`, why the whole day has none. p_only (minutes after midnight), when set, answers for that
-- start time alone: slots is {that time} when it is bookable, else empty. Booking policies (DESIGN
-- section 9): the days ahead, the minimum notice (a list only), the slot interval; buffers: a service
-- start is free when its blocked period (start − buffer before, end + buffer after) overlaps no
-- booked appointment's blocked period (the period the overlap constraint covers), so what is offered
-- is what the constraint accepts; the visit keeps to the opening hours, its buffers may reach past
-- them. Staff: a service start is offered when at least one member who gives the service and works
-- then (p_staff: only that member) is free for the whole visit, within the working range it starts
-- in. slot_staff, beside slots, lists for each start who is free then, in the owner's order (null for
-- a restaurant, which has no staff), only when asked (p_with_staff: a slot list does not need it).
-- p_with_booked false reads no bookings (an "anyone" booking's check: the constraint is the arbiter).
-- The steps, one function each (availability/sql), in the order they run:
--   1. que_slot_day            the day: business, service, policies, clock; closed or open   (slot-day.sql)
--   2. que_restaurant_free_starts   a restaurant's free starts: time slots and seats   (restaurant-free-starts.sql)
--      or que_member_ranges    who works, their ranges, the span of candidate starts        (member-ranges.sql)
--   3. que_members_busy        those members' bookings, one run per member                   (members-busy.sql)
--   4. que_member_free_starts  the free starts, with who is free at each                     (member-free-starts.sql)
--   5. here: the answer, "HH:MM" ascending, with slot_staff when asked.
CREATE OR REPLACE FUNCTION que_day_slots_within(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, p_only integer, p_staff integer, p_with_staff boolean, OUT closed text, OUT slots text[], OUT slot_staff jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  d record;
  w record;
  busy record;
  free record;
  v_t int;
BEGIN
  slots := '{}';
  slot_staff := NULL;
  d := que_slot_day(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_zone, p_only);
  closed := d.closed;
  IF closed IS NOT NULL THEN RETURN; END IF;
  IF d.kind = 'restaurant' THEN
    -- "HH:MM", ascending (the step's answer is): a loop of simple expressions, no query.
    FOREACH v_t IN ARRAY que_restaurant_free_starts(d, p_business, p_date, p_exclude, p_only, p_with_booked) LOOP
      slots := slots || (lpad((v_t / 60)::text, 2, '0') || ':' || lpad((v_t % 60)::text, 2, '0'));
    END LOOP;
    RETURN;
  END IF;
  IF d.service_id IS NULL OR d.duration <= 0 THEN RETURN; END IF;
  w := que_member_ranges(p_business, d.service_id, p_date, p_staff, d.duration, d.step, p_only);
  IF w.first_start IS NULL THEN RETURN; END IF;
  busy := que_members_busy(d, w, p_business, p_exclude, p_with_booked);
  free := que_member_free_starts(d, w, busy, p_date, p_only, p_with_staff OR p_only IS NOT NULL);
  IF p_only IS NOT NULL THEN
    -- One start asked about (a booking's check): the pairs are that start's, already in the owner's order.
    IF cardinality(free.pair_t) = 0 THEN RETURN; END IF;
    slots := ARRAY[lpad((p_only / 60)::text, 2, '0') || ':' || lpad((p_only % 60)::text, 2, '0')];
    IF p_with_staff THEN slot_staff := jsonb_build_array(to_jsonb(free.pair_m)); END IF;
    RETURN;
  END IF;
  IF p_with_staff THEN
    -- Each start once, ascending, with who is free then in the owner's order; on a day the clocks
    -- change the minimum notice leaves out starts too soon by instants.
    IF cardinality(free.pair_t) = 0 THEN RETURN; END IF;
    SELECT coalesce(array_agg(lpad((g.t / 60)::text, 2, '0') || ':' || lpad((g.t % 60)::text, 2, '0') ORDER BY g.t), '{}'), jsonb_agg(g.ids ORDER BY g.t)
      INTO slots, slot_staff
      FROM (SELECT x.t, jsonb_agg(x.m ORDER BY x.o) AS ids FROM unnest(free.pair_t, free.pair_m, free.pair_o) x(t, m, o) GROUP BY x.t) g
     WHERE d.cut IS NULL OR NOT d.change_day OR que_instant(d.day_start + g.t * interval '1 minute', d.zone) >= d.cut;
    RETURN;
  END IF;
  IF NOT free.sorted OR (d.cut IS NOT NULL AND d.change_day) THEN
    SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO free.list FROM unnest(free.list) t
     WHERE d.cut IS NULL OR NOT d.change_day OR que_instant(d.day_start + t * interval '1 minute', d.zone) >= d.cut;
  END IF;
  -- "HH:MM", ascending: a loop of simple expressions, no query.
  FOREACH v_t IN ARRAY free.list LOOP
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
