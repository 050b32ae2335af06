-- The days of a range on which a business has at least one bookable start for the service (a
-- restaurant: for the party; p_staff: with that member), by the very rules of the slot list
-- (que_day_slots_within for each day, in this one statement): the booking calendar greys out the
-- others and jumps to the next of these (GET /businesses/:id/open-days, issue 27). A closed day
-- (past, blocked, beyond the window) costs only its check; the range is at most a month.
CREATE OR REPLACE FUNCTION que_open_days(p_business integer, p_from date, p_to date, p_service integer, p_party integer, p_staff integer, p_horizon integer, p_now timestamp with time zone, p_zone text)
 RETURNS date[]
 LANGUAGE sql
 STABLE
AS $$
  SELECT coalesce(array_agg(d.day ORDER BY d.day), '{}')
    FROM (SELECT g::date AS day FROM generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') g) d
   WHERE cardinality((que_day_slots_within(p_business, d.day, p_service, p_party, NULL, p_horizon, p_now, true, p_zone, NULL, p_staff, false)).slots) > 0
$$;
