-- One database call per hot use case (issue 10, docs/decisions/0014-one-call-hot-paths.md).
-- The slot rules, the booking and what a booking sets off (credit hold, queue entry, notification,
-- e-mail) live here, once; the TypeScript calls these functions with one statement.
-- All are PL/pgSQL, whose plans are cached per connection (a LANGUAGE sql function that cannot be
-- inlined is planned again on every call).
-- Errors a client should see are raised with SQLSTATEs of class QB (src/server/db/sql-state.ts):
-- QB400 validation, QB404 not found, QB409 conflict, QBINV invalid state, QBSLT slot taken, QBTZ1 a
-- business zone PostgreSQL cannot use (DETAIL names it; the app may call again with p_zone, the
-- name Node's Intl resolves it to: src/server/features/availability/slots.repository.ts).

-- The outbox row keeps what the invite says; the e-mail worker renders the .ics when it sends.
ALTER TABLE "email_outbox" ADD COLUMN "invite" jsonb;
--> statement-breakpoint
-- Why nothing at all can be booked on a day (null when it is open): services book 30 days ahead,
-- restaurants up to their horizon.
CREATE FUNCTION que_closed_day(p_kind text, p_date date, p_today date, p_blocked boolean, p_horizon int)
RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN CASE
    WHEN p_date < p_today THEN 'past'
    WHEN p_blocked THEN 'blocked'
    WHEN p_kind = 'service' THEN CASE WHEN p_date <= p_today + 30 THEN NULL ELSE 'beyond_window' END
    ELSE CASE WHEN p_date <= p_today + p_horizon THEN NULL ELSE 'beyond_horizon' END
  END;
END
$$;
--> statement-breakpoint
-- Candidate start minutes of a day, ascending and distinct, before bookings are considered: a
-- service every min(30, duration) minutes inside the opening hours, a restaurant on its time slots.
CREATE FUNCTION que_candidate_starts(p_kind text, p_open int, p_close int, p_duration int, p_ts_start int[], p_ts_end int[], p_ts_interval int[])
RETURNS int[] LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
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
CREATE FUNCTION que_slot_engine(p_kind text, p_date date, p_today date, p_now_minutes int, p_blocked boolean, p_horizon int,
  p_starts int[], p_duration int, p_capacity int, p_party int, p_b_start int[], p_b_end int[], p_b_party int[])
RETURNS int[] LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF que_closed_day(p_kind, p_date, p_today, p_blocked, p_horizon) IS NOT NULL THEN RETURN '{}'; END IF;
  RETURN (
    SELECT coalesce(array_agg(t ORDER BY t), '{}')
    FROM unnest(p_starts) t
    WHERE t >= CASE WHEN p_date = p_today THEN p_now_minutes + 1 ELSE 0 END
      AND CASE WHEN p_kind = 'service' THEN NOT EXISTS (
            SELECT 1 FROM unnest(p_b_start, p_b_end) b(s, e) WHERE b.s < t + p_duration AND b.e > t)
          ELSE (
            SELECT coalesce(max((SELECT coalesce(sum(o.pt), 0) FROM unnest(p_b_start, p_b_end, p_b_party) o(s, e, pt)
                                  WHERE o.s < t + p_duration AND o.e > t AND o.s <= m.at AND o.e > m.at)), 0)
            FROM (SELECT t AS at UNION SELECT b.s FROM unnest(p_b_start, p_b_end) b(s, e) WHERE b.s < t + p_duration AND b.e > t AND b.s > t) m
          ) + p_party <= p_capacity
          END
  );
END
$$;
--> statement-breakpoint
-- Time (DESIGN section 4), once for every slot list, booking, reschedule and swap: the instant a
-- business's wall clock means. NULL for a time the clocks skip; a time they repeat means its first
-- occurrence. (PostgreSQL alone reads a repeated time as its second occurrence and a skipped one as
-- if the clocks had not changed yet, so both are decided here.)
CREATE FUNCTION que_instant(p_local timestamp, p_zone text)
RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_pick timestamptz := p_local AT TIME ZONE p_zone;
  v_before timestamptz := v_pick - interval '3 hours';
  v_first timestamptz;
BEGIN
  IF v_pick AT TIME ZONE p_zone <> p_local THEN RETURN NULL; END IF;
  -- The same reading under the offset in force before a change: the first pass of a repeated hour.
  v_first := (p_local - ((v_before AT TIME ZONE p_zone) - (v_before AT TIME ZONE 'UTC'))) AT TIME ZONE 'UTC';
  IF v_first < v_pick AND v_first AT TIME ZONE p_zone = p_local THEN RETURN v_first; END IF;
  RETURN v_pick;
END
$$;
--> statement-breakpoint
-- The earliest wall clock whose instant (que_instant) is not before p_instant. Usually the instant's
-- own wall clock; in the second pass of a repeated hour that reading means the first pass, so the
-- answer is where the repeat ends (a visit over at 01:30 EST is over, as a wall clock, at 02:00).
CREATE FUNCTION que_wall_clock_at_or_after(p_instant timestamptz, p_zone text)
RETURNS timestamp LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_own timestamp := date_trunc('minute', p_instant AT TIME ZONE p_zone);
BEGIN
  IF que_instant(v_own, p_zone) >= p_instant THEN RETURN v_own; END IF;
  RETURN (SELECT min(w) FROM generate_series(v_own + interval '1 minute', v_own + interval '3 hours', interval '1 minute') w
           WHERE que_instant(w, p_zone) >= p_instant);
END
$$;
--> statement-breakpoint
-- Why a local time cannot be booked: it does not exist that day (the clocks spring forward).
CREATE FUNCTION que_missing_time_message(p_date date, p_time text, p_zone text)
RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN format('time: %s does not exist on %s in %s (the clocks skip it that day); please choose another time',
                p_time, to_char(p_date, 'YYYY-MM-DD'), p_zone);
END
$$;
--> statement-breakpoint
-- An appointment's stored period (wall clocks): it starts at its local time and lasts p_duration
-- real minutes, so across a clock change the end's wall clock moves with the clocks (the earliest
-- wall clock not before the real end; the check of migration 0006 allows it). A start the clocks
-- skip is refused (QB400).
CREATE FUNCTION que_period(p_date date, p_time text, p_duration int, p_zone text, OUT starts_at timestamp, OUT ends_at timestamp)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_at timestamptz;
BEGIN
  starts_at := p_date + (split_part(p_time, ':', 1)::int * 60 + split_part(p_time, ':', 2)::int) * interval '1 minute';
  v_at := que_instant(starts_at, p_zone);
  IF v_at IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = que_missing_time_message(p_date, p_time, p_zone);
  END IF;
  ends_at := que_wall_clock_at_or_after(v_at + p_duration * interval '1 minute', p_zone);
