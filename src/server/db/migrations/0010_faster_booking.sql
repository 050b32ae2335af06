-- Faster booking (issue 10, docs/decisions/0014-one-call-hot-paths.md, "Profile of que_book").
-- The functions of migration 0007 are replaced here, same signatures, same rows, events and errors:
--  * A booking's live events are returned, not notified, by que_book_returning_events, and the app
--    publishes them once the booking has committed (que_publish, in a transaction of its own that
--    need not wait for the disk). pg_notify takes a cluster-wide lock at commit and holds it until
--    the commit record is flushed, so notifying bookings flushed the WAL one at a time: with 16
--    clients 95% of backends sampled waited on that lock (Lock:object). que_book and que_on_booked
--    still notify in their own transaction, for callers inside one.
--  * A booking checks its own start time only (que_day_slots_within with p_only): the same rules as
--    the day's list, without building and testing every start of the day.
--  * The slot list reads the business, the blocked day and the weekday's hours or time slots in one
--    query, and the engine (que_candidate_starts, que_slot_engine) and the "HH:MM" list are loops of
--    simple expressions: each query a PL/pgSQL function starts costs tens of microseconds, which was
--    most of que_day_slots' 0.4 ms (track_functions: engine 0.08 ms, candidate starts 0.10 ms).
-- CREATE OR REPLACE throughout, so this does not depend on other migrations that replace functions.

-- Candidate start minutes of a day, ascending and distinct, before bookings are considered: a
-- service every min(30, duration) minutes inside the opening hours, a restaurant on its time slots.
-- (Migration 0007's rule, unchanged; a service's series is built by a loop of simple expressions,
-- which PL/pgSQL evaluates without starting a query.)
CREATE OR REPLACE FUNCTION que_candidate_starts(p_kind text, p_open int, p_close int, p_duration int, p_ts_start int[], p_ts_end int[], p_ts_interval int[])
RETURNS int[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_starts int[] := '{}';
  v_t int := p_open;
BEGIN
  IF p_kind = 'service' AND p_duration > 0 AND p_open IS NOT NULL AND p_close IS NOT NULL THEN
    WHILE v_t <= p_close - p_duration LOOP
      v_starts := v_starts || v_t;
      v_t := v_t + least(30, p_duration);
    END LOOP;
    RETURN v_starts;
  END IF;
  RETURN (
    SELECT CASE WHEN p_kind = 'service' THEN
      (SELECT coalesce(array_agg(t ORDER BY t), '{}') FROM generate_series(p_open, p_close - p_duration, least(30, p_duration)) t)
    ELSE
      (SELECT coalesce(array_agg(DISTINCT t ORDER BY t), '{}')
         FROM unnest(p_ts_start, p_ts_end, p_ts_interval) s(st, en, iv), generate_series(st, en - 1, iv) t)
    END
  );
END
$$;
--> statement-breakpoint
-- The slot engine, pure: of the candidate starts, those bookable on p_date. A service start is free
-- when no booked period overlaps it; a restaurant start when the seats in use at the fullest moment
-- of the visit plus the party fit the capacity (occupancy only rises where a booking starts).
-- Booked periods are minutes from p_date's midnight. Its property tests: availability/slot-engine.test.ts.
-- Migration 0007's rule, written as loops of simple expressions (a day has a few dozen starts and
-- bookings; starting a query per step cost more than the work): the answer ascends, as before.
CREATE OR REPLACE FUNCTION que_slot_engine(p_kind text, p_date date, p_today date, p_now_minutes int, p_blocked boolean, p_horizon int,
  p_starts int[], p_duration int, p_capacity int, p_party int, p_b_start int[], p_b_end int[], p_b_party int[])
