-- The schema of a database migrated before the baseline (migrations 0000-0017, pg_dump --schema-only), kept
-- so a test can check that such a database upgrades to the schema a new one gets (schema-files.test.ts).
--
-- PostgreSQL database dump
--



SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: btree_gist; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;


--
-- Name: EXTENSION btree_gist; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION btree_gist IS 'support for indexing common datatypes in GiST';


--
-- Name: ledger_transfers_immutable(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_transfers_immutable() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable';
END;
$$;


--
-- Name: que_appointment_cancel(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_cancel(p_user integer, p_appointment integer) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
BEGIN
  SELECT ap.customer_id, ap.status, bz.owner_id INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND OR (a.status = 'pending' AND p_user <> a.customer_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
  END IF;
  IF p_user NOT IN (a.customer_id, a.owner_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the customer or the business can cancel this appointment';
  END IF;
  IF a.status NOT IN ('confirmed', 'pending') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This appointment is already %s', a.status);
  END IF;
  UPDATE appointments SET status = 'cancelled', updated_at = now() WHERE id = p_appointment;
  PERFORM que_cancelled_effects(p_appointment, p_user);
  RETURN que_appointment_view(p_appointment);
END
$$;


--
-- Name: que_appointment_complete(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_complete(p_user integer, p_appointment integer) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  v_hold record;
  v_entry int;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.starts_at, ap.status, bz.owner_id,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO a FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.owner_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the owner of this business can do this'; END IF;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('Only a confirmed appointment can be completed; this one is %s', a.status);
  END IF;
  UPDATE appointments SET status = 'completed', updated_at = now() WHERE id = p_appointment;
  SELECT h.id, h.amount INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_appointment AND h.code = 'earned_booking' AND h.flags = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id)
   ORDER BY h.id LIMIT 1;
  IF v_hold.id IS NOT NULL THEN PERFORM que_ledger_resolve(v_hold.id, v_hold.amount::int, NULL, NULL); END IF;
  PERFORM que_offers_end_on(p_appointment, p_user);
  PERFORM que_offers_settle_on(p_appointment);
  UPDATE queue_entries SET status = 'served', updated_at = now() WHERE appointment_id = p_appointment RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
    VALUES (p_appointment, a.business_id, a.service_id, a.customer_id, a.starts_at, 'served')
    ON CONFLICT (appointment_id) DO UPDATE
      SET starts_at = excluded.starts_at, status = excluded.status, service_id = excluded.service_id,
          customer_id = excluded.customer_id, updated_at = now()
    RETURNING id INTO v_entry;
  END IF;
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_status_update',
    'userIds', CASE WHEN a.customer_id = a.owner_id THEN jsonb_build_array(a.customer_id) ELSE jsonb_build_array(a.customer_id, a.owner_id) END,
    'businessId', a.business_id, 'date', a.date, 'queueEntryId', v_entry, 'line', jsonb_build_object('from', a.time, 'to', NULL))::text);
  RETURN que_appointment_view(p_appointment);
END
$$;


--
-- Name: que_appointment_email(integer, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_email(p_appointment integer, p_kind text, p_previous text) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_ap appointments;
  v_service_name text;
  v_business businesses;
BEGIN
  SELECT * INTO v_ap FROM appointments WHERE id = p_appointment;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT name INTO v_service_name FROM services WHERE id = v_ap.service_id;
  SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  IF NOT FOUND OR v_service_name IS NULL THEN RETURN; END IF;
  PERFORM que_appointment_email_of(v_ap, v_service_name, v_business, p_kind, p_previous, NULL);
END
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: appointments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.appointments (
    id integer NOT NULL,
    business_id integer NOT NULL,
    service_id integer NOT NULL,
    customer_id integer NOT NULL,
    starts_at timestamp without time zone NOT NULL,
    ends_at timestamp without time zone NOT NULL,
    duration integer NOT NULL,
    price_cents integer NOT NULL,
    status text DEFAULT 'confirmed'::text NOT NULL,
    exclusive boolean NOT NULL,
    party_size integer DEFAULT 1 NOT NULL,
    notes text DEFAULT ''::text NOT NULL,
    block_offers boolean DEFAULT false NOT NULL,
    customer_name text NOT NULL,
    customer_email text NOT NULL,
    customer_phone text NOT NULL,
    seating_preference text,
    occasion_type text,
    dietary_restrictions text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT appointments_duration_near_period_check CHECK (((ends_at >= (starts_at + (((duration - 180))::double precision * '00:01:00'::interval))) AND (ends_at <= (starts_at + (((duration + 180))::double precision * '00:01:00'::interval))))),
    CONSTRAINT appointments_party_size_check CHECK ((party_size >= 1)),
    CONSTRAINT appointments_period_check CHECK ((ends_at > starts_at)),
    CONSTRAINT appointments_price_check CHECK ((price_cents >= 0)),
    CONSTRAINT appointments_status_check CHECK ((status = ANY (ARRAY['confirmed'::text, 'pending'::text, 'cancelled'::text, 'completed'::text])))
);


--
-- Name: businesses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.businesses (
    id integer NOT NULL,
    owner_id integer NOT NULL,
    business_name text NOT NULL,
    category text NOT NULL,
    business_type text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    address text DEFAULT ''::text NOT NULL,
    phone text DEFAULT ''::text NOT NULL,
    email text DEFAULT ''::text NOT NULL,
    website text DEFAULT ''::text NOT NULL,
    operating_hours text DEFAULT ''::text NOT NULL,
    cuisine_type text,
    price_range text,
    max_party_size integer,
    reservation_duration integer,
    seating_capacity integer,
    time_zone text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT businesses_restaurant_fields_check CHECK (((business_type <> 'restaurant'::text) OR (((max_party_size >= 1) AND (max_party_size <= 20)) AND ((reservation_duration >= 60) AND (reservation_duration <= 300)) AND (seating_capacity > 0)))),
    CONSTRAINT businesses_type_check CHECK ((business_type = ANY (ARRAY['service'::text, 'restaurant'::text])))
);


--
-- Name: que_appointment_email_of(public.appointments, text, public.businesses, text, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_email_of(p_ap public.appointments, p_service_name text, p_business public.businesses, p_kind text, p_previous text, p_seq integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_seq int := p_seq;
  v_date text := to_char(p_ap.starts_at, 'YYYY-MM-DD');
  v_time text := to_char(p_ap.starts_at, 'HH24:MI');
  v_what text;
  v_was text := CASE WHEN p_previous IS NULL THEN ''
                     ELSE format(' (it was on %s at %s)', split_part(p_previous, ' ', 1), split_part(p_previous, ' ', 2)) END;
  v_kind text;
  v_subject text;
  v_intro text;
  v_cancelled boolean := p_kind = 'cancelled';
  v_lines text[];
BEGIN
  IF p_ap.customer_email = '' THEN RETURN; END IF;
  IF v_seq IS NULL THEN
    SELECT coalesce(max(ics_sequence), -1) + 1 INTO v_seq FROM email_outbox WHERE appointment_id = p_ap.id;
  END IF;
  IF v_cancelled AND v_seq = 0 THEN RETURN; END IF;
  v_what := p_service_name || ' at ' || p_business.business_name;
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
      IF p_business.business_type = 'restaurant' AND EXISTS (
           SELECT 1 FROM offers WHERE temporary_reservation AND status = 'accepted' AND to_appointment_id = p_ap.id) THEN
        v_subject := 'Table handed over: ' || v_what; v_intro := 'You gave your table to another guest, so this reservation is cancelled.';
      ELSE
        v_subject := 'Booking cancelled: ' || v_what; v_intro := 'Your booking has been cancelled.';
      END IF;
    ELSE
      RETURN;
  END CASE;
  v_lines := ARRAY[format('Hello %s,', coalesce(nullif(p_ap.customer_name, ''), 'there')), '', v_intro, '', v_what,
                   format('When: %s at %s (%s)', v_date, v_time, p_business.time_zone)];
  IF p_ap.party_size > 1 THEN v_lines := v_lines || format('Party: %s', p_ap.party_size); END IF;
  IF p_business.address <> '' THEN v_lines := v_lines || ('Where: ' || p_business.address); END IF;
  v_lines := v_lines || ARRAY['', 'The attached invite updates your calendar.', '', 'Que'];
  INSERT INTO email_outbox (kind, to_email, subject, text, ics, ics_uid, ics_sequence, appointment_id, invite)
  VALUES (v_kind, p_ap.customer_email, v_subject, array_to_string(v_lines, E'\n'), NULL, 'appointment-' || p_ap.id || '@que', v_seq, p_ap.id,
    jsonb_build_object(
      'appointmentId', p_ap.id, 'sequence', v_seq, 'cancelled', v_cancelled, 'date', v_date, 'time', v_time,
      'durationMinutes', p_ap.duration, 'timeZone', p_business.time_zone, 'summary', v_what, 'description', v_intro,
      'location', p_business.address,
      'organizer', jsonb_build_object('name', p_business.business_name, 'email', coalesce(nullif(p_business.email, ''), 'no-reply@que.local')),
      'attendee', jsonb_build_object('name', coalesce(nullif(p_ap.customer_name, ''), p_ap.customer_email), 'email', p_ap.customer_email)));
END
$$;


--
-- Name: que_appointment_slots_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_slots_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM que_earliest_invalidate_business(OLD.business_id);
  ELSIF OLD.business_id <> NEW.business_id THEN
    PERFORM que_earliest_invalidate(ARRAY[OLD.business_id, NEW.business_id]);
  ELSE
    PERFORM que_earliest_invalidate_business(NEW.business_id);
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: que_appointment_view(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_view(p_appointment integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    AS $$
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


--
-- Name: que_book(integer, integer, integer, date, text, integer, text, boolean, text, text, text, text, text, text, integer, timestamp with time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_book(p_user integer, p_business integer, p_service integer, p_date date, p_time text, p_party integer, p_notes text, p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text, p_dietary text, p_horizon integer, p_now timestamp with time zone, p_zone text) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  r jsonb := que_book_returning_events(p_user, p_business, p_service, p_date, p_time, p_party, p_notes, p_block_offers, p_customer_name,
    p_customer_email, p_customer_phone, p_seating, p_occasion, p_dietary, p_horizon, p_now, p_zone);
BEGIN
  PERFORM que_publish(r->'events');
  RETURN r->'appointment';
END
$$;


--
-- Name: que_book_returning_events(integer, integer, integer, date, text, integer, text, boolean, text, text, text, text, text, text, integer, timestamp with time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_book_returning_events(p_user integer, p_business integer, p_service integer, p_date date, p_time text, p_party integer, p_notes text, p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text, p_dietary text, p_horizon integer, p_now timestamp with time zone, p_zone text) RETURNS jsonb
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
  RETURNING * INTO v_ap;
  v_events := que_booked_effects_of(v_ap, p_user, s.name, b, true);
  RETURN jsonb_build_object('appointment', que_appointment_view(v_ap.id), 'events', v_events);
END
$$;


--
-- Name: que_booked_effects(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_booked_effects(p_appointment integer, p_by_user integer) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_ap appointments;
  v_service_name text;
  v_business businesses;
BEGIN
  SELECT * INTO v_ap FROM appointments WHERE id = p_appointment;
  IF FOUND THEN
    SELECT name INTO v_service_name FROM services WHERE id = v_ap.service_id;
    SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  END IF;
  IF v_service_name IS NULL OR v_business.id IS NULL THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  RETURN que_booked_effects_of(v_ap, p_by_user, v_service_name, v_business, false);
END
$$;


--
-- Name: que_booked_effects_of(public.appointments, integer, text, public.businesses, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_booked_effects_of(p_ap public.appointments, p_by_user integer, p_service_name text, p_business public.businesses, p_new boolean) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_date text := to_char(p_ap.starts_at, 'YYYY-MM-DD');
  v_time text := to_char(p_ap.starts_at, 'HH24:MI');
  v_issuance int;
  v_wallet int;
  v_entry int;
  v_note int;
  v_audience jsonb;
  v_events jsonb := '[]';
BEGIN
  IF p_ap.customer_id <> p_business.owner_id THEN
    -- Per-user issuance account: bookings of different people never wait on one ledger row.
    SELECT max(id) FILTER (WHERE kind = 'credit_issuance'), max(id) FILTER (WHERE kind = 'user_credit') INTO v_issuance, v_wallet
      FROM ledger_accounts
     WHERE kind IN ('credit_issuance', 'user_credit') AND asset = 'CREDIT' AND coalesce(user_id, 0) = p_ap.customer_id
       AND coalesce(business_id, 0) = 0 AND coalesce(offer_id, 0) = 0;
    IF v_issuance IS NULL OR v_wallet IS NULL THEN
      INSERT INTO ledger_accounts (kind, asset, user_id, no_overdraft)
      VALUES ('credit_issuance', 'CREDIT', p_ap.customer_id, false), ('user_credit', 'CREDIT', p_ap.customer_id, true)
      ON CONFLICT DO NOTHING;
      SELECT max(id) FILTER (WHERE kind = 'credit_issuance'), max(id) FILTER (WHERE kind = 'user_credit') INTO v_issuance, v_wallet
        FROM ledger_accounts
       WHERE kind IN ('credit_issuance', 'user_credit') AND asset = 'CREDIT' AND coalesce(user_id, 0) = p_ap.customer_id
         AND coalesce(business_id, 0) = 0 AND coalesce(offer_id, 0) = 0;
    END IF;
    -- Rows locked in id order, as every ledger writer does (ledger.repository.ts applyDeltas). (The
    -- lock is not an extra WAL record: the updated rows carry it, so the transfer's foreign-key
    -- checks below find them locked already.)
    UPDATE ledger_accounts l SET
      debits_pending = l.debits_pending + CASE WHEN l.id = v_issuance THEN 100 ELSE 0 END,
      credits_pending = l.credits_pending + CASE WHEN l.id = v_wallet THEN 100 ELSE 0 END
    FROM (SELECT id FROM ledger_accounts WHERE id IN (v_issuance, v_wallet) ORDER BY id FOR NO KEY UPDATE) locked
    WHERE l.id = locked.id;
    INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, appointment_id)
    VALUES (v_issuance, v_wallet, 100, 'CREDIT', 'pending', 'earned_booking',
            format('Earned for booking %s at %s', p_service_name, p_business.business_name), p_ap.id);
  END IF;

  IF p_ap.status = 'confirmed' THEN
    IF p_new THEN
      INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
      VALUES (p_ap.id, p_ap.business_id, p_ap.service_id, p_ap.customer_id, p_ap.starts_at, 'waiting')
      RETURNING id INTO v_entry;
    ELSE
      INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
      VALUES (p_ap.id, p_ap.business_id, p_ap.service_id, p_ap.customer_id, p_ap.starts_at, 'waiting')
      ON CONFLICT (appointment_id) DO UPDATE
        SET starts_at = excluded.starts_at, status = excluded.status, service_id = excluded.service_id,
            customer_id = excluded.customer_id, updated_at = now()
      RETURNING id INTO v_entry;
    END IF;
    v_audience := CASE WHEN p_ap.customer_id = p_business.owner_id THEN jsonb_build_array(p_ap.customer_id)
                       ELSE jsonb_build_array(p_ap.customer_id, p_business.owner_id) END;
    -- line: the entry joins the day's line at its time (those ranked after it move down one place).
    v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'queue_update', 'userIds', v_audience, 'businessId', p_ap.business_id,
                                                     'date', v_date, 'queueEntryId', v_entry,
                                                     'line', jsonb_build_object('from', NULL, 'to', v_time)));
  END IF;

  IF p_by_user = p_ap.customer_id THEN
    INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
    VALUES (p_ap.customer_id, 'booking_confirmed', 'Booking confirmed',
            format('%s at %s on %s at %s.', p_service_name, p_business.business_name, v_date, v_time), '/appointments', p_ap.id)
    RETURNING id INTO v_note;
    v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(p_ap.customer_id),
                                                     'notificationId', v_note));
  END IF;

  PERFORM que_appointment_email_of(p_ap, p_service_name, p_business, 'booked', NULL, CASE WHEN p_new THEN 0 END);
  RETURN v_events;
END
$$;


--
-- Name: que_business_slots_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_business_slots_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM que_earliest_invalidate(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;


--
-- Name: que_cancelled_effects(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_cancelled_effects(p_appointment integer, p_by_user integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  t record;
  v_hold int;
  v_entry int;
  v_note int;
  v_handed_over boolean;
BEGIN
  SELECT ap.id, ap.business_id, ap.customer_id, bz.owner_id, s.name AS service_name, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO t FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment;
  SELECT h.id INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_appointment AND h.code = 'earned_booking' AND h.flags = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id)
   ORDER BY h.id LIMIT 1;
  IF v_hold IS NOT NULL THEN
    PERFORM que_ledger_resolve(v_hold, 0, NULL, format('Voided: booking of %s at %s was cancelled', t.service_name, t.business_name));
  END IF;
  PERFORM que_offers_end_on(p_appointment, p_by_user);
  PERFORM que_offers_settle_on(p_appointment);
  UPDATE queue_entries SET status = 'cancelled', updated_at = now() WHERE appointment_id = p_appointment RETURNING id INTO v_entry;
  IF v_entry IS NOT NULL THEN
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_status_update',
      'userIds', CASE WHEN t.customer_id = t.owner_id THEN jsonb_build_array(t.customer_id) ELSE jsonb_build_array(t.customer_id, t.owner_id) END,
      'businessId', t.business_id, 'date', t.date, 'queueEntryId', v_entry, 'line', jsonb_build_object('from', t.time, 'to', NULL))::text);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM offers WHERE temporary_reservation AND status <> 'accepted' AND from_appointment_id = p_appointment) THEN
    v_handed_over := EXISTS (SELECT 1 FROM offers WHERE temporary_reservation AND status = 'accepted' AND to_appointment_id = p_appointment);
    INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
    VALUES (t.customer_id, 'booking_cancelled', CASE WHEN v_handed_over THEN 'Table handed over' ELSE 'Booking cancelled' END,
            CASE WHEN v_handed_over THEN format('You handed your table at %s on %s at %s to another guest.', t.business_name, t.date, t.time)
                 WHEN p_by_user = t.customer_id THEN format('You cancelled %s at %s on %s at %s.', t.service_name, t.business_name, t.date, t.time)
                 ELSE format('%s cancelled your %s on %s at %s.', t.business_name, t.service_name, t.date, t.time) END,
            '/appointments', p_appointment)
    RETURNING id INTO v_note;
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(t.customer_id), 'notificationId', v_note)::text);
  END IF;
  PERFORM que_offer_email(p_appointment, 'cancelled', NULL);
END
$$;


--
-- Name: que_candidate_starts(text, integer, integer, integer, integer[], integer[], integer[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_candidate_starts(p_kind text, p_open integer, p_close integer, p_duration integer, p_ts_start integer[], p_ts_end integer[], p_ts_interval integer[]) RETURNS integer[]
    LANGUAGE plpgsql IMMUTABLE
    AS $$
DECLARE
  v_starts int[] := '{}';
  v_t int := p_open;
  v_n int;
  v_last int;
  i int;
BEGIN
  IF p_kind = 'service' AND p_duration > 0 AND p_open IS NOT NULL AND p_close IS NOT NULL THEN
    WHILE v_t <= p_close - p_duration LOOP
      v_starts := v_starts || v_t;
      v_t := v_t + least(30, p_duration);
    END LOOP;
    RETURN v_starts;
  END IF;
  IF p_kind <> 'service' THEN
    v_n := cardinality(p_ts_start);
    IF v_n = cardinality(p_ts_end) AND v_n = cardinality(p_ts_interval) AND array_position(p_ts_start, NULL) IS NULL
       AND array_position(p_ts_end, NULL) IS NULL AND array_position(p_ts_interval, NULL) IS NULL THEN
      FOR i IN 1 .. v_n LOOP
        IF p_ts_interval[i] <= 0 THEN v_starts := NULL; EXIT; END IF;
        v_t := p_ts_start[i];
        -- a series that starts at or before the last start so far: not simply in order
        IF v_t <= v_last THEN v_starts := NULL; EXIT; END IF;
        WHILE v_t <= p_ts_end[i] - 1 LOOP
          v_starts := v_starts || v_t;
          v_last := v_t;
          v_t := v_t + p_ts_interval[i];
        END LOOP;
      END LOOP;
      IF v_starts IS NOT NULL THEN RETURN v_starts; END IF;
    END IF;
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


--
-- Name: que_cents_decimal(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_cents_decimal(p_cents bigint) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    AS $$
BEGIN
  RETURN CASE WHEN p_cents < 0 THEN '-' ELSE '' END || (abs(p_cents) / 100)::text || '.' || lpad((abs(p_cents) % 100)::text, 2, '0');
END
$$;


--
-- Name: que_claim_intent(text, integer, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_claim_intent(p_key text, p_user integer, p_amount integer, p_offer integer) RETURNS text
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_id text;
  r record;
  v_why text;
BEGIN
  UPDATE payment_intents SET offer_id = p_offer, claimed_at = clock_timestamp(), updated_at = now()
   WHERE (id = p_key OR client_secret = p_key) AND user_id = p_user AND status = 'requires_capture'
     AND amount_cents = p_amount AND offer_id IS NULL
  RETURNING id INTO v_id;
  IF v_id IS NOT NULL THEN RETURN v_id; END IF;
  SELECT id, user_id, status, offer_id, amount_cents INTO r FROM payment_intents WHERE id = p_key OR client_secret = p_key LIMIT 1;
  IF FOUND AND r.user_id = p_user AND r.offer_id = p_offer THEN RETURN r.id; END IF;
  v_why := CASE
    WHEN NOT FOUND OR r.user_id <> p_user THEN 'Payment not found: authorize a card payment first and send its id'
    WHEN r.status = 'requires_payment_method' THEN 'The payment is not authorized yet: confirm the card first'
    WHEN r.status = 'canceled' THEN 'The payment was canceled: authorize a new one'
    WHEN r.offer_id IS NOT NULL OR r.status = 'succeeded' THEN 'The payment is already used by another offer'
    WHEN r.amount_cents <> p_amount THEN format('The payment authorizes %s but this offer charges %s: %s expected',
      que_format_cents(r.amount_cents), que_format_cents(p_amount), que_format_cents(p_amount))
    ELSE 'The payment cannot be used for this offer' END;
  RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = v_why;
END
$$;


--
-- Name: que_closed_day(text, date, date, boolean, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_closed_day(p_kind text, p_date date, p_today date, p_blocked boolean, p_horizon integer) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT CASE
    WHEN p_date < p_today THEN 'past'
    WHEN p_blocked THEN 'blocked'
    WHEN p_kind = 'service' THEN CASE WHEN p_date <= p_today + 30 THEN NULL ELSE 'beyond_window' END
    ELSE CASE WHEN p_date <= p_today + p_horizon THEN NULL ELSE 'beyond_horizon' END
  END
$$;


--
-- Name: que_day_slots(integer, date, integer, integer, integer[], integer, timestamp with time zone, boolean, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_day_slots(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, OUT closed text, OUT slots text[]) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  SELECT w.closed, w.slots INTO closed, slots
    FROM que_day_slots_within(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_with_booked, p_zone, NULL) w;
END
$$;


--
-- Name: que_day_slots_within(integer, date, integer, integer, integer[], integer, timestamp with time zone, boolean, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_day_slots_within(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, p_only integer, OUT closed text, OUT slots text[]) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
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
  -- The business and whether the day is blocked; its hours or time slots are read below, by kind.
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

  -- Only what the kind uses: a restaurant's time slots or a service business's hours that weekday.
  IF v_kind = 'restaurant' THEN
    SELECT array_agg(extract(epoch FROM rt.start_time)::int / 60), array_agg(extract(epoch FROM rt.end_time)::int / 60), array_agg(rt.interval_minutes::int)
      INTO v_ts_start, v_ts_end, v_ts_interval
      FROM restaurant_time_slots rt WHERE rt.business_id = p_business AND rt.day_of_week = v_dow AND rt.is_active;
    v_duration := coalesce(b.reservation_duration, 120);
    v_capacity := coalesce(b.seating_capacity, 40);
  ELSE
    IF v_service_id IS NULL THEN RETURN; END IF;
    SELECT extract(epoch FROM bh.open_time)::int / 60, extract(epoch FROM bh.close_time)::int / 60 INTO v_open, v_close
      FROM business_hours bh WHERE bh.business_id = p_business AND bh.day_of_week = v_dow LIMIT 1;
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


--
-- Name: que_earliest_entry(integer, timestamp with time zone, date, text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_earliest_entry(p_service integer, p_now timestamp with time zone, p_day date, p_starts text[], OUT business_id integer, OUT fresh_until timestamp with time zone, OUT day date, OUT starts text[], OUT start_local timestamp without time zone, OUT item text) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  r record;
  v_at timestamptz;
  v_start record;
  v_today date;
BEGIN
  starts := '{}';
  SELECT s.id, s.business_id, s.name, s.duration, s.price_cents, s.deleted_at, b.business_name, b.business_type, b.category,
         b.time_zone, b.reservation_duration
    INTO r FROM services s JOIN businesses b ON b.id = s.business_id WHERE s.id = p_service;
  IF NOT FOUND THEN RETURN; END IF;
  business_id := r.business_id;
  IF r.deleted_at IS NOT NULL THEN fresh_until := 'infinity'; RETURN; END IF;

  BEGIN
    IF p_day IS NOT NULL THEN
      FOR v_start IN SELECT t, n FROM unnest(p_starts) WITH ORDINALITY u(t, n) LOOP
        v_at := que_instant(p_day + v_start.t::time, r.time_zone);
        IF v_at > p_now THEN
          day := p_day;
          starts := p_starts[v_start.n:];
          fresh_until := v_at;
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF day IS NULL THEN
      SELECT e.day, e.starts INTO day, starts FROM que_earliest_start(p_service, p_now) e;
      IF day IS NOT NULL THEN
        fresh_until := que_instant(day + starts[1]::time, r.time_zone);
      ELSE
        starts := '{}';
        -- Nothing this week; at the next midnight a new day joins it (its first instant: que_instant's
        -- first pass of a repeated midnight, PostgreSQL's reading of a skipped one).
        v_today := (p_now AT TIME ZONE r.time_zone)::date;
        fresh_until := coalesce(que_instant((v_today + 1)::timestamp, r.time_zone), (v_today + 1)::timestamp AT TIME ZONE r.time_zone);
        RETURN;
      END IF;
    END IF;
  EXCEPTION WHEN invalid_parameter_value OR SQLSTATE 'QBTZ1' THEN
    day := NULL;
    starts := '{}';
    -- looked at again a minute later (a tzdata update may bring the zone back)
    fresh_until := p_now + interval '1 minute';
    RETURN;
  END;
  start_local := day + starts[1]::time;
  -- The item as GET /api/earliest-appointments shows it (EarliestAppointment in src/contract), in its
  -- key order, compact: the route sends the text as it is. A restaurant's slot lasts its reservation,
  -- as que_day_slots books it.
  item := '{"business":{"id":' || r.business_id || ',"businessName":' || to_json(r.business_name)::text
    || ',"businessType":' || to_json(r.business_type)::text || ',"category":' || to_json(r.category)::text
    || '},"service":{"id":' || r.id || ',"serviceName":' || to_json(r.name)::text || ',"duration":' || r.duration
    || ',"price":"' || CASE WHEN r.price_cents < 0 THEN '-' ELSE '' END || (abs(r.price_cents) / 100)::text || '.'
    || lpad((abs(r.price_cents) % 100)::text, 2, '0')
    || '"},"date":"' || to_char(day, 'YYYY-MM-DD') || '","time":"' || starts[1] || '","duration":'
    || CASE WHEN r.business_type = 'restaurant' THEN coalesce(r.reservation_duration, 120) ELSE r.duration END || '}';
END
$$;


--
-- Name: que_earliest_invalidate(integer[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_earliest_invalidate(p_businesses integer[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_service int;
BEGIN
  FOR v_service IN SELECT service_id FROM earliest_free_starts WHERE business_id = ANY (p_businesses) ORDER BY service_id LOOP
    UPDATE earliest_free_starts SET version = version + 1 WHERE service_id = v_service;
  END LOOP;
END
$$;


--
-- Name: que_earliest_invalidate_business(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_earliest_invalidate_business(p_business integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_service int;
BEGIN
  FOR v_service IN SELECT service_id FROM earliest_free_starts WHERE business_id = p_business ORDER BY service_id LOOP
    UPDATE earliest_free_starts SET version = version + 1 WHERE service_id = v_service;
  END LOOP;
END
$$;


--
-- Name: que_earliest_start(integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_earliest_start(p_service integer, p_now timestamp with time zone, OUT day date, OUT starts text[]) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  v_business int;
  v_zone text;
  v_today date;
  v_slots text[];
BEGIN
  SELECT s.business_id, b.time_zone INTO v_business, v_zone
    FROM services s JOIN businesses b ON b.id = s.business_id WHERE s.id = p_service;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found'; END IF;
  v_today := (p_now AT TIME ZONE v_zone)::date;
  FOR i IN 0..6 LOOP
    SELECT d.slots INTO v_slots FROM que_day_slots(v_business, v_today + i, p_service, NULL, NULL, 7, p_now, true, NULL) d;
    IF cardinality(v_slots) > 0 THEN
      day := v_today + i;
      starts := v_slots;
      RETURN;
    END IF;
  END LOOP;
END
$$;


--
-- Name: que_format_cents(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_format_cents(p_cents bigint) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
BEGIN
  RETURN CASE WHEN p_cents < 0 THEN '-' ELSE '' END || '$' || trim(to_char(abs(p_cents) / 100, 'FM999,999,999,990')) || '.' || lpad((abs(p_cents) % 100)::text, 2, '0');
END
$_$;


--
-- Name: que_hand_over_table(integer, integer, integer, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_hand_over_table(p_pending integer, p_target integer, p_by_user integer, p_horizon integer, p_zone text) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  r record;
  p record;
  v_wanted text;
BEGIN
  FOR r IN SELECT ap.id, ap.status, s.name AS service_name, to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
             FROM appointments ap JOIN services s ON s.id = ap.service_id WHERE ap.id IN (p_target, p_pending)
            ORDER BY ap.id = p_pending LOOP
    v_wanted := CASE WHEN r.id = p_target THEN 'confirmed' ELSE 'pending' END;
    IF r.status <> v_wanted THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV',
        MESSAGE = format('The %s appointment on %s at %s is %s, so the swap cannot happen', r.service_name, r.date, r.time, r.status);
    END IF;
  END LOOP;
  UPDATE appointments SET status = 'cancelled', updated_at = now() WHERE id = p_target;
  UPDATE appointments SET status = 'confirmed', updated_at = now() WHERE id = p_pending;
  SELECT ap.business_id, ap.service_id, ap.party_size, to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO p FROM appointments ap WHERE ap.id = p_pending;
  PERFORM que_require_slot(p.business_id, p.date::date, p.time, p.service_id, p.party_size, ARRAY[p_pending], p_horizon, NULL, true, p_zone);
  PERFORM que_cancelled_effects(p_target, p_by_user);
  -- The sender's table is booked.
  PERFORM que_on_booked(p_pending, p_by_user);
END
$$;


--
-- Name: que_idempotency_claim(integer, text, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_idempotency_claim(p_user_id integer, p_key text, p_retention_seconds integer, p_idle_limit_ms integer) RETURNS TABLE(claimed boolean, stored_hash text, stored_status integer, stored_body text)
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF p_idle_limit_ms > 0 THEN
    PERFORM set_config('idle_in_transaction_session_timeout', p_idle_limit_ms::text, true);
    BEGIN
      PERFORM set_config('client_connection_check_interval', '1000', true);
    EXCEPTION WHEN invalid_parameter_value THEN
      NULL;
    END;
  END IF;
  claimed := pg_try_advisory_xact_lock(hashtextextended('que:idempotency:' || p_user_id || ':' || p_key, 0));
  IF claimed THEN
    SELECT k.request_hash, k.response_status, k.response_body INTO stored_hash, stored_status, stored_body
    FROM idempotency_keys k
    WHERE k.user_id = p_user_id AND k.key = p_key AND k.created_at > now() - make_interval(secs => p_retention_seconds);
  END IF;
  RETURN NEXT;
END $$;


--
-- Name: que_instant(timestamp without time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_instant(p_local timestamp without time zone, p_zone text) RETURNS timestamp with time zone
    LANGUAGE plpgsql STABLE
    AS $$
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


--
-- Name: que_ledger_account(text, text, integer, integer, integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_ledger_account(p_kind text, p_asset text, p_user integer, p_business integer, p_offer integer, p_no_overdraft boolean) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_id int;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts
   WHERE kind = p_kind AND asset = p_asset AND coalesce(user_id, 0) = coalesce(p_user, 0)
     AND coalesce(business_id, 0) = coalesce(p_business, 0) AND coalesce(offer_id, 0) = coalesce(p_offer, 0);
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, asset, user_id, business_id, offer_id, no_overdraft)
    VALUES (p_kind, p_asset, p_user, p_business, p_offer, p_no_overdraft) ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM ledger_accounts
     WHERE kind = p_kind AND asset = p_asset AND coalesce(user_id, 0) = coalesce(p_user, 0)
       AND coalesce(business_id, 0) = coalesce(p_business, 0) AND coalesce(offer_id, 0) = coalesce(p_offer, 0);
  END IF;
  RETURN v_id;
END
$$;


--
-- Name: que_ledger_resolve(integer, integer, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_ledger_resolve(p_pending integer, p_posted integer, p_code text, p_description text) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  t record;
BEGIN
  SELECT * INTO t FROM ledger_transfers WHERE id = p_pending AND flags = 'pending';
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Pending transfer not found'; END IF;
  IF p_posted > t.amount THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Cannot post more than the held amount'; END IF;
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, pending_id, code, description, appointment_id, offer_id)
  VALUES (t.debit_account_id, t.credit_account_id, CASE WHEN p_posted > 0 THEN p_posted ELSE t.amount END, t.asset,
          CASE WHEN p_posted > 0 THEN 'post_pending' ELSE 'void_pending' END, t.id, coalesce(p_code, t.code),
          coalesce(p_description, t.description), t.appointment_id, t.offer_id);
  UPDATE ledger_accounts l SET
    debits_pending = l.debits_pending - CASE WHEN l.id = t.debit_account_id THEN t.amount ELSE 0 END,
    debits_posted = l.debits_posted + CASE WHEN l.id = t.debit_account_id THEN p_posted ELSE 0 END,
    credits_pending = l.credits_pending - CASE WHEN l.id = t.credit_account_id THEN t.amount ELSE 0 END,
    credits_posted = l.credits_posted + CASE WHEN l.id = t.credit_account_id THEN p_posted ELSE 0 END
  FROM (SELECT id FROM ledger_accounts WHERE id IN (t.debit_account_id, t.credit_account_id) ORDER BY id FOR NO KEY UPDATE) locked
  WHERE l.id = locked.id AND l.asset = t.asset;
END
$$;


--
-- Name: que_ledger_transfer(integer, integer, integer, text, text, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_ledger_transfer(p_debit integer, p_credit integer, p_amount integer, p_asset text, p_code text, p_description text, p_offer integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE ledger_accounts l SET
    debits_posted = l.debits_posted + CASE WHEN l.id = p_debit THEN p_amount ELSE 0 END,
    credits_posted = l.credits_posted + CASE WHEN l.id = p_credit THEN p_amount ELSE 0 END
  FROM (SELECT id FROM ledger_accounts WHERE id IN (p_debit, p_credit) ORDER BY id FOR NO KEY UPDATE) locked
  WHERE l.id = locked.id AND l.asset = p_asset;
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, offer_id)
  VALUES (p_debit, p_credit, p_amount, p_asset, 'single', p_code, p_description, p_offer);
END
$$;


--
-- Name: que_missing_time_message(date, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_missing_time_message(p_date date, p_time text, p_zone text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    AS $$
BEGIN
  RETURN format('time: %s does not exist on %s in %s (the clocks skip it that day); please choose another time',
                p_time, to_char(p_date, 'YYYY-MM-DD'), p_zone);
END
$$;


--
-- Name: que_offer_accept(integer, integer, text, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_accept(p_user integer, p_offer integer, p_intent text, p_horizon integer, p_zone text) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  o record;
  h record;
  v_price int;
  v_total int;
  v_held int;
  v_intent text;
  v_claimed text;
  v_intents text[];
  v_remaining int;
  v_take int;
  v_i int := 0;
  v_turn int;
  c record;
BEGIN
  SELECT from_user_id, to_user_id, from_appointment_id, to_appointment_id INTO o FROM offers WHERE id = p_offer;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Offer not found'; END IF;
  IF p_user NOT IN (o.from_user_id, o.to_user_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the two customers of this offer can act on it';
  END IF;
  -- The appointments first, in id order, then the offer: the order an appointment change takes.
  IF (SELECT count(*) FROM (SELECT id FROM appointments WHERE id IN (o.from_appointment_id, o.to_appointment_id) ORDER BY id FOR UPDATE) l) < 2 THEN
    RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
  END IF;
  SELECT * INTO o FROM offers WHERE id = p_offer FOR UPDATE;
  IF o.status NOT IN ('pending', 'negotiating') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This offer is already %s', o.status);
  END IF;
  IF o.expires_at <= clock_timestamp() THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This offer has expired'; END IF;
  -- The party whose turn it is: the recipient of a pending offer, else whoever did not counter last.
  v_turn := CASE WHEN o.status = 'pending' OR o.last_negotiation_by IS DISTINCT FROM o.to_user_id THEN o.to_user_id ELSE o.from_user_id END;
  IF p_user <> v_turn THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'It is not your turn to answer this offer';
  END IF;

  v_price := coalesce(o.agreed_cents, o.counter_cents, o.offer_cents);
  v_total := que_offer_total(v_price, o.fee_kind);
  v_held := que_offer_held(p_offer);
  v_intent := o.payment_intent_id;
  IF v_total > v_held THEN
    -- Only a raise by the recipient can be uncovered, and only the payer can accept it.
    IF p_user <> o.from_user_id THEN RAISE EXCEPTION 'offer #%: payer''s own counter was not covered', p_offer; END IF;
    v_claimed := que_offer_hold(p_offer, v_total - v_held, p_intent);
    v_intent := coalesce(v_claimed, v_intent);
  END IF;

  -- Exactly the total is posted from the holds, oldest first; what was held beyond it goes back.
  -- Holds and card payments are made together, one for one, in the same order.
  IF o.payment_method = 'cash' THEN
    v_intents := ARRAY(SELECT id FROM payment_intents WHERE offer_id = p_offer ORDER BY claimed_at, id);
  END IF;
  v_remaining := v_total;
  FOR h IN SELECT t.id, t.amount FROM ledger_transfers t
            WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold'
              AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)
            ORDER BY t.id LOOP
    v_i := v_i + 1;
    v_take := least(h.amount, v_remaining);
    v_remaining := v_remaining - v_take;
    IF v_take > 0 THEN
      PERFORM que_ledger_resolve(h.id, v_take, 'offer_hold', format('Escrow for accepted offer #%s', p_offer));
    ELSE
      PERFORM que_ledger_resolve(h.id, 0, 'offer_refund', format('Returned: offer #%s was agreed at a lower price', p_offer));
    END IF;
    IF v_intents[v_i] IS NOT NULL THEN
      INSERT INTO payment_actions (kind, payment_intent_id, amount_cents)
      VALUES (CASE WHEN v_take > 0 THEN 'capture' ELSE 'cancel' END, v_intents[v_i], v_take) ON CONFLICT DO NOTHING;
    END IF;
  END LOOP;
  IF v_remaining > 0 THEN RAISE EXCEPTION 'offer #%: holds cover % of % cents', p_offer, v_total - v_remaining, v_total; END IF;

  UPDATE offers SET status = 'accepted', agreed_cents = v_price, accepted_at = now(), payment_intent_id = v_intent, updated_at = now()
   WHERE id = p_offer;
  IF o.temporary_reservation THEN
    PERFORM que_hand_over_table(o.from_appointment_id, o.to_appointment_id, p_user, p_horizon, p_zone);
  ELSE
    PERFORM que_swap_appointments(o.from_appointment_id, o.to_appointment_id, p_user, p_horizon, p_zone);
  END IF;

  -- The party who did not accept hears that the deal is done.
  SELECT * INTO c FROM que_offer_context(p_offer);
  PERFORM que_offer_tell(CASE WHEN p_user = o.from_user_id THEN o.to_user_id ELSE o.from_user_id END, p_offer, 'offer_accepted',
    'Offer accepted: ' || que_format_cents(v_price),
    format('%s accepted %s for the %s slot on %s at %s. %s; the money is held until both visits are completed.',
           CASE WHEN p_user = o.from_user_id THEN c.from_name ELSE c.to_name END, que_format_cents(v_price), c.target_time, c.target_date,
           c.business_name, CASE WHEN o.temporary_reservation THEN 'The table is handed over' ELSE 'Your appointments have swapped' END));
  RETURN que_offer_view(p_offer);
END
$$;


--
-- Name: que_offer_context(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_context(p_offer integer, OUT from_name text, OUT to_name text, OUT business_name text, OUT target_date text, OUT target_time text) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  SELECT fu.username, tu.username, b.business_name, to_char(a.starts_at, 'YYYY-MM-DD'), to_char(a.starts_at, 'HH24:MI')
    INTO from_name, to_name, business_name, target_date, target_time
    FROM offers o JOIN users fu ON fu.id = o.from_user_id JOIN users tu ON tu.id = o.to_user_id
    JOIN appointments a ON a.id = o.to_appointment_id JOIN businesses b ON b.id = a.business_id
   WHERE o.id = p_offer;
END
$$;


--
-- Name: que_offer_create(integer, integer, integer, integer, text, text, integer, text, text, jsonb, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_create(p_user integer, p_from_appointment integer, p_to_appointment integer, p_to_user integer, p_offer_type text, p_payment_method text, p_offer_cents integer, p_message text, p_intent text, p_temporary jsonb, p_lifetime_hours integer, p_zone text) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  t record;
  m record;
  v_own int;
  v_id int;
  v_expires timestamptz;
  v_claimed text;
  v_from_name text;
BEGIN
  SELECT ap.id, ap.customer_id, ap.status, ap.block_offers, ap.business_id, ap.service_id, bz.business_type, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO t FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_to_appointment;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Target appointment not found'; END IF;
  IF p_from_appointment IS NOT NULL THEN
    SELECT ap.id, ap.customer_id, ap.status, ap.business_id, ap.service_id,
           to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'YYYY-MM-DD HH24:MI') AS start
      INTO m FROM appointments ap WHERE ap.id = p_from_appointment FOR UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
    IF m.customer_id <> p_user THEN
      RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'fromAppointmentId must be one of your own appointments';
    END IF;
  END IF;
  -- The target: another customer's confirmed appointment that accepts offers.
  IF p_to_user IS NOT NULL AND p_to_user <> t.customer_id THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'toUserId must be the customer of the target appointment';
  END IF;
  IF t.customer_id = p_user THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'That appointment is your own: choose another customer’s appointment';
  END IF;
  IF t.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('That appointment is %s and cannot receive offers', t.status);
  END IF;
  IF t.block_offers THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'That appointment does not accept queue jump or move back offers';
  END IF;
  IF p_from_appointment IS NOT NULL THEN
    -- The sender's own appointment and the rule of the offer type.
    IF m.status <> 'confirmed' THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('Your appointment is %s, so it cannot be swapped', m.status);
    END IF;
    IF m.business_id <> t.business_id THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Both appointments must be at the same business'; END IF;
    IF p_offer_type = 'queue_jump' THEN
      IF m.date <> t.date THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A queue jump targets an appointment on the same date as yours'; END IF;
      IF t.date || ' ' || t.time >= m.start THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A queue jump targets an appointment earlier than yours'; END IF;
    ELSE
      IF m.service_id <> t.service_id THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A move back targets an appointment for the same service'; END IF;
      IF t.date || ' ' || t.time <= m.start THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A move back targets an appointment later than yours'; END IF;
    END IF;
    v_own := m.id;
    IF EXISTS (SELECT 1 FROM offers WHERE status IN ('pending', 'negotiating')
                AND ((from_appointment_id = v_own AND to_appointment_id = t.id) OR (from_appointment_id = t.id AND to_appointment_id = v_own))) THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'There is already an open offer between these two appointments';
    END IF;
  ELSE
    -- A pending reservation for the restaurant table that is full.
    IF t.business_type <> 'restaurant' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'temporaryReservation is only for restaurant offers'; END IF;
    IF p_offer_type <> 'queue_jump' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A temporary reservation goes with a queue jump offer'; END IF;
    IF p_temporary->>'date' <> t.date OR p_temporary->>'time' <> t.time THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400',
        MESSAGE = format('temporaryReservation must be for the chosen reservation''s table: %s at %s', t.date, t.time);
    END IF;
    v_own := que_pending_reservation(p_user, t.business_id, p_temporary, p_zone);
  END IF;

  -- The unique index offers_one_live_per_pair_key is the arbiter between concurrent offers.
  INSERT INTO offers (from_user_id, to_user_id, from_appointment_id, to_appointment_id, offer_type, payment_method, fee_kind, offer_cents,
    message, temporary_reservation, expires_at)
  VALUES (p_user, t.customer_id, v_own, t.id, p_offer_type, p_payment_method, CASE WHEN t.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END,
    p_offer_cents, coalesce(p_message, ''), p_from_appointment IS NULL,
    least(now() + make_interval(hours => p_lifetime_hours),
          (SELECT min(a.starts_at AT TIME ZONE b.time_zone) FROM appointments a JOIN businesses b ON b.id = a.business_id WHERE a.id IN (v_own, t.id))))
  ON CONFLICT (least(from_appointment_id, to_appointment_id), greatest(from_appointment_id, to_appointment_id))
    WHERE status IN ('pending', 'negotiating') DO NOTHING
  RETURNING id, expires_at INTO v_id, v_expires;
  IF v_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'There is already an open offer between these two appointments';
  END IF;
  IF v_expires <= clock_timestamp() THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'Too late: the earlier appointment has already started';
  END IF;
  v_claimed := que_offer_hold(v_id, que_offer_total(p_offer_cents, CASE WHEN t.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END), p_intent);
  IF v_claimed IS NOT NULL THEN UPDATE offers SET payment_intent_id = v_claimed, updated_at = now() WHERE id = v_id; END IF;

  SELECT username INTO v_from_name FROM users WHERE id = p_user;
  PERFORM que_offer_tell(t.customer_id, v_id, 'offer_received', 'New offer: ' || que_format_cents(p_offer_cents),
    format('%s offers %s to %s your %s appointment on %s at %s.', v_from_name, que_format_cents(p_offer_cents),
           CASE WHEN p_offer_type = 'move_back' THEN 'swap to a later time with you' ELSE 'take' END, t.time, t.date, t.business_name));
  RETURN que_offer_view(v_id);
END
$$;


--
-- Name: que_offer_email(integer, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_email(p_appointment integer, p_kind text, p_previous text) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM appointments WHERE id = p_appointment AND coalesce(customer_email, '') <> '') THEN
    PERFORM que_appointment_email(p_appointment, p_kind, p_previous);
  END IF;
END
$$;


--
-- Name: que_offer_end(integer, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_end(p_offer integer, p_status text, p_by_user integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  o record;
  h record;
  c record;
  v_user int;
  v_verb text := CASE p_status WHEN 'declined' THEN 'was declined' WHEN 'cancelled' THEN 'was cancelled' ELSE 'expired' END;
BEGIN
  UPDATE offers SET status = p_status, updated_at = now() WHERE id = p_offer RETURNING * INTO o;
  FOR h IN SELECT t.id FROM ledger_transfers t
            WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold'
              AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)
            ORDER BY t.id LOOP
    PERFORM que_ledger_resolve(h.id, 0, 'offer_refund', format('Returned: offer #%s %s', p_offer, v_verb));
  END LOOP;
  IF o.payment_method = 'cash' THEN
    INSERT INTO payment_actions (kind, payment_intent_id, amount_cents)
    SELECT 'cancel', id, 0 FROM payment_intents WHERE offer_id = p_offer ORDER BY claimed_at, id
    ON CONFLICT DO NOTHING;
  END IF;
  SELECT * INTO c FROM que_offer_context(p_offer);
  FOREACH v_user IN ARRAY ARRAY[o.from_user_id, o.to_user_id] LOOP
    CONTINUE WHEN p_status <> 'expired' AND v_user = p_by_user;
    PERFORM que_offer_tell(v_user, p_offer, 'offer_' || p_status, 'Offer ' || p_status,
      format('The %s offer for the %s slot on %s at %s %s.%s', que_format_cents(coalesce(o.agreed_cents, o.counter_cents, o.offer_cents)),
             c.target_time, c.target_date, c.business_name, v_verb,
             CASE WHEN v_user = o.from_user_id THEN ' Everything it held has been returned to you.' ELSE '' END));
  END LOOP;
  IF o.temporary_reservation THEN
    PERFORM 1 FROM appointments WHERE id = o.from_appointment_id FOR UPDATE;
    UPDATE appointments SET status = 'cancelled', updated_at = now() WHERE id = o.from_appointment_id AND status = 'pending';
  END IF;
END
$$;


--
-- Name: que_offer_held(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_held(p_offer integer) RETURNS integer
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t
           WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold'
             AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id));
END
$$;


--
-- Name: que_offer_hold(integer, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_hold(p_offer integer, p_amount integer, p_intent text) RETURNS text
    LANGUAGE plpgsql
    AS $_$
DECLARE
  o record;
  v_asset text;
  v_claimed text;
  v_payer int;
  v_escrow int;
  v_have bigint;
BEGIN
  SELECT id, from_user_id, payment_method INTO o FROM offers WHERE id = p_offer;
  v_asset := CASE WHEN o.payment_method = 'credits' THEN 'CREDIT' ELSE 'USD' END;
  IF o.payment_method = 'cash' THEN
    IF coalesce(p_intent, '') = '' THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400',
        MESSAGE = format('paymentIntentId: an authorized card payment of $%s is required', que_cents_decimal(p_amount));
    END IF;
    v_claimed := que_claim_intent(p_intent, o.from_user_id, p_amount, p_offer);
    v_payer := que_ledger_account('user_card', 'USD', o.from_user_id, NULL, NULL, false);
  ELSE
    -- Checked before anything is written, as a spend of credit always was; again under the lock below.
    SELECT coalesce(max(credits_posted - debits_posted - debits_pending), 0) INTO v_have FROM ledger_accounts
     WHERE kind = 'user_credit' AND asset = 'CREDIT' AND coalesce(user_id, 0) = o.from_user_id
       AND coalesce(business_id, 0) = 0 AND coalesce(offer_id, 0) = 0;
    PERFORM que_require_credit(p_amount, v_have);
    v_payer := que_ledger_account('user_credit', 'CREDIT', o.from_user_id, NULL, NULL, true);
  END IF;
  v_escrow := que_ledger_account('offer_escrow', v_asset, NULL, NULL, p_offer, true);
  PERFORM 1 FROM ledger_accounts WHERE id IN (v_payer, v_escrow) ORDER BY id FOR NO KEY UPDATE;
  IF o.payment_method = 'credits' THEN
    SELECT credits_posted - debits_posted - debits_pending INTO v_have FROM ledger_accounts WHERE id = v_payer;
    PERFORM que_require_credit(p_amount, v_have);
  END IF;
  UPDATE ledger_accounts l SET
    debits_pending = l.debits_pending + CASE WHEN l.id = v_payer THEN p_amount ELSE 0 END,
    credits_pending = l.credits_pending + CASE WHEN l.id = v_escrow THEN p_amount ELSE 0 END
  WHERE l.id IN (v_payer, v_escrow);
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, offer_id)
  VALUES (v_payer, v_escrow, p_amount, v_asset, 'pending', 'offer_hold', format('Held for offer #%s', p_offer), p_offer);
  RETURN v_claimed;
END
$_$;


--
-- Name: que_offer_settle(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_settle(p_offer integer) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
DECLARE
  o record;
  sp record;
  h record;
  c record;
  v_asset text;
  v_business int;
  v_escrow int;
  v_to int;
  v_intents text[];
  v_i int := 0;
BEGIN
  SELECT * INTO o FROM offers WHERE id = p_offer;
  IF NOT FOUND OR o.status <> 'accepted' OR o.escrow_status <> 'held' THEN RETURN false; END IF;
  IF EXISTS (SELECT 1 FROM appointments WHERE status IN ('confirmed', 'pending')
              AND id IN (o.from_appointment_id, CASE WHEN o.temporary_reservation THEN o.from_appointment_id ELSE o.to_appointment_id END)) THEN
    RETURN false;
  END IF;
  SELECT * INTO sp FROM que_offer_split(coalesce(o.agreed_cents, o.counter_cents, o.offer_cents), o.fee_kind);
  v_asset := CASE WHEN o.payment_method = 'credits' THEN 'CREDIT' ELSE 'USD' END;
  v_escrow := que_ledger_account('offer_escrow', v_asset, NULL, NULL, p_offer, true);

  IF NOT EXISTS (SELECT 1 FROM appointments WHERE status <> 'completed'
                  AND id IN (o.from_appointment_id, CASE WHEN o.temporary_reservation THEN o.from_appointment_id ELSE o.to_appointment_id END)) THEN
    SELECT business_id INTO v_business FROM appointments WHERE id = o.from_appointment_id;
    v_to := CASE WHEN v_asset = 'CREDIT' THEN que_ledger_account('user_credit', 'CREDIT', o.to_user_id, NULL, NULL, true)
                 ELSE que_ledger_account('user_earnings', 'USD', o.to_user_id, NULL, NULL, true) END;
    IF sp.recipient_cents > 0 THEN
      PERFORM que_ledger_transfer(v_escrow, v_to, sp.recipient_cents, v_asset, 'offer_release',
        format('Received for swapping your appointment (offer #%s)', p_offer), p_offer);
    END IF;
    IF sp.business_fee_cents > 0 THEN
      PERFORM que_ledger_transfer(v_escrow, que_ledger_account('business_fees', v_asset, NULL, v_business, NULL, false), sp.business_fee_cents,
        v_asset, 'offer_fee', format('Business fee for offer #%s', p_offer), p_offer);
    END IF;
    IF sp.platform_fee_cents > 0 THEN
      PERFORM que_ledger_transfer(v_escrow, que_ledger_account('platform_fees', v_asset, NULL, NULL, NULL, false), sp.platform_fee_cents,
        v_asset, 'offer_fee', format('Platform fee for offer #%s', p_offer), p_offer);
    END IF;
    IF v_asset = 'USD' THEN
      INSERT INTO payment_actions (kind, offer_id, user_id, amount_cents) VALUES ('payout', p_offer, o.to_user_id, sp.recipient_cents)
      ON CONFLICT DO NOTHING;
    END IF;
    UPDATE offers SET escrow_status = 'released', settled_at = now(), updated_at = now() WHERE id = p_offer;
    SELECT * INTO c FROM que_offer_context(p_offer);
    PERFORM que_offer_tell(o.to_user_id, p_offer, 'offer_paid_out', 'Paid out: ' || que_format_cents(sp.recipient_cents),
      format('The swap with %s at %s is complete: %s has been released to you.', c.from_name, c.business_name, que_format_cents(sp.recipient_cents)));
  ELSE
    PERFORM que_ledger_transfer(v_escrow,
      CASE WHEN v_asset = 'CREDIT' THEN que_ledger_account('user_credit', 'CREDIT', o.from_user_id, NULL, NULL, true)
           ELSE que_ledger_account('user_card', 'USD', o.from_user_id, NULL, NULL, false) END,
      sp.total_cents, v_asset, 'offer_refund',
      format('Refunded: an appointment of offer #%s was cancelled before both were completed', p_offer), p_offer);
    IF o.payment_method = 'cash' THEN
      -- Holds and card payments were made together, one for one, in the same order.
      v_intents := ARRAY(SELECT id FROM payment_intents WHERE offer_id = p_offer ORDER BY claimed_at, id);
      FOR h IN SELECT (SELECT coalesce(sum(r.amount), 0) FROM ledger_transfers r WHERE r.pending_id = t.id AND r.flags = 'post_pending') AS captured
                 FROM ledger_transfers t WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold' ORDER BY t.id LOOP
        v_i := v_i + 1;
        IF h.captured > 0 AND v_intents[v_i] IS NOT NULL THEN
          INSERT INTO payment_actions (kind, payment_intent_id, offer_id, amount_cents) VALUES ('refund', v_intents[v_i], p_offer, h.captured)
          ON CONFLICT DO NOTHING;
        END IF;
      END LOOP;
    END IF;
    UPDATE offers SET escrow_status = 'refunded', settled_at = now(), updated_at = now() WHERE id = p_offer;
  END IF;
  RETURN true;
END
$$;


--
-- Name: que_offer_split(integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_split(p_cents integer, p_fee_kind text, OUT total_cents integer, OUT recipient_cents integer, OUT business_fee_cents integer, OUT platform_fee_cents integer) RETURNS record
    LANGUAGE plpgsql IMMUTABLE
    AS $$
BEGIN
  total_cents := que_offer_total(p_cents, p_fee_kind);
  platform_fee_cents := (p_cents * 5 + 50) / 100;
  business_fee_cents := 500;
  recipient_cents := CASE WHEN p_fee_kind = 'restaurant' THEN p_cents ELSE p_cents - platform_fee_cents END;
END
$$;


--
-- Name: que_offer_tell(integer, integer, text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_tell(p_user integer, p_offer integer, p_kind text, p_title text, p_body text) RETURNS void
    LANGUAGE plpgsql
    AS $_$
DECLARE
  v_note int;
BEGIN
  INSERT INTO notifications (user_id, kind, title, body, link, offer_id)
  VALUES (p_user, p_kind, p_title, regexp_replace(p_body, '\.\.$', '.'), '/appointments', p_offer)
  RETURNING id INTO v_note;
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(p_user), 'notificationId', v_note)::text);
END
$_$;


--
-- Name: que_offer_total(integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_total(p_cents integer, p_fee_kind text) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE
    AS $$
BEGIN
  RETURN p_cents + 500 + CASE WHEN p_fee_kind = 'restaurant' THEN (p_cents * 5 + 50) / 100 ELSE 0 END;
END
$$;


--
-- Name: que_offer_view(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_view(p_offer integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'offer', jsonb_build_object(
        'id', o.id, 'fromUserId', o.from_user_id, 'toUserId', o.to_user_id, 'fromAppointmentId', o.from_appointment_id,
        'toAppointmentId', o.to_appointment_id, 'offerType', o.offer_type, 'paymentMethod', o.payment_method, 'feeKind', o.fee_kind,
        'offerCents', o.offer_cents, 'counterCents', o.counter_cents, 'message', o.message, 'counterMessage', o.counter_message,
        'status', o.status, 'negotiationRound', o.negotiation_round, 'lastNegotiationBy', o.last_negotiation_by,
        'temporaryReservation', o.temporary_reservation, 'paymentIntentId', o.payment_intent_id, 'agreedCents', o.agreed_cents,
        'escrowStatus', o.escrow_status, 'expiresAt', o.expires_at, 'acceptedAt', o.accepted_at, 'settledAt', o.settled_at,
        'createdAt', o.created_at, 'updatedAt', o.updated_at),
      'fromAppointment', que_appointment_view(o.from_appointment_id),
      'toAppointment', que_appointment_view(o.to_appointment_id),
      'heldCents', que_offer_held(o.id))
    FROM offers o WHERE o.id = p_offer
  );
END
$$;


--
-- Name: que_offers_end_on(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offers_end_on(p_appointment integer, p_by_user integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM offers WHERE (from_appointment_id = p_appointment OR to_appointment_id = p_appointment)
              AND status IN ('pending', 'negotiating') ORDER BY id FOR UPDATE LOOP
    PERFORM que_offer_end(r.id, 'cancelled', p_by_user);
  END LOOP;
END
$$;


--
-- Name: que_offers_settle_due(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offers_settle_due(p_limit integer) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  r record;
  v_settled int := 0;
BEGIN
  FOR r IN SELECT o.id FROM offers o
            WHERE o.status = 'accepted' AND o.escrow_status = 'held'
              AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.id IN (o.from_appointment_id, o.to_appointment_id)
                                AND a.status IN ('confirmed', 'pending'))
            ORDER BY o.id LIMIT p_limit FOR UPDATE OF o SKIP LOCKED LOOP
    IF que_offer_settle(r.id) THEN v_settled := v_settled + 1; END IF;
  END LOOP;
  RETURN v_settled;
END
$$;


--
-- Name: que_offers_settle_on(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offers_settle_on(p_appointment integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM offers WHERE (from_appointment_id = p_appointment OR to_appointment_id = p_appointment)
              AND status = 'accepted' AND escrow_status = 'held' ORDER BY id FOR UPDATE LOOP
    PERFORM que_offer_settle(r.id);
  END LOOP;
END
$$;


--
-- Name: que_on_booked(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_on_booked(p_appointment integer, p_by_user integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM que_publish(que_booked_effects(p_appointment, p_by_user));
END
$$;


--
-- Name: que_pending_reservation(integer, integer, jsonb, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_pending_reservation(p_user integer, p_business integer, p_wanted jsonb, p_zone text) RETURNS integer
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


--
-- Name: que_period(date, text, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_period(p_date date, p_time text, p_duration integer, p_zone text, OUT starts_at timestamp without time zone, OUT ends_at timestamp without time zone) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
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


--
-- Name: que_publish(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_publish(p_events jsonb) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_notify('que_live', e::text) FROM jsonb_array_elements(coalesce(p_events, '[]')) e;
END
$$;


--
-- Name: que_queue_moved(integer, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_queue_moved(p_appointment integer, p_previous_date text, p_previous_time text) RETURNS void
    LANGUAGE plpgsql
    AS $$
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


--
-- Name: que_require_credit(bigint, bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_require_credit(p_needed bigint, p_have bigint) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    AS $_$
BEGIN
  IF p_have < p_needed THEN
    RAISE EXCEPTION USING ERRCODE = 'QBCRD', MESSAGE = format(
      'You need $%s in Que Credit but only have $%s. Book more appointments to earn Que Credit!',
      que_cents_decimal(p_needed), que_cents_decimal(greatest(0, p_have)));
  END IF;
END
$_$;


--
-- Name: que_require_slot(integer, date, text, integer, integer, integer[], integer, timestamp with time zone, boolean, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_require_slot(p_business integer, p_date date, p_time text, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text) RETURNS void
    LANGUAGE plpgsql
    AS $_$
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
$_$;


--
-- Name: que_reschedule(integer, integer, date, text, integer, timestamp with time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_reschedule(p_user integer, p_appointment integer, p_date date, p_time text, p_horizon integer, p_now timestamp with time zone, p_zone text) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
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
  IF a.status = 'pending' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = 'This reservation is waiting for the answer to your offer and cannot be moved; cancel the offer or book another time';
  END IF;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This appointment is already %s', a.status);
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
  PERFORM que_offers_end_on(p_appointment, p_user);
  RETURN jsonb_build_object('appointment', que_appointment_view(p_appointment), 'previous', jsonb_build_object('date', a.date, 'time', a.time));
END
$$;


--
-- Name: que_slot_engine(text, date, date, integer, boolean, integer, integer[], integer, integer, integer, integer[], integer[], integer[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_slot_engine(p_kind text, p_date date, p_today date, p_now_minutes integer, p_blocked boolean, p_horizon integer, p_starts integer[], p_duration integer, p_capacity integer, p_party integer, p_b_start integer[], p_b_end integer[], p_b_party integer[]) RETURNS integer[]
    LANGUAGE plpgsql IMMUTABLE
    AS $$
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
  IF v_booked = 0 THEN
    -- Nothing booked (most days): every start from v_from on is free, a restaurant's only if the
    -- party fits its seats. The loop below gives the same, with more steps per start.
    IF p_kind IS DISTINCT FROM 'service' AND NOT coalesce(p_party <= p_capacity, false) THEN RETURN '{}'; END IF;
    FOREACH t IN ARRAY p_starts LOOP
      IF t >= v_from THEN
        IF t < v_free[cardinality(v_free)] THEN v_sorted := false; END IF;
        v_free := v_free || t;
      END IF;
    END LOOP;
    IF NOT v_sorted THEN RETURN (SELECT array_agg(f ORDER BY f) FROM unnest(v_free) f); END IF;
    RETURN v_free;
  END IF;
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


--
-- Name: que_slots_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_slots_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF TG_TABLE_NAME = 'services' THEN
      INSERT INTO earliest_free_starts (service_id, business_id) SELECT id, business_id FROM new_rows ON CONFLICT DO NOTHING;
    ELSE
      PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM old_rows));
  ELSE
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows UNION SELECT business_id FROM old_rows));
    IF TG_TABLE_NAME = 'services' THEN
      -- a service that changed business is read with its new business at once
      UPDATE earliest_free_starts c SET business_id = n.business_id FROM new_rows n WHERE c.service_id = n.id AND c.business_id <> n.business_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: que_swap_appointments(integer, integer, integer, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_swap_appointments(p_a integer, p_b integer, p_by_user integer, p_horizon integer, p_zone text) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  b record;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.status, ap.party_size, ap.duration, s.name AS service_name, bz.time_zone,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO a FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_a;
  SELECT ap.id, ap.business_id, ap.service_id, ap.status, ap.party_size, ap.duration, s.name AS service_name, bz.time_zone,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO b FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_b;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('The %s appointment on %s at %s is %s, so the swap cannot happen', a.service_name, a.date, a.time, a.status);
  END IF;
  IF b.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('The %s appointment on %s at %s is %s, so the swap cannot happen', b.service_name, b.date, b.time, b.status);
  END IF;
  IF a.business_id <> b.business_id THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Only appointments at the same business can be swapped'; END IF;
  SET CONSTRAINTS appointments_no_overlap DEFERRED;
  UPDATE appointments ap SET starts_at = pr.starts_at, ends_at = pr.ends_at, updated_at = now()
    FROM que_period(b.date::date, b.time, a.duration, coalesce(p_zone, a.time_zone)) pr WHERE ap.id = a.id;
  UPDATE appointments ap SET starts_at = pr.starts_at, ends_at = pr.ends_at, updated_at = now()
    FROM que_period(a.date::date, a.time, b.duration, coalesce(p_zone, b.time_zone)) pr WHERE ap.id = b.id;
  PERFORM que_require_slot(a.business_id, b.date::date, b.time, a.service_id, a.party_size, ARRAY[a.id], p_horizon, NULL, true, p_zone);
  PERFORM que_require_slot(b.business_id, a.date::date, a.time, b.service_id, b.party_size, ARRAY[b.id], p_horizon, NULL, true, p_zone);
  SET CONSTRAINTS appointments_no_overlap IMMEDIATE;
  PERFORM que_offers_end_on(a.id, p_by_user);
  PERFORM que_queue_moved(a.id, a.date, a.time);
  PERFORM que_offer_email(a.id, 'swapped', a.date || ' ' || a.time);
  PERFORM que_offers_end_on(b.id, p_by_user);
  PERFORM que_queue_moved(b.id, b.date, b.time);
  PERFORM que_offer_email(b.id, 'swapped', b.date || ' ' || b.time);
END
$$;


--
-- Name: que_wall_clock_at_or_after(timestamp with time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_wall_clock_at_or_after(p_instant timestamp with time zone, p_zone text) RETURNS timestamp without time zone
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  v_own timestamp := date_trunc('minute', p_instant AT TIME ZONE p_zone);
BEGIN
  IF que_instant(v_own, p_zone) >= p_instant THEN RETURN v_own; END IF;
  RETURN (SELECT min(w) FROM generate_series(v_own + interval '1 minute', v_own + interval '3 hours', interval '1 minute') w
           WHERE que_instant(w, p_zone) >= p_instant);
END
$$;


--
-- Name: app_secrets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.app_secrets (
    name text NOT NULL,
    value text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT app_secrets_value_check CHECK ((length(value) >= 32))
);


--
-- Name: appointments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.appointments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: appointments_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.appointments_id_seq OWNED BY public.appointments.id;


--
-- Name: blocked_dates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.blocked_dates (
    id integer NOT NULL,
    business_id integer NOT NULL,
    date date NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: blocked_dates_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.blocked_dates_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: blocked_dates_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.blocked_dates_id_seq OWNED BY public.blocked_dates.id;


--
-- Name: business_hours; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.business_hours (
    id integer NOT NULL,
    business_id integer NOT NULL,
    day_of_week smallint NOT NULL,
    open_time time without time zone NOT NULL,
    close_time time without time zone NOT NULL,
    CONSTRAINT business_hours_day_check CHECK (((day_of_week >= 0) AND (day_of_week <= 6))),
    CONSTRAINT business_hours_order_check CHECK ((close_time > open_time))
);


--
-- Name: business_hours_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.business_hours_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: business_hours_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.business_hours_id_seq OWNED BY public.business_hours.id;


--
-- Name: businesses_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.businesses_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: businesses_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.businesses_id_seq OWNED BY public.businesses.id;


--
-- Name: earliest_free_starts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.earliest_free_starts (
    service_id integer NOT NULL,
    business_id integer NOT NULL,
    version bigint DEFAULT 0 NOT NULL,
    computed_version bigint DEFAULT '-1'::integer NOT NULL,
    computed_for timestamp with time zone,
    fresh_until timestamp with time zone,
    day date,
    starts text[] DEFAULT '{}'::text[] NOT NULL,
    start_local timestamp without time zone,
    item text
)
WITH (fillfactor='70');


--
-- Name: email_outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_outbox (
    id integer NOT NULL,
    kind text NOT NULL,
    to_email text NOT NULL,
    subject text NOT NULL,
    text text NOT NULL,
    ics text,
    ics_uid text,
    ics_sequence integer,
    appointment_id integer,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    invite jsonb,
    CONSTRAINT email_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text])))
);


--
-- Name: email_outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.email_outbox_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: email_outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.email_outbox_id_seq OWNED BY public.email_outbox.id;


--
-- Name: idempotency_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.idempotency_keys (
    user_id integer NOT NULL,
    key text NOT NULL,
    method text NOT NULL,
    path text NOT NULL,
    request_hash text NOT NULL,
    response_status integer NOT NULL,
    response_body text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: ledger_accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ledger_accounts (
    id integer NOT NULL,
    kind text NOT NULL,
    asset text NOT NULL,
    user_id integer,
    business_id integer,
    offer_id integer,
    no_overdraft boolean NOT NULL,
    debits_pending bigint DEFAULT 0 NOT NULL,
    debits_posted bigint DEFAULT 0 NOT NULL,
    credits_pending bigint DEFAULT 0 NOT NULL,
    credits_posted bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ledger_accounts_asset_check CHECK ((asset = ANY (ARRAY['USD'::text, 'CREDIT'::text]))),
    CONSTRAINT ledger_accounts_no_overdraft_check CHECK (((NOT no_overdraft) OR (((credits_posted - debits_posted) - debits_pending) >= 0))),
    CONSTRAINT ledger_accounts_nonnegative_check CHECK (((debits_pending >= 0) AND (credits_pending >= 0) AND (debits_posted >= 0) AND (credits_posted >= 0)))
);


--
-- Name: ledger_accounts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.ledger_accounts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: ledger_accounts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.ledger_accounts_id_seq OWNED BY public.ledger_accounts.id;


--
-- Name: ledger_transfers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ledger_transfers (
    id integer NOT NULL,
    debit_account_id integer NOT NULL,
    credit_account_id integer NOT NULL,
    amount bigint NOT NULL,
    asset text NOT NULL,
    flags text NOT NULL,
    pending_id integer,
    code text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    appointment_id integer,
    offer_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ledger_transfers_amount_check CHECK ((amount > 0)),
    CONSTRAINT ledger_transfers_distinct_check CHECK ((debit_account_id <> credit_account_id)),
    CONSTRAINT ledger_transfers_flags_check CHECK ((flags = ANY (ARRAY['single'::text, 'pending'::text, 'post_pending'::text, 'void_pending'::text]))),
    CONSTRAINT ledger_transfers_pending_ref_check CHECK (((flags = ANY (ARRAY['post_pending'::text, 'void_pending'::text])) = (pending_id IS NOT NULL)))
);


--
-- Name: ledger_transfers_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.ledger_transfers_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: ledger_transfers_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.ledger_transfers_id_seq OWNED BY public.ledger_transfers.id;


--
-- Name: login_attempts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.login_attempts (
    key text NOT NULL,
    count integer NOT NULL,
    window_ends_at timestamp with time zone NOT NULL
);


--
-- Name: notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notifications (
    id integer NOT NULL,
    user_id integer NOT NULL,
    kind text NOT NULL,
    title text NOT NULL,
    body text DEFAULT ''::text NOT NULL,
    link text,
    appointment_id integer,
    offer_id integer,
    read_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: notifications_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.notifications_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: notifications_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.notifications_id_seq OWNED BY public.notifications.id;


--
-- Name: offers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.offers (
    id integer NOT NULL,
    from_user_id integer NOT NULL,
    to_user_id integer NOT NULL,
    from_appointment_id integer NOT NULL,
    to_appointment_id integer NOT NULL,
    offer_type text NOT NULL,
    payment_method text NOT NULL,
    fee_kind text NOT NULL,
    offer_cents integer NOT NULL,
    counter_cents integer,
    message text DEFAULT ''::text NOT NULL,
    counter_message text,
    status text DEFAULT 'pending'::text NOT NULL,
    negotiation_round integer DEFAULT 0 NOT NULL,
    last_negotiation_by integer,
    temporary_reservation boolean DEFAULT false NOT NULL,
    payment_intent_id text,
    agreed_cents integer,
    escrow_status text DEFAULT 'held'::text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    accepted_at timestamp with time zone,
    settled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT offers_amount_check CHECK ((((offer_cents >= 100) AND (offer_cents <= 20000)) AND ((counter_cents IS NULL) OR ((counter_cents >= 100) AND (counter_cents <= 20000))))),
    CONSTRAINT offers_distinct_check CHECK (((from_appointment_id <> to_appointment_id) AND (from_user_id <> to_user_id))),
    CONSTRAINT offers_escrow_status_check CHECK ((escrow_status = ANY (ARRAY['held'::text, 'released'::text, 'refunded'::text]))),
    CONSTRAINT offers_fee_kind_check CHECK ((fee_kind = ANY (ARRAY['service'::text, 'restaurant'::text]))),
    CONSTRAINT offers_payment_method_check CHECK ((payment_method = ANY (ARRAY['cash'::text, 'credits'::text]))),
    CONSTRAINT offers_settled_check CHECK (((escrow_status = 'held'::text) = (settled_at IS NULL))),
    CONSTRAINT offers_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'negotiating'::text, 'accepted'::text, 'declined'::text, 'cancelled'::text, 'expired'::text]))),
    CONSTRAINT offers_type_check CHECK ((offer_type = ANY (ARRAY['queue_jump'::text, 'move_back'::text])))
);


--
-- Name: offers_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.offers_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: offers_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.offers_id_seq OWNED BY public.offers.id;


--
-- Name: payment_actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_actions (
    id integer NOT NULL,
    kind text NOT NULL,
    payment_intent_id text,
    offer_id integer,
    user_id integer,
    amount_cents integer NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    done_at timestamp with time zone,
    CONSTRAINT payment_actions_amount_check CHECK ((amount_cents >= 0)),
    CONSTRAINT payment_actions_kind_check CHECK ((kind = ANY (ARRAY['capture'::text, 'cancel'::text, 'payout'::text, 'refund'::text]))),
    CONSTRAINT payment_actions_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'done'::text, 'failed'::text])))
);


--
-- Name: payment_actions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.payment_actions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: payment_actions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.payment_actions_id_seq OWNED BY public.payment_actions.id;


--
-- Name: payment_intents; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_intents (
    id text NOT NULL,
    client_secret text NOT NULL,
    user_id integer NOT NULL,
    amount_cents integer NOT NULL,
    status text DEFAULT 'requires_payment_method'::text NOT NULL,
    processor text NOT NULL,
    processor_ref text,
    offer_id integer,
    claimed_at timestamp with time zone,
    captured_cents integer,
    card_last4 text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_intents_amount_check CHECK ((amount_cents > 0)),
    CONSTRAINT payment_intents_captured_check CHECK (((captured_cents IS NULL) OR ((captured_cents >= 0) AND (captured_cents <= amount_cents)))),
    CONSTRAINT payment_intents_status_check CHECK ((status = ANY (ARRAY['requires_payment_method'::text, 'requires_capture'::text, 'succeeded'::text, 'canceled'::text])))
);


--
-- Name: queue_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.queue_entries (
    id integer NOT NULL,
    appointment_id integer NOT NULL,
    business_id integer NOT NULL,
    service_id integer NOT NULL,
    customer_id integer NOT NULL,
    starts_at timestamp without time zone NOT NULL,
    status text DEFAULT 'waiting'::text NOT NULL,
    called_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT queue_entries_status_check CHECK ((status = ANY (ARRAY['waiting'::text, 'called'::text, 'served'::text, 'cancelled'::text])))
);


--
-- Name: queue_entries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.queue_entries_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: queue_entries_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.queue_entries_id_seq OWNED BY public.queue_entries.id;


--
-- Name: restaurant_time_slots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.restaurant_time_slots (
    id integer NOT NULL,
    business_id integer NOT NULL,
    day_of_week smallint NOT NULL,
    start_time time without time zone NOT NULL,
    end_time time without time zone NOT NULL,
    interval_minutes smallint NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT restaurant_time_slots_day_check CHECK (((day_of_week >= 0) AND (day_of_week <= 6))),
    CONSTRAINT restaurant_time_slots_interval_check CHECK ((interval_minutes = ANY (ARRAY[15, 30, 60]))),
    CONSTRAINT restaurant_time_slots_order_check CHECK ((end_time > start_time))
);


--
-- Name: restaurant_time_slots_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.restaurant_time_slots_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: restaurant_time_slots_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.restaurant_time_slots_id_seq OWNED BY public.restaurant_time_slots.id;


--
-- Name: services; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.services (
    id integer NOT NULL,
    business_id integer NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    duration integer NOT NULL,
    price_cents integer NOT NULL,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT services_duration_check CHECK (((duration >= 5) AND (duration <= 720))),
    CONSTRAINT services_price_check CHECK ((price_cents >= 0))
);


--
-- Name: services_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.services_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: services_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.services_id_seq OWNED BY public.services.id;


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    token_hash text NOT NULL,
    user_id integer NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id integer NOT NULL,
    username text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    user_type text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT users_user_type_check CHECK ((user_type = ANY (ARRAY['customer'::text, 'business'::text])))
);


--
-- Name: users_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: users_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.users_id_seq OWNED BY public.users.id;


--
-- Name: appointments id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments ALTER COLUMN id SET DEFAULT nextval('public.appointments_id_seq'::regclass);


--
-- Name: blocked_dates id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocked_dates ALTER COLUMN id SET DEFAULT nextval('public.blocked_dates_id_seq'::regclass);


--
-- Name: business_hours id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.business_hours ALTER COLUMN id SET DEFAULT nextval('public.business_hours_id_seq'::regclass);


--
-- Name: businesses id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.businesses ALTER COLUMN id SET DEFAULT nextval('public.businesses_id_seq'::regclass);


--
-- Name: email_outbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_outbox ALTER COLUMN id SET DEFAULT nextval('public.email_outbox_id_seq'::regclass);


--
-- Name: ledger_accounts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_accounts ALTER COLUMN id SET DEFAULT nextval('public.ledger_accounts_id_seq'::regclass);


--
-- Name: ledger_transfers id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_transfers ALTER COLUMN id SET DEFAULT nextval('public.ledger_transfers_id_seq'::regclass);


--
-- Name: notifications id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications ALTER COLUMN id SET DEFAULT nextval('public.notifications_id_seq'::regclass);


--
-- Name: offers id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.offers ALTER COLUMN id SET DEFAULT nextval('public.offers_id_seq'::regclass);


--
-- Name: payment_actions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_actions ALTER COLUMN id SET DEFAULT nextval('public.payment_actions_id_seq'::regclass);


--
-- Name: queue_entries id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.queue_entries ALTER COLUMN id SET DEFAULT nextval('public.queue_entries_id_seq'::regclass);


--
-- Name: restaurant_time_slots id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_time_slots ALTER COLUMN id SET DEFAULT nextval('public.restaurant_time_slots_id_seq'::regclass);


--
-- Name: services id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.services ALTER COLUMN id SET DEFAULT nextval('public.services_id_seq'::regclass);


--
-- Name: users id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);


--
-- Name: app_secrets app_secrets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.app_secrets
    ADD CONSTRAINT app_secrets_pkey PRIMARY KEY (name);


--
-- Name: appointments appointments_no_overlap; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (business_id WITH =, tsrange(starts_at, ends_at, '[)'::text) WITH &&, (
CASE
    WHEN exclusive THEN 0
    ELSE NULL::integer
END) WITH =) WHERE ((status = 'confirmed'::text)) DEFERRABLE;


--
-- Name: appointments appointments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_pkey PRIMARY KEY (id);


--
-- Name: blocked_dates blocked_dates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocked_dates
    ADD CONSTRAINT blocked_dates_pkey PRIMARY KEY (id);


--
-- Name: business_hours business_hours_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.business_hours
    ADD CONSTRAINT business_hours_pkey PRIMARY KEY (id);


--
-- Name: businesses businesses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.businesses
    ADD CONSTRAINT businesses_pkey PRIMARY KEY (id);


--
-- Name: earliest_free_starts earliest_free_starts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.earliest_free_starts
    ADD CONSTRAINT earliest_free_starts_pkey PRIMARY KEY (service_id);


--
-- Name: email_outbox email_outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_pkey PRIMARY KEY (id);


--
-- Name: idempotency_keys idempotency_keys_user_id_key_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_key_pk PRIMARY KEY (user_id, key);


--
-- Name: ledger_accounts ledger_accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_accounts
    ADD CONSTRAINT ledger_accounts_pkey PRIMARY KEY (id);


--
-- Name: ledger_transfers ledger_transfers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_transfers
    ADD CONSTRAINT ledger_transfers_pkey PRIMARY KEY (id);


--
-- Name: login_attempts login_attempts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.login_attempts
    ADD CONSTRAINT login_attempts_pkey PRIMARY KEY (key);


--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);


--
-- Name: offers offers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.offers
    ADD CONSTRAINT offers_pkey PRIMARY KEY (id);


--
-- Name: payment_actions payment_actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_actions
    ADD CONSTRAINT payment_actions_pkey PRIMARY KEY (id);


--
-- Name: payment_intents payment_intents_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_intents
    ADD CONSTRAINT payment_intents_pkey PRIMARY KEY (id);


--
-- Name: queue_entries queue_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.queue_entries
    ADD CONSTRAINT queue_entries_pkey PRIMARY KEY (id);


--
-- Name: restaurant_time_slots restaurant_time_slots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_time_slots
    ADD CONSTRAINT restaurant_time_slots_pkey PRIMARY KEY (id);


--
-- Name: services services_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.services
    ADD CONSTRAINT services_pkey PRIMARY KEY (id);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (token_hash);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: appointments_business_starts_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_business_starts_idx ON public.appointments USING btree (business_id, starts_at);


--
-- Name: appointments_customer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_customer_idx ON public.appointments USING btree (customer_id);


--
-- Name: blocked_dates_business_date_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX blocked_dates_business_date_key ON public.blocked_dates USING btree (business_id, date);


--
-- Name: business_hours_day_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX business_hours_day_key ON public.business_hours USING btree (business_id, day_of_week);


--
-- Name: businesses_owner_id_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX businesses_owner_id_key ON public.businesses USING btree (owner_id);


--
-- Name: earliest_free_starts_business_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_business_id_idx ON public.earliest_free_starts USING btree (business_id);


--
-- Name: earliest_free_starts_listing_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_listing_idx ON public.earliest_free_starts USING btree (start_local, business_id, service_id) WHERE (item IS NOT NULL);


--
-- Name: email_outbox_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_appointment_idx ON public.email_outbox USING btree (appointment_id);


--
-- Name: email_outbox_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_due_idx ON public.email_outbox USING btree (run_after) WHERE (status = 'pending'::text);


--
-- Name: idempotency_keys_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idempotency_keys_created_idx ON public.idempotency_keys USING btree (created_at);


--
-- Name: ledger_accounts_owner_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX ledger_accounts_owner_key ON public.ledger_accounts USING btree (kind, asset, COALESCE(user_id, 0), COALESCE(business_id, 0), COALESCE(offer_id, 0));


--
-- Name: ledger_transfers_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transfers_appointment_idx ON public.ledger_transfers USING btree (appointment_id);


--
-- Name: ledger_transfers_credit_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transfers_credit_idx ON public.ledger_transfers USING btree (credit_account_id);


--
-- Name: ledger_transfers_debit_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transfers_debit_idx ON public.ledger_transfers USING btree (debit_account_id);


--
-- Name: ledger_transfers_offer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transfers_offer_idx ON public.ledger_transfers USING btree (offer_id) WHERE (offer_id IS NOT NULL);


--
-- Name: ledger_transfers_pending_resolution_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX ledger_transfers_pending_resolution_key ON public.ledger_transfers USING btree (pending_id) WHERE (pending_id IS NOT NULL);


--
-- Name: login_attempts_window_ends_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX login_attempts_window_ends_at_idx ON public.login_attempts USING btree (window_ends_at);


--
-- Name: notifications_unread_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_unread_idx ON public.notifications USING btree (user_id) WHERE (read_at IS NULL);


--
-- Name: notifications_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_user_idx ON public.notifications USING btree (user_id, created_at);


--
-- Name: offers_from_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_from_appointment_idx ON public.offers USING btree (from_appointment_id);


--
-- Name: offers_from_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_from_user_idx ON public.offers USING btree (from_user_id);


--
-- Name: offers_live_expiry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_live_expiry_idx ON public.offers USING btree (expires_at) WHERE (status = ANY (ARRAY['pending'::text, 'negotiating'::text]));


--
-- Name: offers_one_live_per_pair_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX offers_one_live_per_pair_key ON public.offers USING btree (LEAST(from_appointment_id, to_appointment_id), GREATEST(from_appointment_id, to_appointment_id)) WHERE (status = ANY (ARRAY['pending'::text, 'negotiating'::text]));


--
-- Name: offers_to_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_to_appointment_idx ON public.offers USING btree (to_appointment_id);


--
-- Name: offers_to_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_to_user_idx ON public.offers USING btree (to_user_id);


--
-- Name: offers_unsettled_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_unsettled_idx ON public.offers USING btree (id) WHERE ((status = 'accepted'::text) AND (escrow_status = 'held'::text));


--
-- Name: payment_actions_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_actions_due_idx ON public.payment_actions USING btree (run_after) WHERE (status = 'pending'::text);


--
-- Name: payment_actions_once_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX payment_actions_once_key ON public.payment_actions USING btree (kind, COALESCE(payment_intent_id, ''::text), COALESCE(offer_id, 0));


--
-- Name: payment_intents_client_secret_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX payment_intents_client_secret_key ON public.payment_intents USING btree (client_secret);


--
-- Name: payment_intents_offer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_intents_offer_idx ON public.payment_intents USING btree (offer_id);


--
-- Name: payment_intents_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_intents_user_idx ON public.payment_intents USING btree (user_id);


--
-- Name: queue_entries_appointment_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX queue_entries_appointment_key ON public.queue_entries USING btree (appointment_id);


--
-- Name: queue_entries_business_day_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX queue_entries_business_day_idx ON public.queue_entries USING btree (business_id, starts_at);


--
-- Name: queue_entries_customer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX queue_entries_customer_idx ON public.queue_entries USING btree (customer_id);


--
-- Name: restaurant_time_slots_business_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurant_time_slots_business_idx ON public.restaurant_time_slots USING btree (business_id, day_of_week);


--
-- Name: services_business_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX services_business_id_idx ON public.services USING btree (business_id);


--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);


--
-- Name: users_email_lower_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_email_lower_key ON public.users USING btree (lower(email));


--
-- Name: users_username_lower_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_username_lower_key ON public.users USING btree (lower(username));


--
-- Name: appointments appointments_slots_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER appointments_slots_deleted AFTER DELETE ON public.appointments FOR EACH ROW EXECUTE FUNCTION public.que_appointment_slots_changed();


--
-- Name: appointments appointments_slots_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER appointments_slots_inserted AFTER INSERT ON public.appointments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_appointment_slots_changed();


--
-- Name: appointments appointments_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER appointments_slots_updated AFTER UPDATE ON public.appointments FOR EACH ROW WHEN (((((((old.business_id IS DISTINCT FROM new.business_id) OR (old.status IS DISTINCT FROM new.status)) OR (old.starts_at IS DISTINCT FROM new.starts_at)) OR (old.ends_at IS DISTINCT FROM new.ends_at)) OR (old.exclusive IS DISTINCT FROM new.exclusive)) OR (old.party_size IS DISTINCT FROM new.party_size))) EXECUTE FUNCTION public.que_appointment_slots_changed();


--
-- Name: blocked_dates blocked_dates_slots_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER blocked_dates_slots_deleted AFTER DELETE ON public.blocked_dates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: blocked_dates blocked_dates_slots_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER blocked_dates_slots_inserted AFTER INSERT ON public.blocked_dates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: blocked_dates blocked_dates_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER blocked_dates_slots_updated AFTER UPDATE ON public.blocked_dates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: business_hours business_hours_slots_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER business_hours_slots_deleted AFTER DELETE ON public.business_hours REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: business_hours business_hours_slots_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER business_hours_slots_inserted AFTER INSERT ON public.business_hours REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: business_hours business_hours_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER business_hours_slots_updated AFTER UPDATE ON public.business_hours REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: businesses businesses_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER businesses_slots_updated AFTER UPDATE ON public.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_business_slots_changed();


--
-- Name: ledger_transfers ledger_transfers_no_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ledger_transfers_no_update BEFORE DELETE OR UPDATE ON public.ledger_transfers FOR EACH ROW EXECUTE FUNCTION public.ledger_transfers_immutable();


--
-- Name: restaurant_time_slots restaurant_time_slots_slots_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restaurant_time_slots_slots_deleted AFTER DELETE ON public.restaurant_time_slots REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: restaurant_time_slots restaurant_time_slots_slots_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restaurant_time_slots_slots_inserted AFTER INSERT ON public.restaurant_time_slots REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: restaurant_time_slots restaurant_time_slots_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER restaurant_time_slots_slots_updated AFTER UPDATE ON public.restaurant_time_slots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: services services_slots_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER services_slots_deleted AFTER DELETE ON public.services REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: services services_slots_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER services_slots_inserted AFTER INSERT ON public.services REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: services services_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER services_slots_updated AFTER UPDATE ON public.services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_slots_changed();


--
-- Name: appointments appointments_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);


--
-- Name: appointments appointments_customer_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_customer_id_users_id_fk FOREIGN KEY (customer_id) REFERENCES public.users(id);


--
-- Name: appointments appointments_service_id_services_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_service_id_services_id_fk FOREIGN KEY (service_id) REFERENCES public.services(id);


--
-- Name: blocked_dates blocked_dates_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocked_dates
    ADD CONSTRAINT blocked_dates_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);


--
-- Name: business_hours business_hours_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.business_hours
    ADD CONSTRAINT business_hours_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);


--
-- Name: businesses businesses_owner_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.businesses
    ADD CONSTRAINT businesses_owner_id_users_id_fk FOREIGN KEY (owner_id) REFERENCES public.users(id);


--
-- Name: earliest_free_starts earliest_free_starts_service_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.earliest_free_starts
    ADD CONSTRAINT earliest_free_starts_service_id_fkey FOREIGN KEY (service_id) REFERENCES public.services(id) ON DELETE CASCADE;


--
-- Name: email_outbox email_outbox_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);


--
-- Name: idempotency_keys idempotency_keys_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: ledger_accounts ledger_accounts_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_accounts
    ADD CONSTRAINT ledger_accounts_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);


--
-- Name: ledger_accounts ledger_accounts_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_accounts
    ADD CONSTRAINT ledger_accounts_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id);


--
-- Name: ledger_transfers ledger_transfers_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_transfers
    ADD CONSTRAINT ledger_transfers_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);


--
-- Name: ledger_transfers ledger_transfers_credit_account_id_ledger_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_transfers
    ADD CONSTRAINT ledger_transfers_credit_account_id_ledger_accounts_id_fk FOREIGN KEY (credit_account_id) REFERENCES public.ledger_accounts(id);


--
-- Name: ledger_transfers ledger_transfers_debit_account_id_ledger_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_transfers
    ADD CONSTRAINT ledger_transfers_debit_account_id_ledger_accounts_id_fk FOREIGN KEY (debit_account_id) REFERENCES public.ledger_accounts(id);


--
-- Name: notifications notifications_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);


--
-- Name: notifications notifications_offer_id_offers_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_offer_id_offers_id_fk FOREIGN KEY (offer_id) REFERENCES public.offers(id);


--
-- Name: notifications notifications_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: offers offers_from_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.offers
    ADD CONSTRAINT offers_from_appointment_id_appointments_id_fk FOREIGN KEY (from_appointment_id) REFERENCES public.appointments(id);


--
-- Name: offers offers_from_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.offers
    ADD CONSTRAINT offers_from_user_id_users_id_fk FOREIGN KEY (from_user_id) REFERENCES public.users(id);


--
-- Name: offers offers_last_negotiation_by_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.offers
    ADD CONSTRAINT offers_last_negotiation_by_users_id_fk FOREIGN KEY (last_negotiation_by) REFERENCES public.users(id);


--
-- Name: offers offers_to_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.offers
    ADD CONSTRAINT offers_to_appointment_id_appointments_id_fk FOREIGN KEY (to_appointment_id) REFERENCES public.appointments(id);


--
-- Name: offers offers_to_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.offers
    ADD CONSTRAINT offers_to_user_id_users_id_fk FOREIGN KEY (to_user_id) REFERENCES public.users(id);


--
-- Name: payment_actions payment_actions_offer_id_offers_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_actions
    ADD CONSTRAINT payment_actions_offer_id_offers_id_fk FOREIGN KEY (offer_id) REFERENCES public.offers(id);


--
-- Name: payment_actions payment_actions_payment_intent_id_payment_intents_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_actions
    ADD CONSTRAINT payment_actions_payment_intent_id_payment_intents_id_fk FOREIGN KEY (payment_intent_id) REFERENCES public.payment_intents(id);


--
-- Name: payment_actions payment_actions_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_actions
    ADD CONSTRAINT payment_actions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id);


--
-- Name: payment_intents payment_intents_offer_id_offers_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_intents
    ADD CONSTRAINT payment_intents_offer_id_offers_id_fk FOREIGN KEY (offer_id) REFERENCES public.offers(id);


--
-- Name: payment_intents payment_intents_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_intents
    ADD CONSTRAINT payment_intents_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id);


--
-- Name: queue_entries queue_entries_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.queue_entries
    ADD CONSTRAINT queue_entries_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);


--
-- Name: restaurant_time_slots restaurant_time_slots_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_time_slots
    ADD CONSTRAINT restaurant_time_slots_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);


--
-- Name: services services_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.services
    ADD CONSTRAINT services_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);


--
-- Name: sessions sessions_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