END
$$;
--> statement-breakpoint
-- One business's bookable start times ("HH:MM") on a day, read and computed in one call; `closed`
-- says why a whole day has none. GET /available-slots and every booking go through here.
-- p_with_booked false leaves booked periods out (a service booking: the exclusion constraint
-- appointments_no_overlap decides overlaps when the row is written). p_zone, when set, is used
-- instead of the stored zone.
CREATE FUNCTION que_day_slots(p_business int, p_date date, p_service int, p_party int, p_exclude int[], p_horizon int, p_now timestamptz,
  p_with_booked boolean, p_zone text, OUT closed text, OUT slots text[])
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
  v_zone text;
  v_change_day boolean;
  v_now timestamptz := coalesce(p_now, now());
BEGIN
  slots := '{}';
  SELECT bz.business_type, bz.time_zone, bz.reservation_duration, bz.seating_capacity, bz.max_party_size,
         EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.business_id = bz.id AND bd.date = p_date) AS blocked
    INTO b FROM businesses bz WHERE bz.id = p_business;
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
    SELECT array_agg(extract(epoch FROM start_time)::int / 60), array_agg(extract(epoch FROM end_time)::int / 60), array_agg(interval_minutes::int)
      INTO v_ts_start, v_ts_end, v_ts_interval
      FROM restaurant_time_slots WHERE business_id = p_business AND day_of_week = v_dow AND is_active;
    v_duration := coalesce(b.reservation_duration, 120);
    v_capacity := coalesce(b.seating_capacity, 40);
  ELSE
    IF v_service_id IS NULL THEN RETURN; END IF;
    SELECT extract(epoch FROM open_time)::int / 60, extract(epoch FROM close_time)::int / 60 INTO v_open, v_close
      FROM business_hours WHERE business_id = p_business AND day_of_week = v_dow LIMIT 1;
    IF v_open IS NULL THEN RETURN; END IF;
    v_duration := v_service_duration;
  END IF;
  v_starts := que_candidate_starts(v_kind, v_open, v_close, v_duration, v_ts_start, v_ts_end, v_ts_interval);
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
  slots := ARRAY(SELECT lpad((t / 60)::text, 2, '0') || ':' || lpad((t % 60)::text, 2, '0') FROM unnest(v_free) t ORDER BY t);
