-- A booking, whole, in one call: the business and service, the party, the slot (read under the
-- business lock que_require_slot takes; restaurants refuse a guest's second table that day; for a
-- service business the exclusion constraint appointments_no_overlap is the arbiter, its 23P01 a 409
-- SLOT_TAKEN), the row, what the profile lacks (name, phone), and its effects
-- (que_booked_effects_of, from the rows read here). The booking policies in effect (que_policies)
-- refuse a start too soon or too far (before the slot check, which would only say "taken") and a
-- customer at their limit (under the business lock), except for the business's owner; the row keeps
-- them (booked_policies), so its cut-offs stay those it was booked under. Staff (DESIGN section 9):
-- p_staff books that member (refused by name when taken); without it the member is picked among
-- those free then (que_pick_order: fewest that day, booked least recently, the owner's order) and
-- tried one by one, the per-member overlap constraint the arbiter (the slot check of an "anyone"
-- booking does not read bookings: the constraint refuses a taken member); none left is SLOT_TAKEN.
-- A member asked for is checked against their bookings under the lock, so is refused by name there. Returns {appointment: que_appointment_view,
-- events: the live events}; the caller publishes the events after commit (que_publish).
CREATE OR REPLACE FUNCTION que_book_returning_events(p_user integer, p_business integer, p_service integer, p_date date, p_time text, p_party integer, p_notes text, p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text, p_dietary text, p_horizon integer, p_now timestamp with time zone, p_zone text, p_staff integer)
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
  v_free int[];
  v_order int[];
  v_staff int;
  i int;
BEGIN
  SELECT * INTO b FROM businesses WHERE id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  v_restaurant := b.business_type = 'restaurant';
  IF p_service IS NOT NULL THEN
    SELECT id, business_id, name, duration, price_cents, policies INTO s FROM services WHERE id = p_service AND deleted_at IS NULL;
    IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found'; END IF;
    IF s.business_id <> p_business THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'serviceId: that service is not offered by this business';
    END IF;
  ELSIF NOT v_restaurant THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'serviceId: please choose a service';
  ELSE
    -- A restaurant's table bookings use its table service (or its first one).
    SELECT id, business_id, name, duration, price_cents, policies INTO s FROM services WHERE business_id = p_business AND deleted_at IS NULL
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
  IF p_staff IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staff_members WHERE id = p_staff AND business_id = p_business AND active) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'staffId: no such staff member works at this business';
  END IF;
  v_service_policies := s.policies;
  v_policies := que_policies(b.business_type, b.policies, v_service_policies);
  v_zone := coalesce(p_zone, b.time_zone);
  v_owner := p_user = b.owner_id;
  IF NOT v_owner THEN
    PERFORM que_require_booking_time(v_policies, b.policies ? 'maxAdvanceDays' OR v_service_policies ? 'maxAdvanceDays', p_date, p_time, v_zone, p_now);
  END IF;
  -- A member asked for is checked against their bookings here, under the lock, so one taken is
  -- refused by name (the constraint's 23P01 could only say the time is taken).
  v_free := que_require_slot(p_business, p_date, p_time, s.id, v_party, NULL, p_horizon, p_now, v_restaurant OR p_staff IS NOT NULL, p_zone, p_staff);
  -- Under the business's lock, just taken by que_require_slot.
  IF v_restaurant THEN PERFORM que_require_one_reservation(p_user, p_business, p_date, NULL); END IF;
  IF NOT v_owner THEN PERFORM que_require_customer_limit(p_user, p_business, (v_policies->>'maxActivePerCustomer')::int, v_zone, p_now); END IF;

  v_duration := CASE WHEN v_restaurant THEN coalesce(b.reservation_duration, s.duration) ELSE s.duration END;
  SELECT * INTO v_period FROM que_period(p_date, p_time, v_duration, coalesce(p_zone, b.time_zone));
  -- Who serves it: the member asked for, else each free member in pick order until one takes it.
  v_order := CASE WHEN v_restaurant THEN ARRAY[NULL::int] WHEN p_staff IS NOT NULL THEN ARRAY[p_staff]
                  WHEN cardinality(v_free) > 1 THEN que_pick_order(v_free, p_date) ELSE v_free END;
  FOR i IN 1 .. cardinality(v_order) LOOP
    v_staff := v_order[i];
    IF i = cardinality(v_order) THEN
      -- The last one (the only one, most often) without a subtransaction: its 23P01 is SLOT_TAKEN.
      v_ap := que_insert_booking(p_business, s.id, p_user, v_period.starts_at, v_period.ends_at, v_duration, s.price_cents, v_restaurant, v_party, p_notes, p_block_offers,
        p_customer_name, p_customer_email, p_customer_phone, p_seating, p_occasion, p_dietary, v_policies, v_staff, p_staff IS NOT NULL);
      EXIT;
    END IF;
    BEGIN
      v_ap := que_insert_booking(p_business, s.id, p_user, v_period.starts_at, v_period.ends_at, v_duration, s.price_cents, v_restaurant, v_party, p_notes, p_block_offers,
        p_customer_name, p_customer_email, p_customer_phone, p_seating, p_occasion, p_dietary, v_policies, v_staff, p_staff IS NOT NULL);
      EXIT;
    EXCEPTION WHEN exclusion_violation THEN
      CONTINUE;
    END;
  END LOOP;
  -- For the pick's "booked least recently": only where there is someone else to pick (a one-member
  -- shop, most of them, writes nothing more).
  IF v_staff IS NOT NULL THEN
    UPDATE staff_members SET last_booked_at = now()
     WHERE id = v_staff AND EXISTS (SELECT 1 FROM staff_members o WHERE o.business_id = p_business AND o.id <> v_staff AND o.active);
  END IF;
  -- A profile without a name or phone keeps the ones booked with, so the next booking is prefilled
  -- (issue 18). One already set changes only on the profile (PATCH /api/user): a table booked under a
  -- friend's name does not rename the account. Only an E.164 phone is kept (users_phone_e164_check):
  -- the booking never fails for its profile's sake.
  -- Only when it fills something in: a profile that keeps lacking what no booking gives (an invalid
  -- phone) is not rewritten at every booking.
  UPDATE users SET full_name = coalesce(full_name, nullif(p_customer_name, '')),
                   phone = coalesce(phone, CASE WHEN p_customer_phone ~ '^[+][1-9][0-9]{1,14}$' THEN p_customer_phone END)
   WHERE id = p_user
     AND ((full_name IS NULL AND nullif(p_customer_name, '') IS NOT NULL)
       OR (phone IS NULL AND p_customer_phone ~ '^[+][1-9][0-9]{1,14}$'));
  v_events := que_booked_effects_of(v_ap, p_user, s.name, b, true);
  RETURN jsonb_build_object('appointment', que_appointment_view_of(v_ap, b, s.name), 'events', v_events);
