-- Capacity a business opened without a cancel (change 'capacity_opened', decision 0033's follow-up:
-- a day unblocked, weekly hours widened, a staff member added or back, a member's hours changed,
-- time off removed): each day from today (the business's zone) that has waiting entries in the
-- change's scope (its dates, its from..to range, its weekdays; none of these: every day) is offered
-- as a freed whole day (que_waitlist_offer_freed): its waiting entries, oldest first, are each held the
-- first free start in their window, as availability answers now. An entry whose window opened nothing
-- keeps waiting. Returns how many entries were offered a hold.
CREATE OR REPLACE FUNCTION que_waitlist_offer_opened(c changes, p_horizon integer, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  v_today date;
  v_day date;
  v_count int := 0;
BEGIN
  SELECT (p_now AT TIME ZONE time_zone)::date INTO v_today FROM businesses WHERE id = c.business_id;
  IF NOT FOUND THEN RETURN 0; END IF;
  FOR v_day IN
    SELECT DISTINCT w.date FROM waitlist_entries w
     WHERE w.business_id = c.business_id AND w.status = 'waiting' AND w.date >= v_today
       AND (NOT c.data ? 'dates' OR w.date::text IN (SELECT jsonb_array_elements_text(c.data->'dates')))
       AND (NOT c.data ? 'from' OR w.date BETWEEN (c.data->>'from')::date AND (c.data->>'to')::date)
       AND (NOT c.data ? 'weekdays' OR extract(dow FROM w.date)::int IN (SELECT jsonb_array_elements_text(c.data->'weekdays')::int))
     ORDER BY w.date
  LOOP
    v_count := v_count + que_waitlist_offer_freed(c.business_id, v_day, '00:00', '24:00', NULL, p_horizon, p_now);
  END LOOP;
  RETURN v_count;
END
$$;