END
$$;
--> statement-breakpoint
-- Refuses a time that is not bookable: past a restaurant's horizon is a validation error, anything
-- else a taken slot. A restaurant's seats are a sum over rows, so its bookings take turns on the
-- business row and read the bookings under that lock.
CREATE FUNCTION que_require_slot(p_business int, p_date date, p_time text, p_service int, p_party int, p_exclude int[], p_horizon int,
  p_now timestamptz, p_with_booked boolean, p_zone text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
  v_zone text;
BEGIN
  PERFORM 1 FROM businesses WHERE id = p_business AND business_type = 'restaurant' FOR NO KEY UPDATE;
  SELECT * INTO d FROM que_day_slots(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_with_booked OR FOUND, p_zone);
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
-- The appointment as the app shows it (AppointmentRow in appointments.repository.ts).
CREATE FUNCTION que_appointment_view(p_appointment int)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'id', a.id, 'businessId', a.business_id, 'serviceId', a.service_id, 'customerId', a.customer_id, 'ownerId', bz.owner_id,
      'date', to_char(a.starts_at, 'YYYY-MM-DD'), 'time', to_char(a.starts_at, 'HH24:MI'), 'duration', a.duration,
      'priceCents', a.price_cents, 'status', a.status, 'exclusive', a.exclusive, 'partySize', a.party_size, 'notes', a.notes,
      'blockOffers', a.block_offers, 'createdAt', a.created_at, 'serviceName', s.name, 'businessName', bz.business_name,
      'businessType', bz.business_type, 'timeZone', bz.time_zone, 'customerName', a.customer_name, 'customerEmail', a.customer_email,
      'customerPhone', a.customer_phone, 'seatingPreference', a.seating_preference, 'occasionType', a.occasion_type,
      'dietaryRestrictions', a.dietary_restrictions)
    FROM appointments a JOIN services s ON s.id = a.service_id JOIN businesses bz ON bz.id = a.business_id
    WHERE a.id = p_appointment
  );