END
$$;

-- The booking's row, as que_book_returning_events writes it (once per member tried).
CREATE OR REPLACE FUNCTION que_insert_booking(p_business integer, p_service integer, p_user integer, p_starts_at timestamp, p_ends_at timestamp, p_duration integer, p_price_cents integer, p_restaurant boolean, p_party integer, p_notes text, p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text, p_dietary text, p_policies jsonb, p_staff integer, p_staff_requested boolean)
 RETURNS appointments
 LANGUAGE plpgsql
AS $$
DECLARE
  v_ap appointments;
BEGIN
  INSERT INTO appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
    notes, block_offers, customer_name, customer_email, customer_phone, seating_preference, occasion_type, dietary_restrictions, booked_policies,
    staff_id, staff_requested)
  VALUES (p_business, p_service, p_user, p_starts_at, p_ends_at,
    p_duration, p_price_cents, 'confirmed', NOT p_restaurant, p_party, coalesce(p_notes, ''), coalesce(p_block_offers, false),
    p_customer_name, p_customer_email, p_customer_phone,
    CASE WHEN p_restaurant THEN nullif(p_seating, '') END, CASE WHEN p_restaurant THEN nullif(p_occasion, '') END,
    CASE WHEN p_restaurant THEN nullif(p_dietary, '') END, p_policies, p_staff, p_staff_requested AND p_staff IS NOT NULL)
  RETURNING * INTO v_ap;
  RETURN v_ap;
END
$$;
