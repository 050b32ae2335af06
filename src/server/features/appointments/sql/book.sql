-- A booking, whole, in one call: the business and service, the party, the slot (read under the
-- business lock que_require_slot takes; restaurants refuse a guest's second table that day; for a
-- service business the exclusion constraint appointments_no_overlap is the arbiter, its 23P01 a 409
-- SLOT_TAKEN), the row, what the profile lacks (name, phone), and its effects
-- (que_booked_effects_of, from the rows read here). The booking policies in effect (que_policies)
-- refuse a start too soon or too far (before the slot check, which would only say "taken") and a
-- customer at their limit (under the business lock), except for the business's owner; the row keeps
-- them (booked_policies), so its cut-offs stay those it was booked under. Returns {appointment: que_appointment_view,
-- events: the live events}; the caller publishes the events after commit (que_publish).
CREATE OR REPLACE FUNCTION que_book_returning_events(p_user integer, p_business integer, p_service integer, p_date date, p_time text, p_party integer, p_notes text, p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text, p_dietary text, p_horizon integer, p_now timestamp with time zone, p_zone text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  b businesses;
  s record;
  v_restaurant boolean;
  v_party int := 1;
  v_max int;
  v_duration int;
  v_period record;
  v_ap appointments;
  v_events jsonb;
  v_service_policies jsonb;
  v_policies jsonb;
  v_zone text;
  v_owner boolean;
BEGIN
  SELECT * INTO b FROM businesses WHERE id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  v_restaurant := b.business_type = 'restaurant';
  IF p_service IS NOT NULL THEN
    SELECT id, business_id, name, duration, price_cents INTO s FROM services WHERE id = p_service AND deleted_at IS NULL;
    IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found'; END IF;
    IF s.business_id <> p_business THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'serviceId: that service is not offered by this business';
    END IF;
  ELSIF NOT v_restaurant THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'serviceId: please choose a service';
  ELSE
    -- A restaurant's table bookings use its table service (or its first one).
    SELECT id, business_id, name, duration, price_cents INTO s FROM services WHERE business_id = p_business AND deleted_at IS NULL
     ORDER BY (name = 'Table reservation') DESC, id LIMIT 1;
    IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB409', MESSAGE = 'This restaurant is not taking reservations'; END IF;
  END IF;
  IF v_restaurant THEN
    v_max := coalesce(b.max_party_size, 20);
    v_party := coalesce(p_party, 1);
    IF v_party < 1 OR v_party > v_max THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = format('Party size must be between 1 and %s', v_max);
    END IF;
  END IF;
  SELECT policies INTO v_service_policies FROM services WHERE id = s.id;
  v_policies := que_policies(b.business_type, b.policies, v_service_policies);
  v_zone := coalesce(p_zone, b.time_zone);
  v_owner := p_user = b.owner_id;
  IF NOT v_owner THEN
    PERFORM que_require_booking_time(v_policies, b.policies ? 'maxAdvanceDays' OR v_service_policies ? 'maxAdvanceDays', p_date, p_time, v_zone, p_now);
  END IF;
  PERFORM que_require_slot(p_business, p_date, p_time, s.id, v_party, NULL, p_horizon, p_now, v_restaurant, p_zone);
  -- Under the business's lock, just taken by que_require_slot.
  IF v_restaurant THEN PERFORM que_require_one_reservation(p_user, p_business, p_date, NULL); END IF;
  IF NOT v_owner THEN PERFORM que_require_customer_limit(p_user, p_business, (v_policies->>'maxActivePerCustomer')::int, v_zone, p_now); END IF;

  v_duration := CASE WHEN v_restaurant THEN coalesce(b.reservation_duration, s.duration) ELSE s.duration END;
  SELECT * INTO v_period FROM que_period(p_date, p_time, v_duration, coalesce(p_zone, b.time_zone));
  INSERT INTO appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
    notes, block_offers, customer_name, customer_email, customer_phone, seating_preference, occasion_type, dietary_restrictions, booked_policies)
  VALUES (p_business, s.id, p_user, v_period.starts_at, v_period.ends_at,
    v_duration, s.price_cents, 'confirmed', NOT v_restaurant, v_party, coalesce(p_notes, ''), coalesce(p_block_offers, false),
    p_customer_name, p_customer_email, p_customer_phone,
    CASE WHEN v_restaurant THEN nullif(p_seating, '') END, CASE WHEN v_restaurant THEN nullif(p_occasion, '') END,
    CASE WHEN v_restaurant THEN nullif(p_dietary, '') END, v_policies)
  RETURNING * INTO v_ap;
  -- A profile without a name or phone keeps the ones booked with, so the next booking is prefilled
  -- (issue 18). One already set changes only on the profile (PATCH /api/user): a table booked under a
  -- friend's name does not rename the account. Only an E.164 phone is kept (users_phone_e164_check):
  -- the booking never fails for its profile's sake.
  UPDATE users SET full_name = coalesce(full_name, nullif(p_customer_name, '')),
                   phone = coalesce(phone, CASE WHEN p_customer_phone ~ '^[+][1-9][0-9]{1,14}$' THEN p_customer_phone END)
   WHERE id = p_user AND (full_name IS NULL OR phone IS NULL);
  v_events := que_booked_effects_of(v_ap, p_user, s.name, b, true);
  RETURN jsonb_build_object('appointment', que_appointment_view(v_ap.id), 'events', v_events);
END
$$;