END
$$;
--> statement-breakpoint
-- The customer's e-mail about a change of an appointment, queued in the changing transaction
-- (kind: booked, rescheduled, swapped, cancelled; p_previous "yyyy-MM-dd HH:mm" for a move). A
-- cancellation is only sent for an appointment announced before. The invite's data is stored; the
-- worker renders the .ics (email-worker.ts).
CREATE FUNCTION que_appointment_email(p_appointment int, p_kind text, p_previous text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a record;
  v_seq int;
  v_what text;
  v_was text := CASE WHEN p_previous IS NULL THEN ''
                     ELSE format(' (it was on %s at %s)', split_part(p_previous, ' ', 1), split_part(p_previous, ' ', 2)) END;
  v_kind text;
  v_subject text;
  v_intro text;
  v_cancelled boolean := p_kind = 'cancelled';
  v_lines text[];
BEGIN
  SELECT ap.id, ap.customer_name, ap.customer_email, ap.party_size, ap.duration, to_char(ap.starts_at, 'YYYY-MM-DD') AS date,
         to_char(ap.starts_at, 'HH24:MI') AS time, s.name AS service_name, bz.business_name, bz.business_type, bz.time_zone, bz.address,
         bz.email AS business_email
    INTO a FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id
   WHERE ap.id = p_appointment;
  IF NOT FOUND OR a.customer_email = '' THEN RETURN; END IF;
  SELECT coalesce(max(ics_sequence), -1) + 1 INTO v_seq FROM email_outbox WHERE appointment_id = p_appointment;
  IF v_cancelled AND v_seq = 0 THEN RETURN; END IF;
  v_what := a.service_name || ' at ' || a.business_name;
  CASE p_kind
    WHEN 'booked' THEN
      v_kind := 'booking_confirmed'; v_subject := 'Booking confirmed: ' || v_what; v_intro := 'Your booking is confirmed.';
    WHEN 'rescheduled' THEN
      v_kind := 'booking_rescheduled'; v_subject := 'Booking moved: ' || v_what; v_intro := 'Your booking has a new time' || v_was || '.';
    WHEN 'swapped' THEN
      v_kind := 'booking_swapped'; v_subject := 'New time after your swap: ' || v_what;
      v_intro := 'Your appointment traded places with another customer''s' || v_was || '.';
    WHEN 'cancelled' THEN
      v_kind := 'booking_cancelled';
      IF a.business_type = 'restaurant' AND EXISTS (
           SELECT 1 FROM offers WHERE temporary_reservation AND status = 'accepted' AND to_appointment_id = p_appointment) THEN
        v_subject := 'Table handed over: ' || v_what; v_intro := 'You gave your table to another guest, so this reservation is cancelled.';
      ELSE
        v_subject := 'Booking cancelled: ' || v_what; v_intro := 'Your booking has been cancelled.';
      END IF;
    ELSE
      RETURN;
  END CASE;
  v_lines := ARRAY[format('Hello %s,', coalesce(nullif(a.customer_name, ''), 'there')), '', v_intro, '', v_what,
                   format('When: %s at %s (%s)', a.date, a.time, a.time_zone)];
  IF a.party_size > 1 THEN v_lines := v_lines || format('Party: %s', a.party_size); END IF;
  IF a.address <> '' THEN v_lines := v_lines || ('Where: ' || a.address); END IF;
  v_lines := v_lines || ARRAY['', 'The attached invite updates your calendar.', '', 'Que'];
  INSERT INTO email_outbox (kind, to_email, subject, text, ics, ics_uid, ics_sequence, appointment_id, invite)
  VALUES (v_kind, a.customer_email, v_subject, array_to_string(v_lines, E'\n'), NULL, 'appointment-' || p_appointment || '@que', v_seq, p_appointment,
    jsonb_build_object(
      'appointmentId', p_appointment, 'sequence', v_seq, 'cancelled', v_cancelled, 'date', a.date, 'time', a.time,
      'durationMinutes', a.duration, 'timeZone', a.time_zone, 'summary', v_what, 'description', v_intro, 'location', a.address,
      'organizer', jsonb_build_object('name', a.business_name, 'email', coalesce(nullif(a.business_email, ''), 'no-reply@que.local')),
      'attendee', jsonb_build_object('name', coalesce(nullif(a.customer_name, ''), a.customer_email), 'email', a.customer_email)));
END
$$;
--> statement-breakpoint
-- What a confirmed booking sets off, in its transaction (the 'booked' change of
-- appointment-changes.ts): the customer's $1.00 booking credit held through the ledger (not for a
-- business's own owner), the queue entry, the in-app notification when the customer booked it,
-- the e-mail. Live events go out with pg_notify, so sockets hear of them only if it commits.
CREATE FUNCTION que_on_booked(p_appointment int, p_by_user int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a record;
  v_issuance int;
  v_wallet int;
  v_entry int;
  v_note int;
  v_audience jsonb;
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
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_update', 'userIds', v_audience, 'businessId', a.business_id,
                                                     'date', a.date, 'queueEntryId', v_entry,
                                                     'line', jsonb_build_object('from', NULL, 'to', a.time))::text);
  END IF;

  IF p_by_user = a.customer_id THEN
    INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
    VALUES (a.customer_id, 'booking_confirmed', 'Booking confirmed',
            format('%s at %s on %s at %s.', a.service_name, a.business_name, a.date, a.time), '/appointments', p_appointment)
    RETURNING id INTO v_note;
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.customer_id),
                                                     'notificationId', v_note)::text);
  END IF;

  PERFORM que_appointment_email(p_appointment, 'booked', NULL);
