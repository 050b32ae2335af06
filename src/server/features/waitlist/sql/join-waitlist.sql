-- A customer joins the waitlist of a business for a date, between p_from and p_to (wall clock, the
-- business's zone; p_to exclusive): one active (waiting or offered) entry per customer, business and
-- date (waitlist_entries_one_active_key, the arbiter: 409). Refused with the reason: an unknown
-- business or service (404), a service, member or party the business does not take, a window that
-- is not one or has passed, a date beyond what the business books (400), the business's own owner,
-- and a window with a free start now (409: book it instead). Returns the entry's id.
CREATE OR REPLACE FUNCTION que_waitlist_join(p_user integer, p_business integer, p_service integer, p_date date, p_from text, p_to text, p_staff integer, p_party integer, p_horizon integer, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  b businesses;
  v_service_business int;
  v_today date;
  v_now_time text;
  d record;
  v_free text;
  v_id int;
BEGIN
  SELECT * INTO b FROM businesses WHERE id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  SELECT business_id INTO v_service_business FROM services WHERE id = p_service AND deleted_at IS NULL;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found'; END IF;
  IF v_service_business <> p_business THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'serviceId: that service is not offered by this business';
  END IF;
  IF p_user = b.owner_id THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'You cannot join the waitlist of your own business';
  END IF;
  IF p_staff IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staff_members WHERE id = p_staff AND business_id = p_business AND active) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'staffId: no such staff member works at this business';
  END IF;
  IF b.business_type = 'restaurant' AND coalesce(p_party, 1) > coalesce(b.max_party_size, 20) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = format('partySize: this restaurant seats parties of at most %s', coalesce(b.max_party_size, 20));
  END IF;
  IF p_to <= p_from THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'toTime: the window must end after it starts (fromTime)';
  END IF;
  v_today := (p_now AT TIME ZONE b.time_zone)::date;
  v_now_time := to_char(p_now AT TIME ZONE b.time_zone, 'HH24:MI');
  IF p_date < v_today OR (p_date = v_today AND p_to <= v_now_time) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'date: that window has already passed';
  END IF;
  SELECT * INTO d FROM que_day_slots_within(p_business, p_date, p_service, coalesce(p_party, 1), NULL, p_horizon, p_now, true, NULL, NULL, p_staff, false);
  IF d.closed IN ('beyond_horizon', 'beyond_window') THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'date: this business does not take bookings that far ahead';
  END IF;
  SELECT t INTO v_free FROM unnest(d.slots) t WHERE t >= p_from AND t < p_to ORDER BY t LIMIT 1;
  IF v_free IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('%s is free on that day now: book it instead of waiting', v_free);
  END IF;
  BEGIN
    INSERT INTO waitlist_entries (customer_id, business_id, service_id, staff_id, party_size, date, from_time, to_time)
    VALUES (p_user, p_business, p_service, p_staff, coalesce(p_party, 1), p_date, p_from, p_to)
    RETURNING id INTO v_id;
  EXCEPTION WHEN unique_violation THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('You are already on the waitlist of %s for %s: leave that entry first to change it', b.business_name, p_date);
  END;
  RETURN v_id;
END
$$;
