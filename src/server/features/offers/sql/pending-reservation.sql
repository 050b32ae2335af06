-- A restaurant offer's sender wants a table at a time that is full: their reservation is stored
-- with status 'pending', which holds no seats and is not shown to the restaurant.
CREATE OR REPLACE FUNCTION que_pending_reservation(p_user integer, p_business integer, p_wanted jsonb, p_zone text)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  b record;
  s record;
  u record;
  v_party int := (p_wanted->>'partySize')::int;
  v_max int;
  v_duration int;
  v_period record;
  v_id int;
BEGIN
  SELECT id, business_type, reservation_duration, max_party_size, time_zone INTO b FROM businesses WHERE id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  IF b.business_type <> 'restaurant' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'temporaryReservation is only for restaurants'; END IF;
  v_max := coalesce(b.max_party_size, 20);
  IF v_party > v_max THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = format('Party size must be between 1 and %s', v_max); END IF;
  -- The table service, as que_book picks it.
  SELECT id, duration, price_cents INTO s FROM services WHERE business_id = p_business AND deleted_at IS NULL
   ORDER BY (name = 'Table reservation') DESC, id LIMIT 1;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB409', MESSAGE = 'This restaurant is not taking reservations'; END IF;
  SELECT username, email INTO u FROM users WHERE id = p_user;
  v_duration := coalesce(b.reservation_duration, s.duration);
  SELECT * INTO v_period FROM que_period((p_wanted->>'date')::date, p_wanted->>'time', v_duration, coalesce(p_zone, b.time_zone));
  INSERT INTO appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
    notes, block_offers, customer_name, customer_email, customer_phone, seating_preference, occasion_type, dietary_restrictions)
  VALUES (p_business, s.id, p_user, v_period.starts_at, v_period.ends_at, v_duration, s.price_cents, 'pending', false, v_party, '', false,
    coalesce(nullif(p_wanted->>'customerName', ''), u.username), coalesce(nullif(p_wanted->>'customerEmail', ''), u.email),
    coalesce(nullif(p_wanted->>'customerPhone', ''), ''), nullif(p_wanted->>'seatingPreference', ''), nullif(p_wanted->>'occasionType', ''),
    nullif(p_wanted->>'dietaryRestrictions', ''))
  RETURNING id INTO v_id;
  RETURN v_id;
END
$$;