END
$$;
--> statement-breakpoint
-- A booking, whole, in one call: the business and service, the party, the slot (restaurants
-- re-read their bookings under the business lock; for a service business the exclusion constraint
-- appointments_no_overlap is the arbiter, its 23P01 a 409 SLOT_TAKEN), the row, and que_on_booked.
-- Returns the appointment as que_appointment_view shows it.
CREATE FUNCTION que_book(p_user int, p_business int, p_service int, p_date date, p_time text, p_party int, p_notes text,
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
  PERFORM que_on_booked(v_id, p_user);
  RETURN que_appointment_view(v_id);
END
$$;
--> statement-breakpoint
-- A queue entry follows its appointment to its new time (reschedule, either side of a swap),
-- keeping its status; one is made for an appointment that somehow has none. Published for the new
-- day and, when the appointment changed days, for the old one, whose subscribers must drop it.
CREATE FUNCTION que_queue_moved(p_appointment int, p_previous_date text, p_previous_time text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a record;
  v_entry int;
  v_audience jsonb;
BEGIN
  SELECT ap.business_id, ap.service_id, ap.customer_id, ap.starts_at, to_char(ap.starts_at, 'YYYY-MM-DD') AS date,
         to_char(ap.starts_at, 'HH24:MI') AS time, bz.owner_id
    INTO a FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment;
  UPDATE queue_entries SET starts_at = a.starts_at, updated_at = now() WHERE appointment_id = p_appointment RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
    VALUES (p_appointment, a.business_id, a.service_id, a.customer_id, a.starts_at, 'waiting')
    ON CONFLICT (appointment_id) DO UPDATE
      SET starts_at = excluded.starts_at, status = excluded.status, service_id = excluded.service_id,
          customer_id = excluded.customer_id, updated_at = now()
    RETURNING id INTO v_entry;
  END IF;
  v_audience := CASE WHEN a.customer_id = a.owner_id THEN jsonb_build_array(a.customer_id) ELSE jsonb_build_array(a.customer_id, a.owner_id) END;
  -- line: the entry's place before and after on each day, so those it passed are pushed too.
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_update', 'userIds', v_audience, 'businessId', a.business_id,
                                                   'date', a.date, 'queueEntryId', v_entry,
                                                   'line', jsonb_build_object('from', CASE WHEN p_previous_date = a.date THEN p_previous_time END, 'to', a.time))::text);
  IF p_previous_date IS NOT NULL AND p_previous_date <> a.date THEN
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_update', 'userIds', v_audience, 'businessId', a.business_id,
                                                     'date', p_previous_date, 'queueEntryId', v_entry,
                                                     'line', jsonb_build_object('from', p_previous_time, 'to', NULL))::text);
  END IF;
END
$$;
--> statement-breakpoint
-- A reschedule, whole, in one call: only its customer moves an active appointment, the new time is
-- checked like a new booking (the appointment itself left out; a service business's overlaps are
-- the exclusion constraint's to refuse), and the move sets off the queue entry's move, the
-- customer's notification and e-mail. Live offers on the appointment must end with it, which is
-- the offers feature's TypeScript: unless p_offers_end_after, an appointment with live offers
-- raises QBOFR before changing anything, and the app reschedules in a transaction that announces
-- the change to the offers listener (reschedule-appointment.ts).
-- Returns {appointment: que_appointment_view, previous: {date, time}}.
CREATE FUNCTION que_reschedule(p_user int, p_appointment int, p_date date, p_time text, p_horizon int, p_now timestamptz, p_zone text,
  p_offers_end_after boolean)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a record;
  v_period record;
  v_note int;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.status, ap.party_size, ap.duration,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO a FROM appointments ap WHERE ap.id = p_appointment FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.customer_id <> p_user THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the customer can reschedule this appointment';
  END IF;
  IF a.status NOT IN ('confirmed', 'pending') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This appointment is already %s', a.status);
  END IF;
  IF NOT p_offers_end_after AND EXISTS (
       SELECT 1 FROM offers WHERE (from_appointment_id = p_appointment OR to_appointment_id = p_appointment)
          AND status IN ('pending', 'negotiating')) THEN
    RAISE EXCEPTION USING ERRCODE = 'QBOFR', MESSAGE = 'This appointment has live offers, which end with the reschedule';
  END IF;
  PERFORM que_require_slot(a.business_id, p_date, p_time, a.service_id, a.party_size, ARRAY[p_appointment], p_horizon, p_now, false, p_zone);
  -- The visit lasts its real minutes in the business's zone (que_period).
  SELECT pr.* INTO v_period FROM businesses bz, que_period(p_date, p_time, a.duration, coalesce(p_zone, bz.time_zone)) pr
   WHERE bz.id = a.business_id;
  UPDATE appointments SET starts_at = v_period.starts_at, ends_at = v_period.ends_at, updated_at = now()
   WHERE id = p_appointment;

  PERFORM que_queue_moved(p_appointment, a.date, a.time);
  INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
  SELECT a.customer_id, 'booking_rescheduled', 'Booking rescheduled',
         format('%s at %s is now on %s at %s (was %s at %s).', s.name, bz.business_name, to_char(p_date, 'YYYY-MM-DD'), p_time, a.date, a.time),
         '/appointments', p_appointment
    FROM services s, businesses bz WHERE s.id = a.service_id AND bz.id = a.business_id
  RETURNING id INTO v_note;
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.customer_id),
                                                   'notificationId', v_note)::text);
  PERFORM que_appointment_email(p_appointment, 'rescheduled', a.date || ' ' || a.time);
  RETURN jsonb_build_object('appointment', que_appointment_view(p_appointment), 'previous', jsonb_build_object('date', a.date, 'time', a.time));
END
$$;