RETURNS int[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_free int[] := '{}';
  v_from int := CASE WHEN p_date = p_today THEN p_now_minutes + 1 ELSE 0 END;
  v_booked int := greatest(coalesce(cardinality(p_b_start), 0), coalesce(cardinality(p_b_end), 0), coalesce(cardinality(p_b_party), 0));
  v_sorted boolean := true;
  v_ok boolean;
  v_peak int;
  v_seats int;
  v_at int;
  t int;
  i int;
  j int;
BEGIN
  IF que_closed_day(p_kind, p_date, p_today, p_blocked, p_horizon) IS NOT NULL OR p_starts IS NULL THEN RETURN '{}'; END IF;
  FOREACH t IN ARRAY p_starts LOOP
    CONTINUE WHEN (t >= v_from) IS NOT TRUE;
    IF p_kind = 'service' THEN
      v_ok := true;
      FOR i IN 1 .. v_booked LOOP
        IF p_b_start[i] < t + p_duration AND p_b_end[i] > t THEN v_ok := false; EXIT; END IF;
      END LOOP;
    ELSE
      -- The seats in use at the visit's start and at every booking start inside it; the peak.
      v_peak := NULL;
      FOR i IN 0 .. v_booked LOOP
        IF i = 0 THEN
          v_at := t;
        ELSIF p_b_start[i] < t + p_duration AND p_b_end[i] > t AND p_b_start[i] > t THEN
          v_at := p_b_start[i];
        ELSE
          CONTINUE;
        END IF;
        v_seats := 0;
        FOR j IN 1 .. v_booked LOOP
          IF p_b_start[j] < t + p_duration AND p_b_end[j] > t AND p_b_start[j] <= v_at AND p_b_end[j] > v_at THEN
            v_seats := v_seats + coalesce(p_b_party[j], 0);
          END IF;
        END LOOP;
        v_peak := greatest(v_peak, v_seats);
      END LOOP;
      v_ok := coalesce(coalesce(v_peak, 0) + p_party <= p_capacity, false);
    END IF;
    IF v_ok THEN
      IF cardinality(v_free) > 0 AND v_free[cardinality(v_free)] > t THEN v_sorted := false; END IF;
      v_free := v_free || t;
    END IF;
  END LOOP;
  IF NOT v_sorted THEN RETURN (SELECT array_agg(f ORDER BY f) FROM unnest(v_free) f); END IF;
  RETURN v_free;
END
$$;
--> statement-breakpoint
-- The slot rules of que_day_slots, once; p_only (minutes after midnight), when set, answers for that
-- start time alone: slots is {that time} when it is bookable, else empty.
CREATE OR REPLACE FUNCTION que_day_slots_within(p_business int, p_date date, p_service int, p_party int, p_exclude int[], p_horizon int, p_now timestamptz,
  p_with_booked boolean, p_zone text, p_only int, OUT closed text, OUT slots text[])
LANGUAGE plpgsql STABLE AS $$
DECLARE
  b record;
  v_service_id int;
  v_service_business int;
  v_service_duration int;
  v_party int := coalesce(p_party, 1);
  v_kind text;
  v_local timestamp;
  v_today date;
  v_day timestamp := p_date::timestamp;
  v_dow int := extract(dow FROM p_date)::int;
  v_open int;
  v_close int;
  v_ts_start int[];
  v_ts_end int[];
  v_ts_interval int[];
  v_duration int;
  v_capacity int := 0;
  v_starts int[];
  v_b_start int[];
  v_b_end int[];
  v_b_party int[];
  v_free int[];
  v_t int;
  v_zone text;
  v_change_day boolean;
  v_now timestamptz := coalesce(p_now, now());
BEGIN
  slots := '{}';
  -- The business, whether the day is blocked, and its hours or time slots that weekday: one read.
  SELECT bz.business_type, bz.time_zone, bz.reservation_duration, bz.seating_capacity, bz.max_party_size,
         EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.business_id = bz.id AND bd.date = p_date) AS blocked,
         h.open_minutes, h.close_minutes, ts.starts, ts.ends, ts.intervals
    INTO b FROM businesses bz
    LEFT JOIN LATERAL (SELECT extract(epoch FROM bh.open_time)::int / 60 AS open_minutes, extract(epoch FROM bh.close_time)::int / 60 AS close_minutes
                         FROM business_hours bh WHERE bh.business_id = bz.id AND bh.day_of_week = v_dow LIMIT 1) h ON true
    LEFT JOIN LATERAL (SELECT array_agg(extract(epoch FROM rt.start_time)::int / 60) AS starts, array_agg(extract(epoch FROM rt.end_time)::int / 60) AS ends,
                              array_agg(rt.interval_minutes::int) AS intervals
                         FROM restaurant_time_slots rt WHERE rt.business_id = bz.id AND rt.day_of_week = v_dow AND rt.is_active) ts ON true
   WHERE bz.id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  IF p_service IS NULL THEN
    SELECT id, business_id, duration INTO v_service_id, v_service_business, v_service_duration
      FROM services WHERE business_id = p_business AND deleted_at IS NULL ORDER BY id LIMIT 1;
  ELSE
    SELECT id, business_id, duration INTO v_service_id, v_service_business, v_service_duration
      FROM services WHERE id = p_service AND deleted_at IS NULL;
    IF v_service_id IS NULL OR v_service_business <> p_business THEN
      RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found';
    END IF;
  END IF;
  v_kind := CASE WHEN b.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END;
  IF v_kind = 'restaurant' THEN
    IF v_party < 1 THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Party size must be at least 1'; END IF;
    IF v_party > coalesce(b.max_party_size, v_party) THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = format('Party size must be at most %s for this restaurant', b.max_party_size);
    END IF;
  END IF;
  v_zone := coalesce(p_zone, b.time_zone);
  BEGIN
    v_local := v_now AT TIME ZONE v_zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = v_zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so it cannot take bookings right now', v_zone);
  END;
  v_today := v_local::date;
  closed := que_closed_day(v_kind, p_date, v_today, b.blocked, p_horizon);
  IF closed IS NOT NULL THEN RETURN; END IF;

  IF v_kind = 'restaurant' THEN
    v_ts_start := b.starts; v_ts_end := b.ends; v_ts_interval := b.intervals;
    v_duration := coalesce(b.reservation_duration, 120);
    v_capacity := coalesce(b.seating_capacity, 40);
  ELSE
    IF v_service_id IS NULL THEN RETURN; END IF;
    v_open := b.open_minutes; v_close := b.close_minutes;
    IF v_open IS NULL THEN RETURN; END IF;
    v_duration := v_service_duration;
  END IF;
  v_starts := que_candidate_starts(v_kind, v_open, v_close, v_duration, v_ts_start, v_ts_end, v_ts_interval);
  -- One time asked about (a booking's check): only that start, if it is one, and only what can touch it.
  IF p_only IS NOT NULL THEN v_starts := CASE WHEN p_only = ANY (v_starts) THEN ARRAY[p_only] ELSE '{}' END; END IF;
  IF cardinality(v_starts) = 0 THEN RETURN; END IF;

  -- On a day the clocks change, real durations may end up to a few wall-clock hours later.
  v_change_day := ((p_date + 1)::timestamp AT TIME ZONE v_zone) - (v_day AT TIME ZONE v_zone) <> interval '24 hours';
  IF p_with_booked THEN
    -- Only appointments that can touch a candidate matter: one indexed range read.
    SELECT array_agg(floor(extract(epoch FROM a.starts_at - v_day) / 60)::int),
           array_agg(floor(extract(epoch FROM a.ends_at - v_day) / 60)::int),
           array_agg(a.party_size)
      INTO v_b_start, v_b_end, v_b_party
      FROM appointments a
     WHERE a.business_id = p_business AND a.status = 'confirmed'
       AND tsrange(a.starts_at, a.ends_at, '[)') && tsrange(v_day + v_starts[1] * interval '1 minute',
                                                           v_day + (v_starts[cardinality(v_starts)] + v_duration + CASE WHEN v_change_day THEN 180 ELSE 0 END) * interval '1 minute', '[)')
       AND (v_kind = 'restaurant' OR a.exclusive)
       AND (p_exclude IS NULL OR a.id <> ALL (p_exclude));
  END IF;
  v_free := que_slot_engine(v_kind, p_date, v_today, extract(hour FROM v_local)::int * 60 + extract(minute FROM v_local)::int, b.blocked, p_horizon,
    v_starts, v_duration, v_capacity, v_party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'));
  -- On a day the clocks change (DESIGN section 4): a local time the clocks skip never happens, so it
  -- is neither offered nor bookable; "past" is decided by instants (after a fall-back the clock reads
  -- 01:xx again, but 01:30 means the first 01:30, already gone); and a visit lasts its real minutes,
  -- so its wall-clock end moves with the clocks: the engine checks each candidate start where it
  -- really ends (later than start + duration after a spring-forward, earlier after a fall-back; a
  -- service visit must still end by closing time).
  IF v_change_day THEN
    SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO v_free
      FROM unnest(v_starts) t,
           LATERAL (SELECT que_instant(v_day + t * interval '1 minute', v_zone) AS at) i,
           LATERAL (SELECT floor(extract(epoch FROM que_wall_clock_at_or_after(i.at + v_duration * interval '1 minute', v_zone) - v_day) / 60)::int AS e) r
     WHERE i.at IS NOT NULL AND i.at > v_now
       AND (v_kind = 'restaurant' OR r.e <= v_close)
       AND cardinality(que_slot_engine(v_kind, p_date, v_today, extract(hour FROM v_local)::int * 60 + extract(minute FROM v_local)::int, b.blocked,
             p_horizon, ARRAY[t], r.e - t, v_capacity, v_party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'))) = 1;
  END IF;
  -- "HH:MM", ascending (the engine's answer is): a loop of simple expressions, no query.
  FOREACH v_t IN ARRAY v_free LOOP
    slots := slots || (lpad((v_t / 60)::text, 2, '0') || ':' || lpad((v_t % 60)::text, 2, '0'));
  END LOOP;
END
$$;
--> statement-breakpoint
-- One business's bookable start times ("HH:MM") on a day; `closed` says why a whole day has none.
-- GET /available-slots. (The rules: que_day_slots_within.)
CREATE OR REPLACE FUNCTION que_day_slots(p_business int, p_date date, p_service int, p_party int, p_exclude int[], p_horizon int, p_now timestamptz,
  p_with_booked boolean, p_zone text, OUT closed text, OUT slots text[])
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT w.closed, w.slots INTO closed, slots
    FROM que_day_slots_within(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_with_booked, p_zone, NULL) w;
END
$$;
--> statement-breakpoint
-- Refuses a time that is not bookable: past a restaurant's horizon is a validation error, anything
-- else a taken slot. A restaurant's seats are a sum over rows, so its bookings take turns on the
-- business row and read the bookings under that lock. Only the asked time is checked (an "HH:MM"
-- one; anything else is never in the list, as before).
CREATE OR REPLACE FUNCTION que_require_slot(p_business int, p_date date, p_time text, p_service int, p_party int, p_exclude int[], p_horizon int,
  p_now timestamptz, p_with_booked boolean, p_zone text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
  v_zone text;
  v_only int := CASE WHEN p_time ~ '^[0-9]{2}:[0-9]{2}$' THEN split_part(p_time, ':', 1)::int * 60 + split_part(p_time, ':', 2)::int END;
BEGIN
  PERFORM 1 FROM businesses WHERE id = p_business AND business_type = 'restaurant' FOR NO KEY UPDATE;
  SELECT * INTO d FROM que_day_slots_within(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_with_booked OR FOUND, p_zone, v_only);
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
    RAISE EXCEPTION USING ERRCODE = 'QBSLT', MESSAGE = 'That time slot is no longer available';
  END IF;
END
$$;
--> statement-breakpoint
-- Publishes live events (a jsonb array, in order) on the channel every app process LISTENs on;
-- PostgreSQL delivers them when the calling transaction commits.
CREATE OR REPLACE FUNCTION que_publish(p_events jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('que_live', e::text) FROM jsonb_array_elements(coalesce(p_events, '[]')) e;
END
$$;
--> statement-breakpoint
-- What a confirmed booking sets off, in its transaction (the 'booked' change of
-- appointment-changes.ts): the customer's $1.00 booking credit held through the ledger (not for a
-- business's own owner), the queue entry, the in-app notification when the customer booked it,
-- the e-mail. Returns the live events it causes (a jsonb array) for the caller to publish.
CREATE OR REPLACE FUNCTION que_booked_effects(p_appointment int, p_by_user int)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a record;
  v_issuance int;
  v_wallet int;
  v_entry int;
  v_note int;
  v_audience jsonb;
  v_events jsonb := '[]';
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.starts_at, ap.status, to_char(ap.starts_at, 'YYYY-MM-DD') AS date,
         to_char(ap.starts_at, 'HH24:MI') AS time, s.name AS service_name, bz.business_name, bz.owner_id
    INTO a FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id
   WHERE ap.id = p_appointment;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;

  IF a.customer_id <> a.owner_id THEN
    -- Per-user issuance account: bookings of different people never wait on one ledger row.
    SELECT max(id) FILTER (WHERE kind = 'credit_issuance'), max(id) FILTER (WHERE kind = 'user_credit') INTO v_issuance, v_wallet
      FROM ledger_accounts
     WHERE kind IN ('credit_issuance', 'user_credit') AND asset = 'CREDIT' AND coalesce(user_id, 0) = a.customer_id
       AND coalesce(business_id, 0) = 0 AND coalesce(offer_id, 0) = 0;
    IF v_issuance IS NULL OR v_wallet IS NULL THEN
      INSERT INTO ledger_accounts (kind, asset, user_id, no_overdraft)
      VALUES ('credit_issuance', 'CREDIT', a.customer_id, false), ('user_credit', 'CREDIT', a.customer_id, true)
      ON CONFLICT DO NOTHING;
      SELECT max(id) FILTER (WHERE kind = 'credit_issuance'), max(id) FILTER (WHERE kind = 'user_credit') INTO v_issuance, v_wallet
        FROM ledger_accounts
       WHERE kind IN ('credit_issuance', 'user_credit') AND asset = 'CREDIT' AND coalesce(user_id, 0) = a.customer_id
         AND coalesce(business_id, 0) = 0 AND coalesce(offer_id, 0) = 0;
    END IF;
    -- Rows locked in id order, as every ledger writer does (ledger.repository.ts applyDeltas).
    UPDATE ledger_accounts l SET
      debits_pending = l.debits_pending + CASE WHEN l.id = v_issuance THEN 100 ELSE 0 END,
      credits_pending = l.credits_pending + CASE WHEN l.id = v_wallet THEN 100 ELSE 0 END
    FROM (SELECT id FROM ledger_accounts WHERE id IN (v_issuance, v_wallet) ORDER BY id FOR NO KEY UPDATE) locked
    WHERE l.id = locked.id;
    INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, appointment_id)
    VALUES (v_issuance, v_wallet, 100, 'CREDIT', 'pending', 'earned_booking',
            format('Earned for booking %s at %s', a.service_name, a.business_name), p_appointment);
  END IF;

  IF a.status = 'confirmed' THEN
    INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
    VALUES (p_appointment, a.business_id, a.service_id, a.customer_id, a.starts_at, 'waiting')
    ON CONFLICT (appointment_id) DO UPDATE
      SET starts_at = excluded.starts_at, status = excluded.status, service_id = excluded.service_id,
          customer_id = excluded.customer_id, updated_at = now()
    RETURNING id INTO v_entry;
    v_audience := CASE WHEN a.customer_id = a.owner_id THEN jsonb_build_array(a.customer_id) ELSE jsonb_build_array(a.customer_id, a.owner_id) END;
    -- line: the entry joins the day's line at its time (those ranked after it move down one place).
    v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'queue_update', 'userIds', v_audience, 'businessId', a.business_id,
                                                     'date', a.date, 'queueEntryId', v_entry,
                                                     'line', jsonb_build_object('from', NULL, 'to', a.time)));
  END IF;

  IF p_by_user = a.customer_id THEN
    INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
    VALUES (a.customer_id, 'booking_confirmed', 'Booking confirmed',
            format('%s at %s on %s at %s.', a.service_name, a.business_name, a.date, a.time), '/appointments', p_appointment)
    RETURNING id INTO v_note;
    v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.customer_id),
                                                     'notificationId', v_note));
  END IF;

  PERFORM que_appointment_email(p_appointment, 'booked', NULL);
  RETURN v_events;
END
$$;
--> statement-breakpoint
-- que_booked_effects with its live events published in the same transaction (a booking made inside
-- a larger transaction: bookedEffectsListener).
CREATE OR REPLACE FUNCTION que_on_booked(p_appointment int, p_by_user int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM que_publish(que_booked_effects(p_appointment, p_by_user));
END
$$;
--> statement-breakpoint
-- A booking, whole, in one call: the business and service, the party, the slot (restaurants
-- re-read their bookings under the business lock; for a service business the exclusion constraint
-- appointments_no_overlap is the arbiter, its 23P01 a 409 SLOT_TAKEN), the row, and
-- que_booked_effects. Returns {appointment: que_appointment_view, events: the live events}; the
-- caller publishes the events after commit (que_publish), so the commit takes no notify lock.
CREATE OR REPLACE FUNCTION que_book_returning_events(p_user int, p_business int, p_service int, p_date date, p_time text, p_party int, p_notes text,
  p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text,
  p_dietary text, p_horizon int, p_now timestamptz, p_zone text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  b record;
  s record;
  v_restaurant boolean;
  v_party int := 1;
  v_max int;
  v_duration int;
  v_period record;
  v_id int;
  v_events jsonb;
BEGIN
  SELECT id, business_type, reservation_duration, max_party_size, time_zone INTO b FROM businesses WHERE id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  v_restaurant := b.business_type = 'restaurant';
  IF p_service IS NOT NULL THEN
    SELECT id, business_id, duration, price_cents INTO s FROM services WHERE id = p_service AND deleted_at IS NULL;
    IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found'; END IF;
    IF s.business_id <> p_business THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'serviceId: that service is not offered by this business';
    END IF;
  ELSIF NOT v_restaurant THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'serviceId: please choose a service';
  ELSE
    -- A restaurant's table bookings use its table service (or its first one).
    SELECT id, business_id, duration, price_cents INTO s FROM services WHERE business_id = p_business AND deleted_at IS NULL
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
  PERFORM que_require_slot(p_business, p_date, p_time, s.id, v_party, NULL, p_horizon, p_now, v_restaurant, p_zone);

  v_duration := CASE WHEN v_restaurant THEN coalesce(b.reservation_duration, s.duration) ELSE s.duration END;
  SELECT * INTO v_period FROM que_period(p_date, p_time, v_duration, coalesce(p_zone, b.time_zone));
  INSERT INTO appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
    notes, block_offers, customer_name, customer_email, customer_phone, seating_preference, occasion_type, dietary_restrictions)
  VALUES (p_business, s.id, p_user, v_period.starts_at, v_period.ends_at,
    v_duration, s.price_cents, 'confirmed', NOT v_restaurant, v_party, coalesce(p_notes, ''), coalesce(p_block_offers, false),
    p_customer_name, p_customer_email, p_customer_phone,
    CASE WHEN v_restaurant THEN nullif(p_seating, '') END, CASE WHEN v_restaurant THEN nullif(p_occasion, '') END,
    CASE WHEN v_restaurant THEN nullif(p_dietary, '') END)
  RETURNING id INTO v_id;
  v_events := que_booked_effects(v_id, p_user);
  RETURN jsonb_build_object('appointment', que_appointment_view(v_id), 'events', v_events);
END
$$;
--> statement-breakpoint
-- que_book_returning_events with its live events published in the same transaction; returns the
-- appointment as que_appointment_view shows it.
CREATE OR REPLACE FUNCTION que_book(p_user int, p_business int, p_service int, p_date date, p_time text, p_party int, p_notes text,
  p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text,
  p_dietary text, p_horizon int, p_now timestamptz, p_zone text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := que_book_returning_events(p_user, p_business, p_service, p_date, p_time, p_party, p_notes, p_block_offers, p_customer_name,
    p_customer_email, p_customer_phone, p_seating, p_occasion, p_dietary, p_horizon, p_now, p_zone);
BEGIN
  PERFORM que_publish(r->'events');
  RETURN r->'appointment';
END
$$;
