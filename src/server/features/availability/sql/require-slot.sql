-- Refuses a time that is not bookable: past a restaurant's horizon is a validation error, anything
-- else a taken slot. Every writer of a business's times (book, reschedule, swap, hand-over) takes
-- turns on the business row here and reads the bookings under that lock. A restaurant's seats are a
-- sum over rows, so it needs the lock to count; a service business has the exclusion constraint
-- appointments_no_overlap as the arbiter, but without the turn-taking 50 parallel inserts of one
-- slot each wait inside the constraint on another's uncommitted row, and PostgreSQL untangles those
-- deadlocks one per deadlock_timeout (seen: over 30 s for one slot). Under the lock the loser reads
-- the winner's committed row and is refused at once. Only the asked time is checked (an "HH:MM"
-- one; anything else is never in the list, as before). Staff (DESIGN section 9): returns who of
-- the service's members (p_staff: only that one) is free then, in the owner's order; a member
-- asked for and taken is refused by name. Empty for a restaurant.
CREATE OR REPLACE FUNCTION que_require_slot(p_business integer, p_date date, p_time text, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, p_staff integer)
 RETURNS integer[]
 LANGUAGE plpgsql
AS $$
DECLARE
  d record;
  v_restaurant boolean;
  v_zone text;
  v_only int := CASE WHEN p_time ~ '^[0-9]{2}:[0-9]{2}$' THEN split_part(p_time, ':', 1)::int * 60 + split_part(p_time, ':', 2)::int END;
BEGIN
  SELECT business_type = 'restaurant' INTO v_restaurant FROM businesses WHERE id = p_business FOR NO KEY UPDATE;
  SELECT * INTO d FROM que_day_slots_within(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_with_booked OR coalesce(v_restaurant, false), p_zone, v_only, p_staff, true);
  IF d.closed = 'beyond_horizon' THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400',
      MESSAGE = format('Reservations can be made at most %s days ahead. Please choose an earlier date.', p_horizon);
  END IF;
  IF NOT (p_time = ANY (d.slots)) THEN
    -- A time the clocks skip that day was never free: say so rather than that someone took it.
    SELECT coalesce(p_zone, time_zone) INTO v_zone FROM businesses WHERE id = p_business;
    IF que_instant(p_date + (split_part(p_time, ':', 1)::int * 60 + split_part(p_time, ':', 2)::int) * interval '1 minute', v_zone) IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = que_missing_time_message(p_date, p_time, v_zone);
    END IF;
    IF p_staff IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'QBSLT', MESSAGE = format('%s is not free at that time', (SELECT name FROM staff_members WHERE id = p_staff));
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'QBSLT', MESSAGE = 'That time slot is no longer available';
  END IF;
  -- The JSON list '[3, 7]' as the array '{3,7}', without a query.
  RETURN coalesce(translate((d.slot_staff->0)::text, '[]', '{}')::int[], '{}');
END
$$;
