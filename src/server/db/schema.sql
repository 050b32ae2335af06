-- The whole database schema after every migration and function file, as pg_dump --schema-only prints
-- it (tables, constraints, indexes, functions, triggers). Generated: npm run db:schema. CI fails when
-- it is stale (src/server/db/schema-files.test.ts). Read it; change the migrations and function files.
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
-- Name: cube; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public;

--
-- Name: EXTENSION cube; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION cube IS 'data type for multidimensional cubes';

--
-- Name: earthdistance; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS earthdistance WITH SCHEMA public;

--
-- Name: EXTENSION earthdistance; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION earthdistance IS 'calculate great-circle distances on the surface of the Earth';

--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';

--
-- Name: unaccent; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;

--
-- Name: EXTENSION unaccent; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION unaccent IS 'text search dictionary that removes accents';

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
-- Name: que_add_job_unannounced(text, json, text, timestamp with time zone, text, boolean, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_add_job_unannounced(p_task text, p_payload json, p_queue text, p_run_at timestamp with time zone, p_job_key text, p_no_later boolean, p_max_attempts integer DEFAULT 25, p_priority integer DEFAULT 0) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_task int;
  v_queue int;
BEGIN
  IF p_no_later AND EXISTS (SELECT 1 FROM graphile_worker._private_jobs j
                             WHERE j.key = p_job_key AND j.is_available AND j.attempts = 0 AND j.run_at <= coalesce(p_run_at, now())) THEN
    RETURN;
  END IF;
  -- The task's and the queue's rows exist after their first job: read them, and insert only when
  -- missing (an INSERT … ON CONFLICT DO NOTHING every time cost a booking two write statements).
  SELECT id INTO v_task FROM graphile_worker._private_tasks WHERE identifier = p_task;
  IF NOT FOUND THEN
    INSERT INTO graphile_worker._private_tasks (identifier) VALUES (p_task) ON CONFLICT DO NOTHING;
    SELECT id INTO v_task FROM graphile_worker._private_tasks WHERE identifier = p_task;
  END IF;
  IF p_queue IS NOT NULL THEN
    SELECT id INTO v_queue FROM graphile_worker._private_job_queues WHERE queue_name = p_queue;
    IF NOT FOUND THEN
      INSERT INTO graphile_worker._private_job_queues (queue_name) VALUES (p_queue) ON CONFLICT DO NOTHING;
      SELECT id INTO v_queue FROM graphile_worker._private_job_queues WHERE queue_name = p_queue;
    END IF;
  END IF;
  IF p_job_key IS NOT NULL THEN
    -- a job of that key already taken by a runner keeps running; its key goes to the new job
    UPDATE graphile_worker._private_jobs j SET key = NULL, attempts = j.max_attempts, updated_at = now()
     WHERE j.key = p_job_key AND j.is_available IS NOT TRUE;
  END IF;
  INSERT INTO graphile_worker._private_jobs AS j (job_queue_id, task_id, payload, run_at, max_attempts, key, priority, flags)
  VALUES (v_queue, v_task, coalesce(p_payload, '{}'::json), coalesce(p_run_at, now()), p_max_attempts, p_job_key, p_priority, NULL)
  ON CONFLICT (key) DO UPDATE SET
    job_queue_id = excluded.job_queue_id, task_id = excluded.task_id, payload = excluded.payload,
    max_attempts = excluded.max_attempts,
    run_at = CASE WHEN p_no_later THEN least(j.run_at, excluded.run_at) ELSE excluded.run_at END,
    priority = excluded.priority, revision = j.revision + 1, flags = excluded.flags,
    attempts = 0, last_error = NULL, updated_at = now()
  WHERE j.locked_at IS NULL;
END
$$;

--
-- Name: que_appointment_blocked_period(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_blocked_period() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_policies jsonb;
BEGIN
  IF TG_OP = 'INSERT' OR NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.ends_at IS DISTINCT FROM OLD.ends_at
     OR NEW.service_id IS DISTINCT FROM OLD.service_id OR NEW.exclusive IS DISTINCT FROM OLD.exclusive
     OR NEW.blocked_starts_at IS DISTINCT FROM OLD.blocked_starts_at OR NEW.blocked_ends_at IS DISTINCT FROM OLD.blocked_ends_at THEN
    IF NEW.exclusive THEN
      SELECT policies INTO v_policies FROM services WHERE id = NEW.service_id;
    END IF;
    NEW.blocked_starts_at := NEW.starts_at - que_buffer_minutes(v_policies, 'bufferBeforeMinutes') * interval '1 minute';
    NEW.blocked_ends_at := NEW.ends_at + que_buffer_minutes(v_policies, 'bufferAfterMinutes') * interval '1 minute';
  END IF;
  RETURN NEW;
END
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
  SELECT ap.customer_id, ap.status, bz.owner_id, ap.booked_policies, ap.starts_at, bz.time_zone INTO a
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
  IF p_user <> a.owner_id AND a.status = 'confirmed' AND que_cutoff_passed(a.booked_policies, 'cancelCutoffMinutes', a.starts_at, a.time_zone, NULL) THEN
    RAISE EXCEPTION USING ERRCODE = 'QBCWC',
      MESSAGE = format('This booking can be cancelled up to %s minutes before it starts; please contact the business',
                       a.booked_policies->>'cancelCutoffMinutes');
  END IF;
  UPDATE appointments SET status = 'cancelled', cancelled_by = p_user, updated_at = now() WHERE id = p_appointment;
  PERFORM que_cancelled_effects(p_appointment, p_user);
  RETURN que_appointment_view(p_appointment);
END
$$;

--
-- Name: que_appointment_card_fees(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_card_fees(p_appointment integer) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  SELECT que_card_fees_view(p_appointment)
$$;

--
-- Name: que_appointment_claim_hold(integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_claim_hold(p_user integer, p_appointment integer, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  a appointments;
  v_zone text;
BEGIN
  SELECT * INTO a FROM appointments WHERE id = p_appointment FOR UPDATE;
  IF NOT FOUND OR a.customer_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  SELECT time_zone INTO v_zone FROM businesses WHERE id = a.business_id;
  IF a.status <> 'held' OR a.held_until <= p_now THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format(
      'This time was held for you until %s (%s) and has passed to the next person waiting; you are no longer on the waitlist for it',
      to_char(a.held_until AT TIME ZONE v_zone, 'HH24:MI'), que_zone_label(v_zone));
  END IF;
  UPDATE appointments SET status = 'confirmed', updated_at = now() WHERE id = p_appointment;
  PERFORM que_on_booked(p_appointment, p_user);
  RETURN que_appointment_view(p_appointment);
END
$$;

--
-- Name: que_appointment_complete(integer, integer, timestamp with time zone, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_complete(p_user integer, p_appointment integer, p_now timestamp with time zone, p_zone text, p_from_minutes integer) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  v_hold record;
  v_entry int;
  v_zone text;
  v_from_at timestamptz;
  v_from timestamp;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.starts_at, ap.status, bz.owner_id, bz.time_zone, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO a FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.owner_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the owner of this business can do this'; END IF;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('Only a confirmed appointment can be completed; this one is %s', a.status);
  END IF;
  -- The earliest completion as a wall clock in the business's zone (a start the zone's clocks now
  -- skip, after the business changed zones, is read as PostgreSQL reads it).
  v_zone := coalesce(p_zone, a.time_zone);
  BEGIN
    v_from_at := coalesce(que_instant(a.starts_at, v_zone), a.starts_at AT TIME ZONE v_zone) - p_from_minutes * interval '1 minute';
    v_from := v_from_at AT TIME ZONE v_zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = v_zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so its appointments cannot be completed right now', v_zone);
  END;
  IF coalesce(p_now, now()) < v_from_at THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409', MESSAGE = format('This appointment starts at %s; it can be marked completed from %s',
      que_slot_text(a.starts_at), CASE WHEN v_from::date = a.starts_at::date THEN que_clock_text(v_from) ELSE que_slot_text(v_from) END);
  END IF;
  UPDATE appointments SET status = 'completed', updated_at = now() WHERE id = p_appointment;
  -- The change, once (decision 0029): its followers ask the customer for a review. Recorded first,
  -- so what the completion settles (a payout) is the newer notice, shown above it.
  PERFORM que_record_change('completed', p_appointment, NULL, a.business_id, p_user, jsonb_build_object('startsAt', a.starts_at));
  SELECT h.id, h.amount INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_appointment AND h.code = 'earned_booking' AND h.flags = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id)
   ORDER BY h.id LIMIT 1;
  IF v_hold.id IS NOT NULL THEN PERFORM que_ledger_resolve(v_hold.id, v_hold.amount::int, NULL, NULL); END IF;
  PERFORM que_offers_end_on(p_appointment, p_user);
  PERFORM que_offers_settle_on(p_appointment);
  -- A deposit is posted to the business (DESIGN section 11).
  PERFORM que_completed_payments(p_appointment);
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
-- Name: que_appointment_confirm_attendance(integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_confirm_attendance(p_appointment integer, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_status text;
BEGIN
  SELECT status INTO v_status FROM appointments WHERE id = p_appointment FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
  END IF;
  IF v_status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This appointment is %s, so there is nothing to confirm', v_status);
  END IF;
  UPDATE appointments SET customer_confirmed_at = coalesce(customer_confirmed_at, p_now) WHERE id = p_appointment;
  RETURN que_appointment_view(p_appointment);
END
$$;

--
-- Name: que_appointment_default_member(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_default_member() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF NEW.exclusive AND NEW.staff_id IS NULL THEN
    NEW.staff_id := (que_pick_order(ARRAY(SELECT id FROM staff_members WHERE business_id = NEW.business_id AND active), NEW.starts_at::date))[1];
  END IF;
  RETURN NEW;
END
$$;

--
-- Name: que_appointment_deposit(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_deposit(p_appointment integer) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  SELECT que_deposit_view(p_appointment)
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
    cancelled_by integer,
    legacy_released boolean DEFAULT false NOT NULL,
    starts_instant timestamp with time zone NOT NULL,
    ends_instant timestamp with time zone NOT NULL,
    legacy_overlap boolean DEFAULT false NOT NULL,
    booked_policies jsonb,
    blocked_starts_at timestamp without time zone NOT NULL,
    blocked_ends_at timestamp without time zone NOT NULL,
    staff_id integer,
    staff_requested boolean DEFAULT false NOT NULL,
    customer_confirmed_at timestamp with time zone,
    occupies boolean GENERATED ALWAYS AS (((status = ANY (ARRAY['confirmed'::text, 'completed'::text, 'held'::text])) AND (NOT legacy_released))) STORED NOT NULL,
    held_until timestamp with time zone,
    released_at timestamp with time zone,
    release_outcome text,
    CONSTRAINT appointments_duration_near_period_check CHECK (((ends_at >= (starts_at + (((duration - 180))::double precision * '00:01:00'::interval))) AND (ends_at <= (starts_at + (((duration + 180))::double precision * '00:01:00'::interval))))),
    CONSTRAINT appointments_held_check CHECK (((status <> 'held'::text) OR (held_until IS NOT NULL))),
    CONSTRAINT appointments_party_size_check CHECK ((party_size >= 1)),
    CONSTRAINT appointments_period_check CHECK ((ends_at > starts_at)),
    CONSTRAINT appointments_price_check CHECK ((price_cents >= 0)),
    CONSTRAINT appointments_release_outcome_check CHECK (((release_outcome IS NULL) OR ((released_at IS NOT NULL) AND (release_outcome = ANY (ARRAY['pending'::text, 'on_time'::text, 'late'::text]))))),
    CONSTRAINT appointments_staff_check CHECK (((NOT exclusive) OR (staff_id IS NOT NULL))),
    CONSTRAINT appointments_status_check CHECK ((status = ANY (ARRAY['confirmed'::text, 'pending'::text, 'cancelled'::text, 'completed'::text, 'no_show'::text, 'held'::text])))
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
    policies jsonb DEFAULT '{}'::jsonb NOT NULL,
    latitude double precision,
    longitude double precision,
    rating_count integer DEFAULT 0 NOT NULL,
    rating_total integer DEFAULT 0 NOT NULL,
    rating_average numeric(2,1),
    search_text text DEFAULT ''::text NOT NULL,
    listed boolean DEFAULT false NOT NULL,
    CONSTRAINT businesses_location_check CHECK ((((latitude IS NULL) = (longitude IS NULL)) AND ((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision)) AND ((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision)))),
    CONSTRAINT businesses_rating_check CHECK (((rating_count >= 0) AND ((rating_total >= rating_count) AND (rating_total <= (5 * rating_count))))),
    CONSTRAINT businesses_restaurant_fields_check CHECK (((business_type <> 'restaurant'::text) OR ((max_party_size >= 1) AND (max_party_size <= 20) AND ((reservation_duration >= 60) AND (reservation_duration <= 300)) AND (seating_capacity > 0)))),
    CONSTRAINT businesses_type_check CHECK ((business_type = ANY (ARRAY['service'::text, 'restaurant'::text])))
);

--
-- Name: que_appointment_email_of(public.appointments, text, public.businesses, text, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_email_of(p_ap public.appointments, p_service_name text, p_business public.businesses, p_kind text, p_previous text, p_seq integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  -- Names are printed on one line, also those stored before the request schemas kept them so.
  v_business_name text := que_one_line(p_business.business_name);
  v_customer_name text := que_one_line(p_ap.customer_name);
  v_address text := que_one_line(p_business.address);
  v_seq int := p_seq;
  v_date text := to_char(p_ap.starts_at, 'YYYY-MM-DD');
  v_time text := to_char(p_ap.starts_at, 'HH24:MI');
  v_what text;
  -- Times read as on the screens (que_slot_text), on the business's clock, which the e-mail names.
  v_was text := CASE WHEN p_previous IS NULL THEN '' ELSE format(' (it was at %s)', que_slot_text(p_previous::timestamp)) END;
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
  v_what := que_one_line(p_service_name) || ' at ' || v_business_name;
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
  v_lines := ARRAY[format('Hello %s,', coalesce(nullif(v_customer_name, ''), 'there')), '', v_intro, '', v_what,
                   format('When: %s (%s)', que_slot_text(p_ap.starts_at), que_zone_label(p_business.time_zone))];
  IF p_ap.party_size > 1 THEN v_lines := v_lines || format('Party: %s', p_ap.party_size); END IF;
  -- Who serves it (DESIGN section 9), where there is a choice of whom: a shop of several members.
  IF p_ap.staff_id IS NOT NULL AND EXISTS (SELECT 1 FROM staff_members WHERE business_id = p_ap.business_id AND id <> p_ap.staff_id) THEN
    v_lines := v_lines || (SELECT 'With: ' || que_one_line(name) || CASE WHEN p_ap.staff_requested THEN ' (as you asked)' ELSE '' END
                             FROM staff_members WHERE id = p_ap.staff_id);
  END IF;
  IF v_address <> '' THEN v_lines := v_lines || ('Where: ' || v_address); END IF;
  -- The policies it was booked under, which still apply after a move (que_policy_sentences).
  IF NOT v_cancelled AND p_ap.booked_policies IS NOT NULL THEN
    v_lines := v_lines || ARRAY['', 'Booked under these policies:']
      || ARRAY(SELECT '- ' || line FROM unnest(que_policy_sentences(p_ap.booked_policies)) AS line);
  END IF;
  v_lines := v_lines || ARRAY['', 'The attached invite updates your calendar.', '', 'Que'];
  INSERT INTO email_outbox (kind, to_email, subject, text, ics, ics_uid, ics_sequence, appointment_id, invite)
  VALUES (v_kind, p_ap.customer_email, v_subject, array_to_string(v_lines, E'\n'), NULL, 'appointment-' || p_ap.id || '@que', v_seq, p_ap.id,
    jsonb_build_object(
      'appointmentId', p_ap.id, 'sequence', v_seq, 'cancelled', v_cancelled, 'date', v_date, 'time', v_time,
      'durationMinutes', p_ap.duration, 'timeZone', p_business.time_zone, 'summary', v_what, 'description', v_intro,
      'location', v_address,
      'organizer', jsonb_build_object('name', v_business_name, 'email', coalesce(nullif(p_business.email, ''), 'no-reply@que.local')),
      'attendee', jsonb_build_object('name', coalesce(nullif(v_customer_name, ''), p_ap.customer_email), 'email', p_ap.customer_email)));
  -- The job that sends it, in this transaction (decision 0028): one waiting job per appointment
  -- (job_key). Jobs of one queue run one at a time, and an appointment's jobs are always in the same
  -- one of 16 queues, so its mail leaves in the order written; 16, because the library looks at
  -- every free queue when it takes a job (a queue per appointment would grow without end).
  -- Added as graphile_worker.add_job adds one job (que_add_job_unannounced), then its wake-up, sent
  -- at commit as add_job's own: the library's add_jobs, built for arrays of jobs, cost 0.35 ms more
  -- of the database's CPU per e-mail (measured 2026-12-05, each call its own transaction).
  -- Priority 1, after every other job (0): sends wait on an SMTP server and pile up when it is slow or
  -- not configured, and the runner's look for its next job walks every waiting job ahead of the one it
  -- takes (2,445 unsent e-mails cost each look 2 ms: issue 28, 2026-12-06); behind the rest, they are
  -- walked only when nothing else is due.
  -- Always written (p_no_later false), never left as it is because one is waiting: the write locks
  -- the waiting job's row until this transaction commits, so a runner cannot take it (its look skips
  -- locked rows) and send the appointment's mail without this message. Skipped, a job taken meanwhile
  -- sent the rest and ended, and this message waited with no job (the follow-latency bench, once a
  -- follow transaction held many changes, 2026-12-06). A failed one waiting for its retry runs now.
  PERFORM que_add_job_unannounced('email_send_appointment', json_build_object('appointmentId', p_ap.id),
    'email:' || (p_ap.id % 16), NULL, 'email:appointment:' || p_ap.id, false, 25, 1);
  PERFORM pg_notify('jobs:insert', '{"count":1}');
END
$$;

--
-- Name: que_appointment_hold(integer, integer, integer, date, text, text, integer, integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_hold(p_user integer, p_business integer, p_service integer, p_date date, p_from text, p_to text, p_party integer, p_staff integer, p_horizon integer, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  b businesses;
  s record;
  u record;
  d record;
  v_restaurant boolean;
  v_policies jsonb;
  v_duration int;
  v_period record;
  v_start timestamptz;
  v_until timestamptz;
  v_staff int;
  v_ap appointments;
  i int;
BEGIN
  SELECT * INTO b FROM businesses WHERE id = p_business FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT id, name, duration, price_cents, policies INTO s FROM services WHERE id = p_service AND business_id = p_business AND deleted_at IS NULL;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT username, full_name, email, phone INTO u FROM users WHERE id = p_user;
  v_restaurant := b.business_type = 'restaurant';
  v_policies := que_policies(b.business_type, b.policies, s.policies);
  v_duration := CASE WHEN v_restaurant THEN coalesce(b.reservation_duration, s.duration) ELSE s.duration END;
  SELECT * INTO d FROM que_day_slots_within(p_business, p_date, s.id, coalesce(p_party, 1), NULL, p_horizon, p_now, true, NULL, NULL, p_staff, NOT v_restaurant);
  IF d.slots IS NULL THEN RETURN NULL; END IF;
  FOR i IN 1 .. coalesce(cardinality(d.slots), 0) LOOP
    CONTINUE WHEN d.slots[i] < p_from OR d.slots[i] >= p_to;
    BEGIN
      PERFORM que_require_booking_time(v_policies, b.policies ? 'maxAdvanceDays' OR s.policies ? 'maxAdvanceDays', p_date, d.slots[i], b.time_zone, p_now);
      v_staff := CASE WHEN v_restaurant THEN NULL WHEN p_staff IS NOT NULL THEN p_staff ELSE (d.slot_staff->(i - 1)->>0)::int END;
      SELECT * INTO v_period FROM que_period(p_date, d.slots[i], v_duration, b.time_zone);
      v_start := que_instant(v_period.starts_at, b.time_zone);
      v_until := p_now + CASE WHEN v_start - p_now < que_rule('waitlistNearStartHours') * interval '1 hour'
                              THEN que_rule('waitlistHoldNearMinutes') ELSE que_rule('waitlistHoldMinutes') END * interval '1 minute';
      INSERT INTO appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
        customer_name, customer_email, customer_phone, booked_policies, staff_id, staff_requested, held_until)
      VALUES (p_business, s.id, p_user, v_period.starts_at, v_period.ends_at, v_duration, s.price_cents, 'held', NOT v_restaurant, coalesce(p_party, 1),
        coalesce(nullif(u.full_name, ''), u.username), coalesce(u.email, ''), coalesce(u.phone, ''), v_policies, v_staff, p_staff IS NOT NULL, v_until)
      RETURNING * INTO v_ap;
    EXCEPTION WHEN exclusion_violation OR SQLSTATE 'QB400' OR SQLSTATE 'QB409' OR SQLSTATE 'QBSLT' OR SQLSTATE 'QBSON' OR SQLSTATE 'QBFAR' THEN
      v_ap := NULL;
      CONTINUE;
    END;
    PERFORM que_record_change('held', v_ap.id, NULL, p_business, NULL, jsonb_build_object('startsAt', v_ap.starts_at, 'heldUntil', v_until));
    RETURN jsonb_build_object('appointmentId', v_ap.id, 'date', to_char(v_ap.starts_at, 'YYYY-MM-DD'), 'time', to_char(v_ap.starts_at, 'HH24:MI'),
                              'heldUntil', v_until);
  END LOOP;
  RETURN NULL;
END
$$;

--
-- Name: que_appointment_instants(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_instants() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_zone text;
  o record;
BEGIN
  IF TG_OP = 'INSERT' OR NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.duration IS DISTINCT FROM OLD.duration
     OR NEW.business_id IS DISTINCT FROM OLD.business_id THEN
    SELECT time_zone INTO v_zone FROM businesses WHERE id = NEW.business_id;
    BEGIN
      -- A time the clocks skip is never booked (que_period refuses it); a row written around the
      -- functions still gets the reading PostgreSQL gives it.
      NEW.starts_instant := coalesce(que_instant(NEW.starts_at, v_zone), NEW.starts_at AT TIME ZONE v_zone);
    EXCEPTION WHEN invalid_parameter_value THEN
      -- A zone this database cannot read (stored before zones were checked, or dropped by a tzdata
      -- update): the booking itself runs on the zone's canonical name, which only the caller knows.
      -- Read as UTC, its visits are compared a few hours off rather than refused.
      NEW.starts_instant := NEW.starts_at AT TIME ZONE 'UTC';
    END;
    NEW.ends_instant := NEW.starts_instant + NEW.duration * interval '1 minute';
    -- A booking moved is a new claim on the customer's time: one migration 0011 excused no longer is.
    IF TG_OP = 'UPDATE' THEN NEW.legacy_overlap := false; END IF;
  END IF;

  IF NEW.status = 'confirmed' AND NOT NEW.legacy_overlap
     AND (TG_OP = 'INSERT' OR OLD.status <> 'confirmed' OR OLD.legacy_overlap OR NEW.customer_id <> OLD.customer_id
          OR NEW.starts_instant <> OLD.starts_instant OR NEW.ends_instant <> OLD.ends_instant) THEN
    SELECT u.username, s.name AS service_name, b.business_name, b.time_zone, x.starts_at INTO o
      FROM appointments x JOIN services s ON s.id = x.service_id JOIN businesses b ON b.id = x.business_id
      JOIN users u ON u.id = NEW.customer_id
     WHERE x.customer_id = NEW.customer_id AND x.id <> NEW.id AND x.status = 'confirmed' AND NOT x.legacy_overlap
       AND tstzrange(x.starts_instant, x.ends_instant, '[)') && tstzrange(NEW.starts_instant, NEW.ends_instant, '[)')
     ORDER BY x.starts_instant LIMIT 1;
    IF FOUND THEN
      -- The message names the other booking, which only its customer may read: DETAIL says whose it
      -- is, and anyone else who caused the refusal (the other party of an offer, the owner) is told
      -- only that the customer is busy then (fromDatabaseError and the error handler, errors.ts).
      RAISE EXCEPTION USING ERRCODE = 'QBOVL',
        MESSAGE = format('%s already has a booking then: %s at %s, %s (%s). Nobody can be in two places at once: cancel or move one of them first.',
                         o.username, o.service_name, o.business_name, que_slot_text(o.starts_at), que_zone_label(o.time_zone)),
        DETAIL = format('customer %s', NEW.customer_id);
    END IF;
  END IF;
  RETURN NEW;
END
$$;

--
-- Name: que_appointment_lapse_hold(integer, timestamp with time zone, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_lapse_hold(p_appointment integer, p_now timestamp with time zone, p_force boolean) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
DECLARE
  a appointments;
BEGIN
  SELECT * INTO a FROM appointments WHERE id = p_appointment FOR UPDATE;
  IF NOT FOUND OR a.status <> 'held' OR (NOT p_force AND a.held_until > p_now) THEN RETURN false; END IF;
  UPDATE appointments SET status = 'cancelled', updated_at = now() WHERE id = p_appointment;
  PERFORM que_record_change('hold_lapsed', p_appointment, NULL, a.business_id, NULL, jsonb_build_object('startsAt', a.starts_at));
  RETURN true;
END
$$;

--
-- Name: que_appointment_no_show(integer, integer, timestamp with time zone, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_no_show(p_user integer, p_appointment integer, p_now timestamp with time zone, p_zone text, p_after_minutes integer) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  v_hold int;
  v_entry int;
  v_zone text;
  v_from_at timestamptz;
  v_from timestamp;
BEGIN
  SELECT ap.id, ap.business_id, ap.customer_id, ap.starts_at, ap.status, bz.owner_id, bz.time_zone, s.name AS service_name, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO a FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id JOIN services s ON s.id = ap.service_id
   WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.owner_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the owner of this business can do this'; END IF;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('Only a confirmed appointment can be marked a no-show; this one is %s', replace(a.status, '_', '-'));
  END IF;
  v_zone := coalesce(p_zone, a.time_zone);
  BEGIN
    v_from_at := coalesce(que_instant(a.starts_at, v_zone), a.starts_at AT TIME ZONE v_zone) + p_after_minutes * interval '1 minute';
    v_from := v_from_at AT TIME ZONE v_zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = v_zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so its appointments cannot be marked right now', v_zone);
  END;
  IF coalesce(p_now, now()) < v_from_at THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409', MESSAGE = format('This appointment starts at %s; it can be marked a no-show from %s',
      que_slot_text(a.starts_at), CASE WHEN v_from::date = a.starts_at::date THEN que_clock_text(v_from) ELSE que_slot_text(v_from) END);
  END IF;
  UPDATE appointments SET status = 'no_show', updated_at = now() WHERE id = p_appointment;
  PERFORM que_record_change('no_show', p_appointment, NULL, a.business_id, p_user, jsonb_build_object('startsAt', a.starts_at));
  SELECT h.id INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_appointment AND h.code = 'earned_booking' AND h.flags = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id)
   ORDER BY h.id LIMIT 1;
  IF v_hold IS NOT NULL THEN
    PERFORM que_ledger_resolve(v_hold, 0, NULL, format('Voided: missed %s at %s', a.service_name, a.business_name));
  END IF;
  PERFORM que_offers_end_on(p_appointment, p_user);
  PERFORM que_offers_settle_on(p_appointment);
  PERFORM que_no_show_payments(p_appointment);
  UPDATE queue_entries SET status = 'cancelled', updated_at = now() WHERE appointment_id = p_appointment AND status <> 'cancelled' RETURNING id INTO v_entry;
  IF v_entry IS NOT NULL THEN
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_status_update',
      'userIds', CASE WHEN a.customer_id = a.owner_id THEN jsonb_build_array(a.customer_id) ELSE jsonb_build_array(a.customer_id, a.owner_id) END,
      'businessId', a.business_id, 'date', a.date, 'queueEntryId', v_entry, 'line', jsonb_build_object('from', a.time, 'to', NULL))::text);
  END IF;
  RETURN que_appointment_view(p_appointment);
END
$$;

--
-- Name: que_appointment_release(integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_release(p_user integer, p_appointment integer, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
BEGIN
  SELECT ap.customer_id, ap.status, ap.booked_policies, ap.starts_at, ap.starts_instant, bz.time_zone INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND OR a.status = 'held' THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.customer_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only its customer can release this booking'; END IF;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('Only a confirmed booking can be released; this one is %s', a.status);
  END IF;
  IF a.starts_instant <= p_now THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This booking has started; it can no longer be released';
  END IF;
  IF NOT que_cutoff_passed(a.booked_policies, 'cancelCutoffMinutes', a.starts_at, a.time_zone, p_now) THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This booking can still be cancelled free of charge: cancel it instead of releasing it';
  END IF;
  UPDATE appointments SET status = 'cancelled', cancelled_by = p_user, released_at = p_now, release_outcome = 'pending', updated_at = now()
   WHERE id = p_appointment;
  PERFORM que_cancelled_effects(p_appointment, p_user);
  RETURN que_appointment_view(p_appointment);
END
$$;

--
-- Name: que_appointment_release_outcome(integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_release_outcome(p_appointment integer, p_outcome text) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_business int;
BEGIN
  UPDATE appointments SET release_outcome = p_outcome, updated_at = now() WHERE id = p_appointment AND release_outcome = 'pending'
  RETURNING business_id INTO v_business;
  IF NOT FOUND THEN RETURN false; END IF;
  PERFORM que_cancel_payment_consequences(p_appointment, p_outcome = 'late');
  PERFORM que_record_change('release_settled', p_appointment, NULL, v_business, NULL, jsonb_build_object('outcome', p_outcome));
  RETURN true;
END
$$;

--
-- Name: que_appointment_view(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_view(p_appointment integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  a appointments;
  bz businesses;
BEGIN
  SELECT * INTO a FROM appointments WHERE id = p_appointment;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT * INTO bz FROM businesses WHERE id = a.business_id;
  RETURN que_appointment_view_of(a, bz, (SELECT name FROM services WHERE id = a.service_id));
END
$$;

--
-- Name: que_appointment_view_of(public.appointments, public.businesses, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_appointment_view_of(a public.appointments, bz public.businesses, p_service_name text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'id', a.id, 'businessId', a.business_id, 'serviceId', a.service_id, 'customerId', a.customer_id, 'ownerId', bz.owner_id,
      'date', to_char(a.starts_at, 'YYYY-MM-DD'), 'time', to_char(a.starts_at, 'HH24:MI'), 'duration', a.duration,
      'priceCents', a.price_cents, 'status', a.status, 'exclusive', a.exclusive, 'partySize', a.party_size, 'notes', a.notes,
      'blockOffers', a.block_offers, 'createdAt', a.created_at, 'serviceName', p_service_name, 'businessName', bz.business_name,
      'businessType', bz.business_type, 'timeZone', bz.time_zone, 'customerName', a.customer_name, 'customerEmail', a.customer_email,
      'customerPhone', a.customer_phone, 'seatingPreference', a.seating_preference, 'occasionType', a.occasion_type,
      'dietaryRestrictions', a.dietary_restrictions, 'cancelledBy', a.cancelled_by,
      -- The cut-offs it was booked under (DESIGN section 9) and whether its business takes offers now.
      'cancelCutoffMinutes', (a.booked_policies->>'cancelCutoffMinutes')::int,
      'rescheduleCutoffMinutes', que_booked_cutoff(a.booked_policies, 'rescheduleCutoffMinutes'),
      'swapMarket', (que_policies(bz.business_type, bz.policies, NULL)->>'swapMarket')::boolean,
      -- Who serves it (DESIGN section 9); null for a restaurant's table.
      'staffId', a.staff_id, 'staffName', sm.name, 'staffRequested', a.staff_requested,
      'cancelledByBusiness', que_cancelled_by_business(a.status, a.cancelled_by, bz.owner_id),
      -- Its review (DESIGN section 10) and, for a completed one, its completion (nothing changes it after).
      'updatedAt', a.updated_at, 'reviewId', rv.id, 'reviewRating', rv.rating,
      -- Confirmed by its customer from a reminder's link (DESIGN section 11).
      'customerConfirmedAt', a.customer_confirmed_at,
      -- Its deposit (DESIGN section 11): {amountCents, status}, or null.
      'deposit', que_appointment_deposit(a.id), 'cardFees', que_appointment_card_fees(a.id),
      -- A waitlist hold's end (DESIGN section 11).
      'heldUntil', CASE WHEN a.status = 'held' THEN a.held_until END)
    FROM (SELECT 1) one
    LEFT JOIN staff_members sm ON sm.id = a.staff_id LEFT JOIN reviews rv ON rv.appointment_id = a.id
  );
END
$$;

--
-- Name: que_book_returning_events(integer, integer, integer, date, text, integer, text, boolean, text, text, text, text, text, text, integer, timestamp with time zone, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_book_returning_events(p_user integer, p_business integer, p_service integer, p_date date, p_time text, p_party integer, p_notes text, p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text, p_dietary text, p_horizon integer, p_now timestamp with time zone, p_zone text, p_staff integer) RETURNS jsonb
    LANGUAGE plpgsql
    AS $_$
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
$_$;

--
-- Name: que_booked_cutoff(jsonb, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_booked_cutoff(p_booked jsonb, p_key text) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT CASE WHEN p_key = 'rescheduleCutoffMinutes'
              THEN coalesce(p_booked->>'rescheduleCutoffMinutes', p_booked->>'cancelCutoffMinutes')
              ELSE p_booked->>p_key END::int
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
  v_audience jsonb;
  v_events jsonb := '[]';
  v_credit int := que_rule('bookingCreditCents');
BEGIN
  -- Most bookings are the customer's first that day there: this read without locks lets the others
  -- skip the ledger entirely; the decision that earns is taken again under the accounts' locks.
  IF p_ap.customer_id <> p_business.owner_id
     AND NOT que_booking_credit_taken(p_ap.customer_id, p_ap.business_id, p_ap.starts_at::date, p_ap.id) THEN
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
    -- Rows locked in id order, as every ledger writer does (que_ledger_transfer, que_ledger_resolve). (The
    -- lock is not an extra WAL record: the updated rows carry it, so the transfer's foreign-key
    -- checks below find them locked already.)
    UPDATE ledger_accounts l SET
      debits_pending = l.debits_pending + CASE WHEN l.id = v_issuance THEN v_credit ELSE 0 END,
      credits_pending = l.credits_pending + CASE WHEN l.id = v_wallet THEN v_credit ELSE 0 END
    FROM (SELECT id FROM ledger_accounts WHERE id IN (v_issuance, v_wallet) ORDER BY id FOR NO KEY UPDATE) locked
    WHERE l.id = locked.id;
    -- Under the locks, a new statement sees every booking of this customer that committed before
    -- them: of two parallel bookings at one business on one day, the second finds the first's credit
    -- and takes its amounts back (only in that race) instead of earning again.
    IF que_booking_credit_taken(p_ap.customer_id, p_ap.business_id, p_ap.starts_at::date, p_ap.id) THEN
      UPDATE ledger_accounts l SET
        debits_pending = l.debits_pending - CASE WHEN l.id = v_issuance THEN v_credit ELSE 0 END,
        credits_pending = l.credits_pending - CASE WHEN l.id = v_wallet THEN v_credit ELSE 0 END
      WHERE l.id IN (v_issuance, v_wallet);
    ELSE
      INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, appointment_id)
      VALUES (v_issuance, v_wallet, v_credit, 'CREDIT', 'pending', 'earned_booking',
              format('Earned for booking %s at %s', p_service_name, p_business.business_name), p_ap.id);
    END IF;
  END IF;

  -- The queue entry: a new booking's joins its day's line when the booking's change is followed
  -- (que_queue_follow_change, issue 28), after this transaction. An appointment confirmed here that
  -- existed before (a table handed over) may have an entry already: it is brought up to date now.
  IF p_ap.status = 'confirmed' AND NOT p_new THEN
    INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
    VALUES (p_ap.id, p_ap.business_id, p_ap.service_id, p_ap.customer_id, p_ap.starts_at, 'waiting')
    ON CONFLICT (appointment_id) DO UPDATE
      SET starts_at = excluded.starts_at, status = excluded.status, service_id = excluded.service_id,
          customer_id = excluded.customer_id, updated_at = now()
    RETURNING id INTO v_entry;
    v_audience := CASE WHEN p_ap.customer_id = p_business.owner_id THEN jsonb_build_array(p_ap.customer_id)
                       ELSE jsonb_build_array(p_ap.customer_id, p_business.owner_id) END;
    -- line: the entry joins the day's line at its time (those ranked after it move down one place).
    v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'queue_update', 'userIds', v_audience, 'businessId', p_ap.business_id,
                                                     'date', v_date, 'queueEntryId', v_entry,
                                                     'line', jsonb_build_object('from', NULL, 'to', v_time)));
  END IF;

  -- The change, once (decision 0029): its followers tell the customer in-app (when they booked it
  -- themselves) and by e-mail, and update the earliest free starts. A new booking's caller
  -- (bookAppointment) wakes the job runners once it has committed, so its transaction sends no
  -- NOTIFY: notifying transactions commit one at a time (que_record_change_quietly).
  IF p_new THEN
    PERFORM que_record_change_quietly('booked', p_ap.id, NULL, p_ap.business_id, p_by_user, jsonb_build_object('startsAt', p_ap.starts_at));
  ELSE
    PERFORM que_record_change('booked', p_ap.id, NULL, p_ap.business_id, p_by_user, jsonb_build_object('startsAt', p_ap.starts_at));
  END IF;
  RETURN v_events;
END
$$;

--
-- Name: que_booking_credit_moved(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_booking_credit_moved(p_appointment integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  v_hold record;
BEGIN
  SELECT h.id, h.debit_account_id, h.credit_account_id INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_appointment AND h.code = 'earned_booking' AND h.flags = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id)
   ORDER BY h.id LIMIT 1;
  IF v_hold.id IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM ledger_accounts WHERE id IN (v_hold.debit_account_id, v_hold.credit_account_id) ORDER BY id FOR NO KEY UPDATE;
  SELECT ap.customer_id, ap.business_id, ap.starts_at, s.name AS service_name, bz.business_name INTO a
    FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment;
  IF que_booking_credit_taken(a.customer_id, a.business_id, a.starts_at::date, p_appointment) THEN
    PERFORM que_ledger_resolve(v_hold.id, 0, NULL, format('Voided: %s at %s moved to %s, a day another booking there already earns credit for',
                                                            a.service_name, a.business_name, que_slot_text(a.starts_at)));
  END IF;
END
$$;

--
-- Name: que_booking_credit_taken(integer, integer, date, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_booking_credit_taken(p_customer integer, p_business integer, p_day date, p_except integer) RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM appointments o JOIN ledger_transfers h ON h.appointment_id = o.id
     WHERE o.customer_id = p_customer AND o.business_id = p_business
       AND o.starts_at >= p_day::timestamp AND o.starts_at < (p_day + 1)::timestamp AND o.id <> p_except
       AND h.code = 'earned_booking' AND h.flags = 'pending'
       AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id AND x.flags = 'void_pending'));
END
$$;

--
-- Name: que_buffer_minutes(jsonb, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_buffer_minutes(p_policies jsonb, p_key text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT greatest(coalesce((p_policies->>p_key)::int, 0), 0)
$$;

--
-- Name: que_business_has_bookable_service(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_business_has_bookable_service(p_business integer) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  SELECT EXISTS (SELECT 1 FROM services s WHERE s.business_id = p_business AND s.deleted_at IS NULL)
$$;

--
-- Name: que_business_listed_refresh(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_business_listed_refresh(p_business integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_listed boolean;
BEGIN
  -- The business row first: two transactions removing its last two services take turns, and the
  -- second reads the first's committed change (a statement's snapshot is taken after the lock).
  PERFORM 1 FROM businesses WHERE id = p_business FOR UPDATE;
  v_listed := que_business_has_bookable_service(p_business);
  PERFORM que_business_set_listed(p_business, v_listed);
END
$$;

--
-- Name: que_business_search_text(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_business_search_text() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.search_text := que_search_normal(concat_ws(' ', new.business_name, new.category, new.cuisine_type, new.description, new.address));
  return new;
end;
$$;

--
-- Name: que_business_set_listed(integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_business_set_listed(p_business integer, p_listed boolean) RETURNS void
    LANGUAGE sql
    AS $$
  UPDATE businesses SET listed = p_listed WHERE id = p_business AND listed IS DISTINCT FROM p_listed
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
-- Name: que_business_words(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_business_words() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
declare
  v_words text[] := que_search_words(new.search_text);
begin
  if tg_op = 'UPDATE' then
    delete from business_words where business_id = new.id and word <> all (v_words);
  end if;
  insert into business_words (word, business_id) select w, new.id from unnest(v_words) w on conflict do nothing;
  insert into search_words (word) select w from unnest(v_words) w order by w on conflict do nothing;
  return null;
end;
$$;

--
-- Name: que_cancel_payment_consequences(integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_cancel_payment_consequences(p_appointment integer, p_late boolean) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF p_late THEN
    PERFORM que_settle_deposit(p_appointment, 'kept');
    PERFORM que_charge_fee(p_appointment, 'late_cancel_fee');
  ELSE
    PERFORM que_settle_deposit(p_appointment, 'refunded');
  END IF;
END
$$;

--
-- Name: que_cancelled_by_business(text, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_cancelled_by_business(p_status text, p_cancelled_by integer, p_owner integer) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT p_status = 'cancelled' AND p_cancelled_by IS NOT DISTINCT FROM p_owner AND p_owner IS NOT NULL
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
  v_pending_table boolean;
  v_handed_over boolean;
BEGIN
  SELECT ap.id, ap.business_id, ap.customer_id, bz.owner_id, s.name AS service_name, bz.business_name, ap.booked_policies, bz.time_zone,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time, ap.starts_at,
         que_slot_text(ap.starts_at) AS slot, ap.release_outcome
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
  -- Its deposit and fees (DESIGN section 11): a customer's cancel past the cut-off it was booked under
  -- is late (the business keeps the deposit, the late-cancel fee is charged); a business's never is.
  -- A release to the waitlist (release_outcome pending) waits: on time if someone claims its slot,
  -- late if nobody does before the start (que_appointment_release_outcome settles them then).
  IF t.release_outcome IS DISTINCT FROM 'pending' THEN
    PERFORM que_cancel_payment_consequences(p_appointment, p_by_user = t.customer_id AND t.customer_id <> t.owner_id
      AND que_cutoff_passed(t.booked_policies, 'cancelCutoffMinutes', t.starts_at, t.time_zone, NULL)
      AND NOT EXISTS (SELECT 1 FROM offers WHERE temporary_reservation AND status = 'accepted' AND to_appointment_id = p_appointment));
  END IF;
  UPDATE queue_entries SET status = 'cancelled', updated_at = now() WHERE appointment_id = p_appointment RETURNING id INTO v_entry;
  IF v_entry IS NOT NULL THEN
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_status_update',
      'userIds', CASE WHEN t.customer_id = t.owner_id THEN jsonb_build_array(t.customer_id) ELSE jsonb_build_array(t.customer_id, t.owner_id) END,
      'businessId', t.business_id, 'date', t.date, 'queueEntryId', v_entry, 'line', jsonb_build_object('from', t.time, 'to', NULL))::text);
  END IF;
  -- The change, once (decision 0029). Its followers tell the customer in-app, unless it was a
  -- restaurant offer's table never confirmed (notice false: the offer said it), and by e-mail.
  v_pending_table := EXISTS (SELECT 1 FROM offers WHERE temporary_reservation AND status <> 'accepted' AND from_appointment_id = p_appointment);
  v_handed_over := EXISTS (SELECT 1 FROM offers WHERE temporary_reservation AND status = 'accepted' AND to_appointment_id = p_appointment);
  PERFORM que_record_change('cancelled', p_appointment, NULL, t.business_id, p_by_user,
    jsonb_build_object('startsAt', t.starts_at, 'notice', NOT v_pending_table, 'handedOver', v_handed_over));
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
    RETURN que_service_starts(p_open, p_close, p_duration, least(30, p_duration));
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
-- Name: que_card_fees_view(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_card_fees_view(p_appointment integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN (SELECT jsonb_build_object('noShowFeeCents', ap.no_show_fee_cents, 'lateCancelFeeCents', ap.late_cancel_fee_cents,
           'charged', coalesce((SELECT jsonb_agg(c.kind ORDER BY c.kind) FROM appointment_charges c
                                 WHERE c.appointment_id = ap.appointment_id AND c.kind <> 'deposit' AND c.outcome = 'charged'), '[]'),
           'declined', coalesce((SELECT jsonb_agg(c.kind ORDER BY c.kind) FROM appointment_charges c
                                 WHERE c.appointment_id = ap.appointment_id AND c.kind <> 'deposit' AND c.outcome = 'declined'), '[]'))
    FROM appointment_payments ap
   WHERE ap.appointment_id = p_appointment AND ap.policy = 'card_on_file');
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
-- Name: changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.changes (
    id bigint NOT NULL,
    kind text NOT NULL,
    appointment_id integer,
    offer_id integer,
    business_id integer,
    actor_id integer,
    occurred_at timestamp with time zone DEFAULT now() NOT NULL,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT changes_kind_check CHECK ((kind = ANY (ARRAY['booked'::text, 'moved'::text, 'swapped'::text, 'cancelled'::text, 'completed'::text, 'reassigned'::text, 'offer_made'::text, 'offer_countered'::text, 'offer_accepted'::text, 'offer_ended'::text, 'offer_settled'::text, 'no_show'::text, 'held'::text, 'hold_lapsed'::text, 'release_settled'::text, 'capacity_opened'::text, 'fee_declined'::text]))),
    CONSTRAINT changes_subject_check CHECK (((appointment_id IS NOT NULL) OR (offer_id IS NOT NULL) OR ((kind = 'capacity_opened'::text) AND (business_id IS NOT NULL))))
);

--
-- Name: que_change_email(public.changes); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_change_email(c public.changes) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_ap appointments;
  v_service_name text;
  v_business businesses;
BEGIN
  -- A waitlist hold offered (DESIGN section 11): its own message (que_hold_email).
  IF c.kind = 'held' THEN PERFORM que_hold_email(c); RETURN; END IF;
  -- A visit marked missed: what was kept or charged (que_no_show_email).
  IF c.kind = 'no_show' AND c.appointment_id IS NOT NULL THEN PERFORM que_no_show_email(c); RETURN; END IF;
  -- A fee the card declined: that nothing was charged (que_fee_declined_email).
  IF c.kind = 'fee_declined' AND c.appointment_id IS NOT NULL THEN PERFORM que_fee_declined_email(c); RETURN; END IF;
  IF c.kind NOT IN ('booked', 'moved', 'swapped', 'cancelled') OR c.appointment_id IS NULL THEN RETURN; END IF;
  SELECT * INTO v_ap FROM appointments WHERE id = c.appointment_id;
  IF NOT FOUND OR coalesce(v_ap.customer_email, '') = '' THEN RETURN; END IF;
  SELECT name INTO v_service_name FROM services WHERE id = v_ap.service_id;
  SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  IF v_business.id IS NULL OR v_service_name IS NULL THEN RETURN; END IF;
  IF c.data ? 'startsAt' THEN
    v_ap.ends_at := v_ap.ends_at + ((c.data->>'startsAt')::timestamp - v_ap.starts_at);
    v_ap.starts_at := (c.data->>'startsAt')::timestamp;
  END IF;
  PERFORM que_appointment_email_of(v_ap, v_service_name, v_business, CASE c.kind WHEN 'moved' THEN 'rescheduled' ELSE c.kind END, c.data->>'from', NULL);
END
$$;

--
-- Name: que_change_follow_failed(bigint, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_change_follow_failed(p_change bigint, p_error text) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE changes_unfollowed
     SET attempts = attempts + 1, retry_at = now() + make_interval(secs => exp(least(attempts + 1, 10))), last_error = left(p_error, 2000)
   WHERE change_id = p_change;
END
$$;

--
-- Name: que_change_notices(public.changes); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_change_notices(c public.changes) RETURNS jsonb
    LANGUAGE plpgsql
    AS $_$
DECLARE
  a record;
  n jsonb;
  v_slot text;
  v_kind text;
  v_title text;
  v_body text;
  v_link text := '/appointments';
  v_note int;
  v_events jsonb := '[]';
BEGIN
  IF c.offer_id IS NOT NULL THEN
    FOR n IN SELECT * FROM jsonb_array_elements(coalesce(c.data->'notices', '[]')) LOOP
      INSERT INTO notifications (user_id, kind, title, body, link, offer_id)
      VALUES ((n->>'userId')::int, n->>'kind', n->>'title', n->>'body', '/appointments', c.offer_id)
      RETURNING id INTO v_note;
      v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array((n->>'userId')::int),
                                                                   'notificationId', v_note));
    END LOOP;
    RETURN v_events;
  END IF;
  IF c.kind NOT IN ('booked', 'moved', 'cancelled', 'completed', 'reassigned', 'no_show', 'fee_declined') OR (c.data->>'notice')::boolean IS FALSE THEN RETURN v_events; END IF;
  SELECT ap.customer_id, bz.owner_id, s.name AS service_name, bz.business_name INTO a
    FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = c.appointment_id;
  IF NOT FOUND THEN RETURN v_events; END IF;
  IF c.kind = 'fee_declined' THEN
    -- "no-show fee of $15.00": what both notices name (deposits' que_fee_text)
    v_body := que_fee_text(c.data->>'fee', (c.data->>'amountCents')::int);
    INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
    VALUES (a.owner_id, 'fee_declined', 'Fee not charged',
            format('The %s could not be charged: the card was declined. It is not in your earnings (%s at %s, appointment #%s).',
                   v_body, a.service_name, a.business_name, c.appointment_id),
            '/business-dashboard', c.appointment_id)
    RETURNING id INTO v_note;
    v_events := jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.owner_id), 'notificationId', v_note));
    IF a.customer_id IS NOT NULL AND a.customer_id <> a.owner_id THEN
      INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
      VALUES (a.customer_id, 'fee_declined', 'Fee not charged',
              format('Your card declined the %s for %s at %s: nothing was charged.', v_body, a.service_name, a.business_name),
              '/appointments', c.appointment_id)
      RETURNING id INTO v_note;
      v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.customer_id), 'notificationId', v_note));
    END IF;
    RETURN v_events;
  END IF;
  v_slot := que_slot_text((c.data->>'startsAt')::timestamp);
  CASE c.kind
    WHEN 'booked' THEN
      IF c.actor_id IS DISTINCT FROM a.customer_id THEN RETURN v_events; END IF;
      v_kind := 'booking_confirmed'; v_title := 'Booking confirmed';
      v_body := format('%s at %s at %s.', a.service_name, a.business_name, v_slot);
    WHEN 'moved' THEN
      v_kind := 'booking_rescheduled'; v_title := 'Booking rescheduled';
      v_body := format('%s at %s is now at %s (was %s).', a.service_name, a.business_name, v_slot, que_slot_text((c.data->>'from')::timestamp));
    WHEN 'cancelled' THEN
      v_kind := 'booking_cancelled';
      v_title := CASE WHEN (c.data->>'handedOver')::boolean THEN 'Table handed over' ELSE 'Booking cancelled' END;
      v_body := CASE WHEN (c.data->>'handedOver')::boolean THEN format('You handed your table at %s at %s to another guest.', a.business_name, v_slot)
                     WHEN c.actor_id = a.customer_id THEN format('You cancelled %s at %s at %s.', a.service_name, a.business_name, v_slot)
                     ELSE format('%s cancelled your %s at %s.', a.business_name, a.service_name, v_slot) END;
    WHEN 'completed' THEN
      IF a.customer_id = a.owner_id THEN RETURN v_events; END IF;
      v_kind := 'review_request'; v_title := 'How was your visit?';
      v_body := format('Your %s at %s on %s is complete. A review helps others choose: it takes a minute.', a.service_name, a.business_name, v_slot);
      v_link := format('/appointments?review=%s', c.appointment_id);
    WHEN 'no_show' THEN
      v_kind := 'booking_no_show'; v_title := 'Marked as a no-show';
      v_body := format('%s marked your %s at %s as missed. %s', a.business_name, a.service_name, v_slot, que_no_show_outcome_text(c.appointment_id));
    WHEN 'reassigned' THEN
      v_kind := 'staff_reassigned'; v_title := 'New staff member for your booking';
      v_body := format('%s is no longer available for your %s at %s, %s; %s will serve you instead.',
                       c.data->>'fromStaff', a.service_name, a.business_name, v_slot, c.data->>'toStaff');
  END CASE;
  INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
  VALUES (a.customer_id, v_kind, v_title, v_body, v_link, c.appointment_id)
  RETURNING id INTO v_note;
  RETURN jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.customer_id), 'notificationId', v_note));
END
$_$;

--
-- Name: que_change_shard(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_change_shard(p_change bigint) RETURNS integer
    LANGUAGE sql STABLE
    AS $$
  SELECT shard::int FROM changes_unfollowed WHERE change_id = p_change
$$;

--
-- Name: que_change_shard_of(integer, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_change_shard_of(p_business integer, p_appointment integer, p_offer integer) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT coalesce(p_appointment, p_offer, p_business) % 16
$$;

--
-- Name: que_change_subject_of(bigint, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_change_subject_of(p_change bigint, p_appointment integer, p_offer integer) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT CASE WHEN p_appointment IS NOT NULL THEN 'a' || p_appointment::text WHEN p_offer IS NOT NULL THEN 'o' || p_offer::text ELSE 'c' || p_change::text END
$$;

--
-- Name: que_changes_purge(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_changes_purge(p_before timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_count int;
BEGIN
  PERFORM set_config('que.changes_purge', 'on', true);
  WITH gone AS (
    DELETE FROM changes c USING changes_followed f
     WHERE f.change_id = c.id AND c.occurred_at < p_before
    RETURNING c.id)
  DELETE FROM changes_followed f USING gone WHERE f.change_id = gone.id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  PERFORM set_config('que.changes_purge', 'off', true);
  RETURN v_count;
END
$$;

--
-- Name: que_changes_write_once(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_changes_write_once() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('que.changes_purge', true) = 'on' THEN RETURN OLD; END IF;
  RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'The change log is written once: its rows are never changed';
END
$$;

--
-- Name: que_charge_fee(integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_charge_fee(p_appointment integer, p_kind text) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  f record;
  v_amount int;
  v_intent text;
BEGIN
  SELECT ap.payment_method_id, ap.no_show_fee_cents, ap.late_cancel_fee_cents, a.business_id, a.customer_id, s.name AS service_name, bz.business_name
    INTO f FROM appointment_payments ap JOIN appointments a ON a.id = ap.appointment_id JOIN services s ON s.id = a.service_id
    JOIN businesses bz ON bz.id = a.business_id
   WHERE ap.appointment_id = p_appointment AND ap.policy = 'card_on_file';
  IF NOT FOUND THEN RETURN; END IF;
  v_amount := CASE p_kind WHEN 'no_show_fee' THEN f.no_show_fee_cents ELSE f.late_cancel_fee_cents END;
  IF v_amount <= 0 THEN RETURN; END IF;
  v_intent := que_charge_saved_card(f.payment_method_id, v_amount, p_appointment, p_kind);
  INSERT INTO appointment_charges (appointment_id, kind, outcome, amount_cents, payment_intent_id)
  VALUES (p_appointment, p_kind, 'charged', v_amount, v_intent) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM que_ledger_appointment_transfer(que_ledger_account('user_card', 'USD', f.customer_id, NULL, NULL, false),
    que_ledger_account('business_fees', 'USD', NULL, f.business_id, NULL, false), v_amount, p_kind,
    format('%s fee: %s at %s', CASE p_kind WHEN 'no_show_fee' THEN 'No-show' ELSE 'Late cancellation' END, f.service_name, f.business_name),
    p_appointment, false);
  PERFORM que_pay_business(v_intent, f.business_id, v_amount);
END
$$;

--
-- Name: que_charge_saved_card(text, integer, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_charge_saved_card(p_method text, p_amount integer, p_appointment integer, p_kind text) RETURNS text
    LANGUAGE plpgsql
    AS $$
DECLARE
  m record;
  v_id text := format('pi_fee_%s_%s', p_appointment, p_kind);
BEGIN
  SELECT * INTO m FROM payment_methods WHERE id = p_method;
  INSERT INTO payment_intents (id, client_secret, user_id, amount_cents, status, processor, processor_ref, appointment_id, claimed_at, card_last4, payment_method_id)
  VALUES (v_id, v_id || '_secret', m.user_id, p_amount, 'requires_capture', m.processor, NULL, p_appointment, clock_timestamp(), m.last4, p_method)
  ON CONFLICT (id) DO NOTHING;
  INSERT INTO payment_actions (kind, payment_intent_id, amount_cents) VALUES ('capture', v_id, p_amount) ON CONFLICT DO NOTHING;
  RETURN v_id;
END
$$;

--
-- Name: que_claim_deposit_intent(text, integer, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_claim_deposit_intent(p_key text, p_user integer, p_amount integer, p_appointment integer) RETURNS text
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_id text;
  r record;
  v_why text;
BEGIN
  IF p_key IS NULL OR p_key = '' THEN
    RAISE EXCEPTION USING ERRCODE = 'QB402', MESSAGE = format('This service takes a deposit of %s: authorize a card payment of %s and send its paymentIntentId',
      que_format_cents(p_amount), que_format_cents(p_amount));
  END IF;
  UPDATE payment_intents SET appointment_id = p_appointment, claimed_at = clock_timestamp(), updated_at = now()
   WHERE (id = p_key OR client_secret = p_key) AND user_id = p_user AND status = 'requires_capture'
     AND amount_cents = p_amount AND offer_id IS NULL AND appointment_id IS NULL AND claimed_at IS NULL
  RETURNING id INTO v_id;
  IF v_id IS NOT NULL THEN RETURN v_id; END IF;
  SELECT id, user_id, status, offer_id, appointment_id, amount_cents, claimed_at INTO r FROM payment_intents WHERE id = p_key OR client_secret = p_key LIMIT 1;
  v_why := CASE
    WHEN NOT FOUND OR r.user_id <> p_user THEN 'Deposit payment not found: authorize a card payment first and send its paymentIntentId'
    WHEN r.status = 'requires_payment_method' THEN 'The deposit payment is not authorized yet: confirm the card first'
    WHEN r.status = 'canceled' OR (r.offer_id IS NULL AND r.appointment_id IS NULL AND r.claimed_at IS NOT NULL)
      THEN 'The deposit payment was canceled: authorize a new one'
    WHEN r.offer_id IS NOT NULL OR r.appointment_id IS NOT NULL OR r.status = 'succeeded' THEN 'The payment is already used'
    WHEN r.amount_cents <> p_amount THEN format('The payment authorizes %s but the deposit is %s: authorize exactly %s',
      que_format_cents(r.amount_cents), que_format_cents(p_amount), que_format_cents(p_amount))
    ELSE 'The payment cannot be used for this deposit' END;
  RAISE EXCEPTION USING ERRCODE = 'QB402', MESSAGE = v_why;
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
     AND amount_cents = p_amount AND offer_id IS NULL AND claimed_at IS NULL
  RETURNING id INTO v_id;
  IF v_id IS NOT NULL THEN RETURN v_id; END IF;
  SELECT id, user_id, status, offer_id, amount_cents, claimed_at INTO r FROM payment_intents WHERE id = p_key OR client_secret = p_key LIMIT 1;
  IF FOUND AND r.user_id = p_user AND r.offer_id = p_offer THEN RETURN r.id; END IF;
  v_why := CASE
    WHEN NOT FOUND OR r.user_id <> p_user THEN 'Payment not found: authorize a card payment first and send its id'
    WHEN r.status = 'requires_payment_method' THEN 'The payment is not authorized yet: confirm the card first'
    WHEN r.status = 'canceled' OR (r.offer_id IS NULL AND r.claimed_at IS NOT NULL)
      THEN 'The payment was canceled: authorize a new one'
    WHEN r.offer_id IS NOT NULL OR r.status = 'succeeded' THEN 'The payment is already used by another offer'
    WHEN r.amount_cents <> p_amount THEN format('The payment authorizes %s but this offer charges %s: %s expected',
      que_format_cents(r.amount_cents), que_format_cents(p_amount), que_format_cents(p_amount))
    ELSE 'The payment cannot be used for this offer' END;
  RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = v_why;
END
$$;

--
-- Name: que_clock_text(timestamp without time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_clock_text(p_at timestamp without time zone) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
  SELECT to_char(p_at, 'FMHH12:MI AM')
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
    WHEN p_date > p_today + p_horizon THEN CASE WHEN p_kind = 'service' THEN 'beyond_window' ELSE 'beyond_horizon' END
  END
$$;

--
-- Name: que_completed_payments(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_completed_payments(p_appointment integer) RETURNS void
    LANGUAGE sql
    AS $$
  SELECT que_settle_deposit(p_appointment, 'posted')
$$;

--
-- Name: que_cutoff_passed(jsonb, text, timestamp without time zone, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_cutoff_passed(p_booked jsonb, p_key text, p_starts_at timestamp without time zone, p_zone text, p_now timestamp with time zone) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  SELECT que_booked_cutoff(p_booked, p_key) IS NOT NULL
     AND coalesce(p_now, now()) > que_instant(p_starts_at, p_zone) - que_booked_cutoff(p_booked, p_key) * interval '1 minute'
$$;

--
-- Name: que_day_slots(integer, date, integer, integer, integer[], integer, timestamp with time zone, boolean, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_day_slots(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, OUT closed text, OUT slots text[]) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  SELECT w.closed, w.slots INTO closed, slots
    FROM que_day_slots_within(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_with_booked, p_zone, NULL, NULL, false) w;
END
$$;

--
-- Name: que_day_slots_within(integer, date, integer, integer, integer[], integer, timestamp with time zone, boolean, text, integer, integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_day_slots_within(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, p_only integer, p_staff integer, p_with_staff boolean, OUT closed text, OUT slots text[], OUT slot_staff jsonb) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  d record;
  w record;
  busy record;
  free record;
  v_t int;
BEGIN
  slots := '{}';
  slot_staff := NULL;
  d := que_slot_day(p_business, p_date, p_service, p_party, p_exclude, p_horizon, p_now, p_zone, p_only);
  closed := d.closed;
  IF closed IS NOT NULL THEN RETURN; END IF;
  IF d.kind = 'restaurant' THEN
    -- "HH:MM", ascending (the step's answer is): a loop of simple expressions, no query.
    FOREACH v_t IN ARRAY que_restaurant_free_starts(d, p_business, p_date, p_exclude, p_only, p_with_booked) LOOP
      slots := slots || (lpad((v_t / 60)::text, 2, '0') || ':' || lpad((v_t % 60)::text, 2, '0'));
    END LOOP;
    RETURN;
  END IF;
  IF d.service_id IS NULL OR d.duration <= 0 THEN RETURN; END IF;
  w := que_member_ranges(p_business, d.service_id, p_date, p_staff, d.duration, d.step, p_only);
  IF w.first_start IS NULL THEN RETURN; END IF;
  busy := que_members_busy(d, w, p_business, p_exclude, p_with_booked);
  free := que_member_free_starts(d, w, busy, p_date, p_only, p_with_staff OR p_only IS NOT NULL);
  IF p_only IS NOT NULL THEN
    -- One start asked about (a booking's check): the pairs are that start's, already in the owner's order.
    IF cardinality(free.pair_t) = 0 THEN RETURN; END IF;
    slots := ARRAY[lpad((p_only / 60)::text, 2, '0') || ':' || lpad((p_only % 60)::text, 2, '0')];
    IF p_with_staff THEN slot_staff := jsonb_build_array(to_jsonb(free.pair_m)); END IF;
    RETURN;
  END IF;
  IF p_with_staff THEN
    -- Each start once, ascending, with who is free then in the owner's order; on a day the clocks
    -- change the minimum notice leaves out starts too soon by instants.
    IF cardinality(free.pair_t) = 0 THEN RETURN; END IF;
    SELECT coalesce(array_agg(lpad((g.t / 60)::text, 2, '0') || ':' || lpad((g.t % 60)::text, 2, '0') ORDER BY g.t), '{}'), jsonb_agg(g.ids ORDER BY g.t)
      INTO slots, slot_staff
      FROM (SELECT x.t, jsonb_agg(x.m ORDER BY x.o) AS ids FROM unnest(free.pair_t, free.pair_m, free.pair_o) x(t, m, o) GROUP BY x.t) g
     WHERE d.cut IS NULL OR NOT d.change_day OR que_instant(d.day_start + g.t * interval '1 minute', d.zone) >= d.cut;
    RETURN;
  END IF;
  IF NOT free.sorted OR (d.cut IS NOT NULL AND d.change_day) THEN
    SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO free.list FROM unnest(free.list) t
     WHERE d.cut IS NULL OR NOT d.change_day OR que_instant(d.day_start + t * interval '1 minute', d.zone) >= d.cut;
  END IF;
  -- "HH:MM", ascending: a loop of simple expressions, no query.
  FOREACH v_t IN ARRAY free.list LOOP
    slots := slots || (lpad((v_t / 60)::text, 2, '0') || ':' || lpad((v_t % 60)::text, 2, '0'));
  END LOOP;
END
$$;

--
-- Name: que_deactivate_staff(integer, boolean, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_deactivate_staff(p_staff integer, p_reassign boolean, p_now timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  m record;
  v_business int;
  v_zone text;
  v_local timestamp;
  v_count int;
  a record;
  v_moved int := 0;
BEGIN
  SELECT business_id INTO v_business FROM staff_members WHERE id = p_staff;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Staff member not found'; END IF;
  -- Locks in the order every writer takes them (issue 26): the appointments first (in id order, as
  -- an accept, a reschedule and a cancel lock theirs before the business), then the business, then
  -- the member. NO KEY: the appointments' foreign key to the member may still be checked meanwhile.
  PERFORM 1 FROM appointments WHERE staff_id = p_staff AND status = 'confirmed' AND starts_at > now() - interval '1 day' ORDER BY id FOR UPDATE;
  SELECT time_zone INTO v_zone FROM businesses WHERE id = v_business FOR NO KEY UPDATE;
  SELECT * INTO m FROM staff_members WHERE id = p_staff FOR NO KEY UPDATE;
  IF NOT m.active THEN RETURN 0; END IF;
  IF NOT EXISTS (SELECT 1 FROM staff_members WHERE business_id = v_business AND active AND id <> p_staff) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409',
      MESSAGE = format('%s is the only active staff member of this business: add another before removing them', m.name);
  END IF;
  BEGIN
    v_local := coalesce(p_now, now()) AT TIME ZONE v_zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = v_zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so its staff cannot change right now', v_zone);
  END;
  SELECT count(*) INTO v_count FROM appointments WHERE staff_id = p_staff AND status = 'confirmed' AND starts_at > v_local;
  IF v_count > 0 AND NOT p_reassign THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409',
      MESSAGE = format('%s has %s upcoming appointment%s: reassign %s or cancel %s first', m.name, v_count,
                       CASE WHEN v_count = 1 THEN '' ELSE 's' END, CASE WHEN v_count = 1 THEN 'it' ELSE 'them' END,
                       CASE WHEN v_count = 1 THEN 'it' ELSE 'them' END);
  END IF;
  UPDATE staff_members SET active = false WHERE id = p_staff;

  -- Each moves as que_reassign_appointment says (the member already inactive, so never a candidate).
  FOR a IN SELECT ap.id FROM appointments ap
            WHERE ap.staff_id = p_staff AND ap.status = 'confirmed' AND ap.starts_at > v_local
            ORDER BY ap.starts_at, ap.id LOOP
    PERFORM que_reassign_appointment(a.id, NULL, p_now);
    v_moved := v_moved + 1;
  END LOOP;
  -- Fewer members: the trigger of staff-slots-changed.sql makes the cached earliest starts stale.
  RETURN v_moved;
END
$$;

--
-- Name: que_deposit_view(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_deposit_view(p_appointment integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN (SELECT jsonb_build_object('amountCents', ap.deposit_cents, 'status', coalesce(c.outcome, 'held'))
    FROM appointment_payments ap LEFT JOIN appointment_charges c ON c.appointment_id = ap.appointment_id AND c.kind = 'deposit'
   WHERE ap.appointment_id = p_appointment AND ap.policy = 'deposit');
END
$$;

--
-- Name: que_due_changes(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_due_changes(p_shard integer, p_limit integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN (
  SELECT coalesce(jsonb_agg(to_jsonb(ch) || jsonb_build_object('subject', d.subject) ORDER BY ch.id), '[]'::jsonb)
    FROM (SELECT change_id, subject FROM (
            SELECT u.change_id, u.subject,
                   bool_and(u.retry_at <= now()) OVER (PARTITION BY u.subject ORDER BY u.change_id) AS ready
              FROM changes_unfollowed u WHERE u.shard = p_shard) pending
           WHERE ready ORDER BY change_id LIMIT p_limit) d
    JOIN changes ch ON ch.id = d.change_id);
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
  -- A start closer than the minimum notice is not offered (que_day_slots), so a start stays the
  -- answer until its instant less the notice.
  v_notice interval;
BEGIN
  starts := '{}';
  SELECT s.id, s.business_id, s.deleted_at, b.time_zone, s.policies AS service_policies, b.policies AS business_policies
    INTO r FROM services s JOIN businesses b ON b.id = s.business_id WHERE s.id = p_service;
  IF NOT FOUND THEN RETURN; END IF;
  business_id := r.business_id;
  IF r.deleted_at IS NOT NULL THEN fresh_until := 'infinity'; RETURN; END IF;
  v_notice := coalesce((r.service_policies->>'minNoticeMinutes')::int, (r.business_policies->>'minNoticeMinutes')::int,
                       que_rule('defaultMinNoticeMinutes')) * interval '1 minute';

  BEGIN
    IF p_day IS NOT NULL THEN
      FOR v_start IN SELECT t, n FROM unnest(p_starts) WITH ORDINALITY u(t, n) LOOP
        v_at := que_instant(p_day + v_start.t::time, r.time_zone) - v_notice;
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
        fresh_until := que_instant(day + starts[1]::time, r.time_zone) - v_notice;
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
  item := que_earliest_item(p_service, day, starts[1]);
END
$$;

--
-- Name: que_earliest_follow(public.changes); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_earliest_follow(c public.changes) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF c.business_id IS NULL OR c.kind IN ('offer_made', 'offer_countered', 'offer_settled', 'capacity_opened', 'fee_declined') THEN
    RETURN;
  END IF;
  PERFORM que_earliest_invalidate_business(c.business_id);
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
    UPDATE earliest_free_starts SET version = version + 1, fresh_until = NULL WHERE service_id = v_service;
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
    UPDATE earliest_free_starts SET version = version + 1, fresh_until = NULL WHERE service_id = v_service;
  END LOOP;
END
$$;

--
-- Name: que_earliest_item(integer, date, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_earliest_item(p_service integer, p_day date, p_time text) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  SELECT '{"business":{"id":' || b.id || ',"businessName":' || to_json(b.business_name)::text
    || ',"businessType":' || to_json(b.business_type)::text || ',"category":' || to_json(b.category)::text
    || ',"timeZone":' || to_json(b.time_zone)::text
    || '},"service":{"id":' || s.id || ',"serviceName":' || to_json(s.name)::text || ',"duration":' || s.duration
    || ',"price":"' || CASE WHEN s.price_cents < 0 THEN '-' ELSE '' END || (abs(s.price_cents) / 100)::text || '.'
    || lpad((abs(s.price_cents) % 100)::text, 2, '0')
    || '"},"date":"' || to_char(p_day, 'YYYY-MM-DD') || '","time":"' || p_time || '","duration":'
    || CASE WHEN b.business_type = 'restaurant' THEN coalesce(b.reservation_duration, 120) ELSE s.duration END || '}'
  FROM services s JOIN businesses b ON b.id = s.business_id WHERE s.id = p_service
$$;

--
-- Name: que_earliest_refresh(timestamp with time zone, integer[], integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_earliest_refresh(p_now timestamp with time zone, p_businesses integer[], p_batch integer) RETURNS TABLE(complete boolean, saved integer)
    LANGUAGE plpgsql
    AS $_$
DECLARE
  v_stale bigint;
  v_saved bigint;
BEGIN
  -- One statement, run with the businesses' condition only when there are businesses: a condition
  -- that could be either would be planned once for both, and the page's few rows would be looked for
  -- the way all of them are.
  EXECUTE format($q$
    WITH stale AS MATERIALIZED (
      SELECT c.service_id, c.version,
        CASE WHEN c.computed_version = c.version AND c.computed_for <= $1 THEN c.day END AS day,
        CASE WHEN c.computed_version = c.version AND c.computed_for <= $1 THEN c.starts END AS starts
      FROM earliest_free_starts c
      -- NOT (computed_version = version AND computed_for <= now AND now < fresh_until), spelt with
      -- indexed columns only (migration 0015), so finding the few stale rows reads no others: a new row
      -- and a row whose version moved have no fresh_until (que_earliest_invalidate clears it)
      WHERE (c.fresh_until IS NULL OR c.fresh_until <= $1 OR c.computed_for > $1) %s
    ),
    redo AS MATERIALIZED (
      SELECT x.service_id, x.version, e.*
      FROM (SELECT * FROM stale ORDER BY service_id LIMIT $3) x
      CROSS JOIN LATERAL que_earliest_entry(x.service_id, $1, x.day, x.starts) e
    ),
    saved AS (
      INSERT INTO earliest_free_starts AS c (service_id, business_id, version, computed_version, computed_for, fresh_until, day, starts, start_local, item)
      SELECT r.service_id, r.business_id, r.version, r.version, $1, r.fresh_until, r.day, r.starts, r.start_local, r.item
      FROM redo r ORDER BY r.service_id
      ON CONFLICT (service_id) DO UPDATE SET
        business_id = excluded.business_id, computed_version = excluded.computed_version, computed_for = excluded.computed_for,
        fresh_until = excluded.fresh_until, day = excluded.day, starts = excluded.starts, start_local = excluded.start_local, item = excluded.item
      WHERE c.version = excluded.version
      RETURNING c.service_id
    )
    SELECT (SELECT count(*) FROM stale), (SELECT count(*) FROM saved)$q$,
    CASE WHEN p_businesses IS NULL THEN '' ELSE 'AND c.business_id = ANY ($2)' END)
  INTO v_stale, v_saved USING p_now, p_businesses, p_batch;
  complete := v_stale <= p_batch;
  saved := v_saved;
  RETURN NEXT;
END
$_$;

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
-- Name: que_ensure_job(text, json, text, timestamp with time zone, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_ensure_job(p_task text, p_payload json, p_queue text, p_run_at timestamp with time zone, p_job_key text, p_max_attempts integer DEFAULT 25) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM graphile_worker._private_jobs j
              WHERE j.key = p_job_key AND (j.locked_at IS NOT NULL OR (j.is_available AND j.attempts = 0 AND j.run_at <= p_run_at))) THEN
    RETURN;
  END IF;
  PERFORM que_add_job_unannounced(p_task, p_payload, p_queue, p_run_at, p_job_key, true, p_max_attempts);
END
$$;

--
-- Name: que_fee_declined(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_fee_declined() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  c record;
BEGIN
  UPDATE appointment_charges ch SET outcome = 'declined'
    FROM appointments a JOIN services s ON s.id = a.service_id JOIN businesses bz ON bz.id = a.business_id
   WHERE ch.payment_intent_id = NEW.id AND ch.kind IN ('no_show_fee', 'late_cancel_fee') AND ch.outcome = 'charged' AND a.id = ch.appointment_id
  RETURNING ch.appointment_id, ch.kind, ch.amount_cents, a.business_id, a.customer_id, s.name AS service_name, bz.business_name INTO c;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM que_ledger_appointment_transfer(que_ledger_account('business_fees', 'USD', NULL, c.business_id, NULL, false),
    que_ledger_account('user_card', 'USD', c.customer_id, NULL, NULL, false), c.amount_cents, c.kind || '_declined',
    format('%s fee declined by the card, not charged: %s at %s', CASE c.kind WHEN 'no_show_fee' THEN 'No-show' ELSE 'Late cancellation' END,
      c.service_name, c.business_name),
    c.appointment_id, false);
  PERFORM que_record_change('fee_declined', c.appointment_id, NULL, c.business_id, NULL,
    jsonb_build_object('fee', c.kind, 'amountCents', c.amount_cents));
  RETURN NULL;
END
$$;

--
-- Name: que_fee_declined_email(public.changes); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_fee_declined_email(c public.changes) RETURNS void
    LANGUAGE plpgsql
    AS $_$
DECLARE
  -- "no-show fee of $15.00", as the in-app notices name it (deposits' que_fee_text)
  v_fee text := que_fee_text(c.data->>'fee', (c.data->>'amountCents')::int);
BEGIN
  PERFORM que_visit_message(c.appointment_id, 'fee_declined', 'Fee not charged',
    -- the fee's text quoted for format(): que_visit_message formats the intro with the business's name
    format('Your card declined the %s that %%1$s set for this visit: nothing was charged.', replace(v_fee, '%', '%%')),
    NULL,
    ARRAY['', 'An earlier e-mail may have said this fee was charged; it was not, and nothing more will be taken for it.', '', 'Que']);
END
$_$;

--
-- Name: que_fee_text(text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_fee_text(p_kind text, p_amount_cents integer) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  SELECT format('%s of %s', CASE p_kind WHEN 'no_show_fee' THEN 'no-show fee' ELSE 'late-cancel fee' END, que_format_cents(p_amount_cents))
$$;

--
-- Name: que_first_staff_member(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_first_staff_member() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF NEW.business_type <> 'restaurant' THEN
    INSERT INTO staff_members (business_id, name, position)
      SELECT NEW.id, left(coalesce(nullif(btrim(u.full_name), ''), btrim(NEW.business_name)), 100), 1
        FROM (SELECT 1) one LEFT JOIN users u ON u.id = NEW.owner_id;
  END IF;
  RETURN NULL;
END
$$;

--
-- Name: que_follow_change_take(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_follow_change_take(p_change bigint) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
BEGIN
  -- The follow transaction does not wait for the disk: the job's completion is committed after it,
  -- so a crash that loses this commit loses the completion too (the WAL is replayed in order) and
  -- the job runs again (decision 0028).
  PERFORM set_config('synchronous_commit', 'off', true);
  DELETE FROM changes_unfollowed WHERE change_id = p_change;
  IF NOT FOUND THEN RETURN false; END IF;
  INSERT INTO changes_followed (change_id) VALUES (p_change) ON CONFLICT DO NOTHING;
  RETURN true;
END
$$;

--
-- Name: que_follow_changes_next(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_follow_changes_next(p_shard integer) RETURNS timestamp with time zone
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_next timestamptz;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  -- This job, about to end, first gives up its key (que_release_job_key), so a job added below or by
  -- a recording after this commit is a new one, not this one superseded: a superseded job that then
  -- failed (its completion's connection lost) would stay in the queue as failed for good.
  PERFORM que_release_job_key('changes:' || p_shard);
  IF NOT pg_try_advisory_xact_lock(hashtext('changes:' || p_shard)) THEN
    -- A recording of this shard is in flight. Waiting for it would make the shard's next recordings
    -- queue behind this lock, each holding its business's lock meanwhile (bookings of a busy shard
    -- went 30% slower): the job runs again instead, and follows it once it has committed.
    v_next := clock_timestamp();
    PERFORM que_add_job_unannounced('follow_changes', json_build_object('shard', p_shard), 'changes:' || p_shard, v_next, 'changes:' || p_shard, true);
    RETURN v_next;
  END IF;
  -- The first change of each subject decides when (the others wait behind it).
  SELECT min(retry_at) INTO v_next FROM (
    SELECT u.retry_at, row_number() OVER (PARTITION BY u.subject ORDER BY u.change_id) AS n
      FROM changes_unfollowed u WHERE u.shard = p_shard) first WHERE n = 1;
  IF v_next IS NOT NULL THEN
    v_next := greatest(v_next, clock_timestamp());
    PERFORM que_add_job_unannounced('follow_changes', json_build_object('shard', p_shard), 'changes:' || p_shard, v_next, 'changes:' || p_shard, true);
  END IF;
  RETURN v_next;
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
-- Name: que_free_on_change_day(text, date, date, integer, boolean, integer, integer[], integer, integer, integer, integer, integer[], integer[], integer[], integer, integer, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_free_on_change_day(p_kind text, p_date date, p_today date, p_now_minutes integer, p_blocked boolean, p_horizon integer, p_starts integer[], p_duration integer, p_close integer, p_capacity integer, p_party integer, p_b_start integer[], p_b_end integer[], p_b_party integer[], p_before integer, p_after integer, p_zone text, p_now timestamp with time zone) RETURNS integer[]
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(array_agg(t ORDER BY t), '{}')
    FROM unnest(p_starts) t,
         LATERAL (SELECT que_instant(p_date::timestamp + t * interval '1 minute', p_zone) AS at) i,
         LATERAL (SELECT floor(extract(epoch FROM que_wall_clock_at_or_after(i.at + p_duration * interval '1 minute', p_zone) - p_date::timestamp) / 60)::int AS e) r
   WHERE i.at IS NOT NULL AND i.at > p_now
     AND (p_kind = 'restaurant' OR r.e <= p_close)
     AND cardinality(que_slot_engine(p_kind, p_date, p_today, p_now_minutes, p_blocked, p_horizon, ARRAY[t], r.e - t, p_capacity, p_party,
           p_b_start, p_b_end, p_b_party, p_before, p_after)) = 1
$$;

--
-- Name: que_free_starts_from(integer, integer, date, text, integer, integer, timestamp with time zone, date, text[], integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_free_starts_from(p_business integer, p_service integer, p_date date, p_from text, p_party integer, p_horizon integer, p_now timestamp with time zone, p_day date, p_starts text[], p_count integer) RETURNS text[]
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  v_slots text[];
  v_out text[] := '{}';
  v_t text;
BEGIN
  IF p_day = p_date AND coalesce(p_party, 1) <= 1 THEN
    v_slots := p_starts;
  ELSE
    BEGIN
      SELECT w.slots INTO v_slots
        FROM que_day_slots_within(p_business, p_date, p_service, p_party, NULL, p_horizon, p_now, true, NULL, NULL, NULL, false) w;
    EXCEPTION WHEN invalid_parameter_value OR SQLSTATE 'QBTZ1' OR SQLSTATE 'QB404' OR SQLSTATE 'QB400' THEN
      RETURN v_out;
    END;
  END IF;
  -- ascending, as the slot rules give them: the first p_count at or after p_from
  FOREACH v_t IN ARRAY coalesce(v_slots, '{}') LOOP
    CONTINUE WHEN p_from IS NOT NULL AND v_t < p_from;
    v_out := v_out || v_t;
    EXIT WHEN cardinality(v_out) >= p_count;
  END LOOP;
  RETURN v_out;
END
$$;

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
  FOR r IN SELECT ap.id, ap.status, s.name AS service_name, que_slot_text(ap.starts_at) AS slot
             FROM appointments ap JOIN services s ON s.id = ap.service_id WHERE ap.id IN (p_target, p_pending)
            ORDER BY ap.id = p_pending LOOP
    v_wanted := CASE WHEN r.id = p_target THEN 'confirmed' ELSE 'pending' END;
    IF r.status <> v_wanted THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV',
        MESSAGE = format('The %s appointment at %s is %s, so the swap cannot happen', r.service_name, r.slot, r.status);
    END IF;
  END LOOP;
  UPDATE appointments SET status = 'cancelled', cancelled_by = p_by_user, updated_at = now() WHERE id = p_target;
  UPDATE appointments SET status = 'confirmed', updated_at = now() WHERE id = p_pending;
  SELECT ap.business_id, ap.service_id, ap.customer_id, ap.party_size, to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO p FROM appointments ap WHERE ap.id = p_pending;
  PERFORM que_require_slot(p.business_id, p.date::date, p.time, p.service_id, p.party_size, ARRAY[p_pending], p_horizon, NULL, true, p_zone, NULL);
  -- One table per guest, restaurant and day: the sender may hold another that day.
  PERFORM que_require_one_reservation(p.customer_id, p.business_id, p.date::date, ARRAY[p_pending, p_target]);
  PERFORM que_cancelled_effects(p_target, p_by_user);
  -- The sender's table is booked.
  PERFORM que_on_booked(p_pending, p_by_user);
END
$$;

--
-- Name: que_hold_email(public.changes); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_hold_email(c public.changes) RETURNS void
    LANGUAGE plpgsql
    AS $_$
DECLARE
  v_until text;
BEGIN
  SELECT to_char((c.data->>'heldUntil')::timestamptz AT TIME ZONE b.time_zone, 'HH24:MI') INTO v_until
    FROM appointments a JOIN businesses b ON b.id = a.business_id WHERE a.id = c.appointment_id;
  PERFORM que_visit_message(c.appointment_id, 'waitlist_offer', 'A time opened', 'A time you were waiting for has opened, and it is held for you.',
    NULL, ARRAY[format('Held for you until %s (%%2$s). After that it passes to the next person waiting.', v_until), '',
      'Claim it in Que: My waitlist (/waitlist) or My Appointments.', '', 'Que']);
END
$_$;

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
-- Name: que_insert_booking(integer, integer, integer, timestamp without time zone, timestamp without time zone, integer, integer, boolean, integer, text, boolean, text, text, text, text, text, text, jsonb, integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_insert_booking(p_business integer, p_service integer, p_user integer, p_starts_at timestamp without time zone, p_ends_at timestamp without time zone, p_duration integer, p_price_cents integer, p_restaurant boolean, p_party integer, p_notes text, p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text, p_dietary text, p_policies jsonb, p_staff integer, p_staff_requested boolean) RETURNS public.appointments
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
-- Name: que_ledger_appointment_account(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_ledger_appointment_account(p_appointment integer) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_id int;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'appointment_escrow' AND asset = 'USD' AND appointment_id = p_appointment;
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, asset, appointment_id, no_overdraft) VALUES ('appointment_escrow', 'USD', p_appointment, true) ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'appointment_escrow' AND asset = 'USD' AND appointment_id = p_appointment;
  END IF;
  RETURN v_id;
END
$$;

--
-- Name: que_ledger_appointment_transfer(integer, integer, integer, text, text, integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_ledger_appointment_transfer(p_debit integer, p_credit integer, p_amount integer, p_code text, p_description text, p_appointment integer, p_pending boolean) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_id int;
BEGIN
  UPDATE ledger_accounts l SET
    debits_posted = l.debits_posted + CASE WHEN l.id = p_debit AND NOT p_pending THEN p_amount ELSE 0 END,
    credits_posted = l.credits_posted + CASE WHEN l.id = p_credit AND NOT p_pending THEN p_amount ELSE 0 END,
    debits_pending = l.debits_pending + CASE WHEN l.id = p_debit AND p_pending THEN p_amount ELSE 0 END,
    credits_pending = l.credits_pending + CASE WHEN l.id = p_credit AND p_pending THEN p_amount ELSE 0 END
  FROM (SELECT id FROM ledger_accounts WHERE id IN (p_debit, p_credit) ORDER BY id FOR NO KEY UPDATE) locked
  WHERE l.id = locked.id AND l.asset = 'USD';
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, appointment_id)
  VALUES (p_debit, p_credit, p_amount, 'USD', CASE WHEN p_pending THEN 'pending' ELSE 'single' END, p_code, p_description, p_appointment)
  RETURNING id INTO v_id;
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
-- Name: que_member_free_starts(record, record, record, date, integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_member_free_starts(p_day record, p_ranges record, p_busy record, p_date date, p_only integer, p_pairs boolean, OUT pair_t integer[], OUT pair_m integer[], OUT pair_o integer[], OUT list integer[], OUT sorted boolean) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  v_duration int := p_day.duration;
  v_step int := p_day.step;
  v_before int := p_day.buffer_before;
  v_after int := p_day.buffer_after;
  v_min int := p_ranges.first_start;
  v_member int[] := p_ranges.member_ids;
  v_b_start int[] := p_busy.b_start;
  v_b_end int[] := p_busy.b_end;
  v_lo int[] := p_busy.m_lo;
  v_hi int[] := p_busy.m_hi;
  v_taken boolean[];
  v_first int;
  v_free int[];
  v_t int;
  v_end int;
  v_ok boolean;
  m int;
  r int;
  i int;
BEGIN
  pair_t := '{}';
  pair_m := '{}';
  pair_o := '{}';
  list := '{}';
  sorted := true;
  v_first := CASE WHEN p_date = p_day.today THEN p_day.now_minutes + 1 ELSE 0 END;
  IF p_day.cut IS NOT NULL AND NOT p_day.change_day THEN
    v_first := greatest(v_first, ceil(extract(epoch FROM (p_day.cut AT TIME ZONE p_day.zone) - p_day.day_start) / 60)::int);
  END IF;
  IF NOT p_pairs THEN v_taken := array_fill(false, ARRAY[p_ranges.last_start - v_min + 1]); END IF;
  FOR r IN 1 .. cardinality(p_ranges.range_member) LOOP
    m := p_ranges.range_member[r];
    IF p_day.change_day THEN
      v_free := que_service_starts(p_ranges.range_open[r], p_ranges.range_close[r], v_duration, v_step);
      IF p_only IS NOT NULL THEN v_free := CASE WHEN p_only = ANY (v_free) THEN ARRAY[p_only] ELSE '{}' END; END IF;
      CONTINUE WHEN cardinality(v_free) = 0;
      v_free := que_free_on_change_day('service', p_date, p_day.today, p_day.now_minutes, p_day.blocked, p_day.horizon, v_free, v_duration,
        p_ranges.range_close[r], 0, 1, v_b_start[v_lo[m]:v_hi[m]], v_b_end[v_lo[m]:v_hi[m]], '{}', v_before, v_after, p_day.zone, p_day.now_at);
    ELSE
      -- the range's grid (que_service_starts), or only p_only when it is on it
      v_t := p_ranges.range_open[r];
      v_end := p_ranges.range_close[r] - v_duration;
      IF p_only IS NOT NULL THEN
        IF p_only >= v_t AND p_only <= v_end AND (p_only - v_t) % v_step = 0 THEN v_t := p_only; v_end := p_only; ELSE CONTINUE; END IF;
      END IF;
      v_free := '{}';
      WHILE v_t <= v_end LOOP
        IF v_t >= v_first AND (p_pairs OR NOT v_taken[v_t - v_min + 1]) THEN
          v_ok := true;
          FOR i IN v_lo[m] .. v_hi[m] LOOP
            IF que_start_blocked(v_b_start[i], v_b_end[i], v_t, v_duration, v_before, v_after) THEN v_ok := false; EXIT; END IF;
          END LOOP;
          IF v_ok THEN v_free := v_free || v_t; END IF;
        END IF;
        v_t := v_t + v_step;
      END LOOP;
    END IF;
    FOREACH v_t IN ARRAY v_free LOOP
      IF p_pairs THEN
        pair_t := pair_t || v_t;
        pair_m := pair_m || v_member[m];
        pair_o := pair_o || m;
      ELSIF NOT v_taken[v_t - v_min + 1] THEN
        v_taken[v_t - v_min + 1] := true;
        IF v_t < list[cardinality(list)] THEN sorted := false; END IF;
        list := list || v_t;
      END IF;
    END LOOP;
  END LOOP;
END
$$;

--
-- Name: que_member_ranges(integer, integer, date, integer, integer, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_member_ranges(p_business integer, p_service integer, p_date date, p_staff integer, p_duration integer, p_step integer, p_only integer, OUT member_ids integer[], OUT range_member integer[], OUT range_open integer[], OUT range_close integer[], OUT first_start integer, OUT last_start integer) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  w record;
  r int;
  v_members int := 0;
BEGIN
  member_ids := '{}';
  range_member := '{}';
  range_open := '{}';
  range_close := '{}';
  FOR w IN SELECT * FROM que_working_staff(p_business, p_service, p_date, p_staff) LOOP
    v_members := v_members + 1;
    member_ids := member_ids || w.staff_id;
    FOR r IN 1 .. cardinality(w.opens) LOOP
      range_member := range_member || v_members;
      range_open := range_open || w.opens[r];
      range_close := range_close || w.closes[r];
      IF w.opens[r] + p_duration <= w.closes[r] THEN
        IF p_only IS NULL THEN
          first_start := least(first_start, w.opens[r]);
          last_start := greatest(last_start, w.opens[r] + (w.closes[r] - p_duration - w.opens[r]) / p_step * p_step);
        ELSIF p_only >= w.opens[r] AND p_only + p_duration <= w.closes[r] AND (p_only - w.opens[r]) % p_step = 0 THEN
          first_start := least(first_start, p_only);
          last_start := greatest(last_start, p_only);
        END IF;
      END IF;
    END LOOP;
  END LOOP;
END
$$;

--
-- Name: que_members_busy(record, record, integer, integer[], boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_members_busy(p_day record, p_ranges record, p_business integer, p_exclude integer[], p_with_booked boolean, OUT b_start integer[], OUT b_end integer[], OUT m_lo integer[], OUT m_hi integer[]) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  v_members int := cardinality(p_ranges.member_ids);
  v_b_staff int[];
  m int;
  i int;
BEGIN
  m_lo := array_fill(1, ARRAY[v_members]);
  m_hi := array_fill(0, ARRAY[v_members]);
  IF NOT p_with_booked THEN RETURN; END IF;
  SELECT array_agg(floor(extract(epoch FROM a.blocked_starts_at - p_day.day_start) / 60)::int ORDER BY a.staff_id, a.id),
         array_agg(floor(extract(epoch FROM a.blocked_ends_at - p_day.day_start) / 60)::int ORDER BY a.staff_id, a.id), array_agg(a.staff_id ORDER BY a.staff_id, a.id)
    INTO b_start, b_end, v_b_staff
    FROM appointments a
   WHERE a.business_id = p_business AND a.occupies
     AND tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(p_day.day_start + (p_ranges.first_start - p_day.buffer_before) * interval '1 minute',
           p_day.day_start + (p_ranges.last_start + p_day.duration + p_day.buffer_after + CASE WHEN p_day.change_day THEN 180 ELSE 0 END) * interval '1 minute', '[)')
     AND a.exclusive
     AND (p_exclude IS NULL OR a.id <> ALL (p_exclude));
  IF v_b_staff IS NULL THEN RETURN; END IF;
  FOR m IN 1 .. v_members LOOP
    i := array_position(v_b_staff, p_ranges.member_ids[m]);
    CONTINUE WHEN i IS NULL;
    m_lo[m] := i;
    WHILE i < cardinality(v_b_staff) AND v_b_staff[i + 1] = p_ranges.member_ids[m] LOOP i := i + 1; END LOOP;
    m_hi[m] := i;
  END LOOP;
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
-- Name: que_no_show_email(public.changes); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_no_show_email(c public.changes) RETURNS void
    LANGUAGE plpgsql
    AS $_$
BEGIN
  -- The outcome text may hold a %: quoted for format() (que_visit_message formats each line).
  PERFORM que_visit_message(c.appointment_id, 'no_show', 'Missed visit', '%1$s marked your visit as missed (a no-show):',
    (c.data->>'startsAt')::timestamp,
    ARRAY['', replace(que_no_show_outcome_text(c.appointment_id), '%', '%%'), '', 'If you think this is a mistake, contact the business.', '', 'Que']);
END
$_$;

--
-- Name: que_no_show_outcome_text(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_no_show_outcome_text(p_appointment integer) RETURNS text
    LANGUAGE sql STABLE
    AS $_$
  SELECT coalesce(string_agg(CASE c.kind
           WHEN 'deposit' THEN format('The business kept your deposit of $%s.', que_cents_decimal(c.amount_cents))
           ELSE format('A no-show fee of $%s was charged to your card ending %s.', que_cents_decimal(c.amount_cents), coalesce(m.last4, '····'))
         END, ' ' ORDER BY c.kind), 'Nothing was kept or charged.')
    FROM appointment_charges c
    LEFT JOIN appointment_payments ap ON ap.appointment_id = c.appointment_id
    LEFT JOIN payment_methods m ON m.id = ap.payment_method_id
   WHERE c.appointment_id = p_appointment
     AND ((c.kind = 'deposit' AND c.outcome = 'kept') OR (c.kind = 'no_show_fee' AND c.outcome = 'charged'))
$_$;

--
-- Name: que_no_show_payments(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_no_show_payments(p_appointment integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM que_settle_deposit(p_appointment, 'kept');
  PERFORM que_charge_fee(p_appointment, 'no_show_fee');
END
$$;

--
-- Name: que_offer_accept(integer, integer, boolean, text, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_accept(p_user integer, p_offer integer, p_counter boolean, p_intent text, p_horizon integer, p_zone text) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  o offers;
  h record;
  sp record;
  v_broken record;
  v_price int;
  v_total int;
  v_held int;
  v_intent text;
  v_claimed text;
  v_intents text[];
  v_remaining int;
  v_take int;
  v_i int := 0;
  c record;
BEGIN
  o := que_offer_lock_for_turn(p_user, p_offer, CASE WHEN p_counter THEN 'accept_counter' ELSE 'accept' END);
  v_broken := que_swap_rule_broken(o.offer_type, o.from_user_id, o.from_appointment_id, o.to_appointment_id, o.temporary_reservation);
  IF v_broken.errcode IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This offer can no longer be accepted: ' || v_broken.message;
  END IF;

  v_price := coalesce(o.agreed_cents, o.counter_cents, o.offer_cents);
  sp := que_offer_split(v_price, o.fee_kind);
  v_total := sp.total_cents;
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
      PERFORM que_record_payment_action(CASE WHEN v_take > 0 THEN 'capture' ELSE 'cancel' END, v_intents[v_i], NULL, NULL, v_take);
    END IF;
  END LOOP;
  IF v_remaining > 0 THEN RAISE EXCEPTION 'offer #%: holds cover % of % cents', p_offer, v_total - v_remaining, v_total; END IF;

  UPDATE offers SET status = 'accepted', agreed_cents = v_price, accepted_at = now(), payment_intent_id = v_intent, updated_at = now(),
         total_cents = sp.total_cents, recipient_cents = sp.recipient_cents, business_fee_cents = sp.business_fee_cents,
         platform_fee_cents = sp.platform_fee_cents,
         swap_from_starts_at = (SELECT starts_at FROM appointments WHERE id = o.from_appointment_id),
         swap_to_starts_at = (SELECT starts_at FROM appointments WHERE id = o.to_appointment_id)
   WHERE id = p_offer;
  IF o.temporary_reservation THEN
    PERFORM que_hand_over_table(o.from_appointment_id, o.to_appointment_id, p_user, p_horizon, p_zone);
  ELSE
    PERFORM que_swap_appointments(o.from_appointment_id, o.to_appointment_id, p_user, p_horizon, p_zone);
  END IF;

  -- The party who did not accept hears that the deal is done, and where they stand now: the slot the
  -- other held before the swap (que_offer_context gives the recorded starts): the recipient is at the
  -- sender's, the payer at the recipient's, the one they paid for; a restaurant's table went to the
  -- sender, at the time it always had.
  SELECT * INTO c FROM que_offer_context(p_offer);
  PERFORM que_offer_record('offer_accepted', p_offer, p_user, jsonb_build_array(que_offer_notice(
    CASE WHEN p_user = o.from_user_id THEN o.to_user_id ELSE o.from_user_id END, 'offer_accepted',
    'Offer accepted: ' || que_format_cents(v_price),
    format('%s accepted %s. %s; the money is held until both visits are completed.',
           CASE WHEN p_user = o.from_user_id THEN c.from_name ELSE c.to_name END, que_format_cents(v_price),
           CASE WHEN o.temporary_reservation AND p_user = o.from_user_id THEN format('Your table at %s at %s is handed over', c.business_name, c.to_slot)
                WHEN o.temporary_reservation THEN format('The table at %s at %s is yours', c.business_name, c.from_slot)
                WHEN p_user = o.from_user_id THEN format('Your appointment at %s is now at %s', c.business_name, c.from_slot)
                ELSE format('Your appointment at %s is now at %s', c.business_name, c.to_slot) END))));
  RETURN que_offer_view(p_offer);
END
$$;

--
-- Name: que_offer_answer_end(integer, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_answer_end(p_user integer, p_offer integer, p_status text) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF p_status NOT IN ('declined', 'cancelled') THEN RAISE EXCEPTION 'que_offer_answer_end: % is not an answer', p_status; END IF;
  PERFORM que_offer_lock_for_turn(p_user, p_offer, CASE p_status WHEN 'declined' THEN 'decline' ELSE 'cancel' END);
  PERFORM que_offer_end(p_offer, p_status, p_user);
  RETURN que_offer_view(p_offer);
END
$$;

--
-- Name: que_offer_change_pushes(public.changes); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_change_pushes(c public.changes) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  IF c.offer_id IS NOT NULL THEN
    RETURN (SELECT coalesce(jsonb_agg(jsonb_build_object('type', 'offer_changed', 'userIds', jsonb_build_array(o.from_user_id, o.to_user_id), 'offerId', o.id)
                                      ORDER BY o.id), '[]')
              FROM offers o WHERE o.id = c.offer_id);
  END IF;
  IF c.kind NOT IN ('moved', 'swapped', 'cancelled', 'completed', 'booked') OR c.appointment_id IS NULL THEN RETURN '[]'; END IF;
  RETURN (SELECT coalesce(jsonb_agg(jsonb_build_object('type', 'offer_changed', 'userIds', jsonb_build_array(o.from_user_id, o.to_user_id), 'offerId', o.id)
                                    ORDER BY o.id), '[]')
            FROM offers o
           WHERE (o.from_appointment_id = c.appointment_id OR o.to_appointment_id = c.appointment_id)
             AND o.status = 'accepted' AND o.escrow_status = 'held');
END
$$;

--
-- Name: que_offer_context(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_context(p_offer integer, OUT from_name text, OUT to_name text, OUT business_name text, OUT visit text, OUT from_slot text, OUT to_slot text) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  SELECT coalesce(que_public_name(fu.full_name), 'another customer'), coalesce(que_public_name(tu.full_name), 'another customer'), b.business_name, CASE WHEN b.business_type = 'restaurant' THEN 'table' ELSE 'appointment' END,
         que_slot_text(coalesce(o.swap_from_starts_at, fa.starts_at)), que_slot_text(coalesce(o.swap_to_starts_at, ta.starts_at))
    INTO from_name, to_name, business_name, visit, from_slot, to_slot
    FROM offers o JOIN users fu ON fu.id = o.from_user_id JOIN users tu ON tu.id = o.to_user_id
    JOIN appointments fa ON fa.id = o.from_appointment_id
    JOIN appointments ta ON ta.id = o.to_appointment_id JOIN businesses b ON b.id = ta.business_id
   WHERE o.id = p_offer;
END
$$;

--
-- Name: que_offer_counter(integer, integer, integer, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_counter(p_user integer, p_offer integer, p_cents integer, p_message text, p_intent text) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  o offers;
  c record;
  v_shortfall int;
  v_claimed text;
BEGIN
  o := que_offer_lock_for_turn(p_user, p_offer, 'counter');
  IF p_user = o.from_user_id THEN
    v_shortfall := que_offer_total(p_cents, o.fee_kind) - que_offer_held(p_offer);
    IF v_shortfall > 0 THEN v_claimed := que_offer_hold(p_offer, v_shortfall, p_intent); END IF;
  END IF;
  UPDATE offers SET status = 'negotiating', counter_cents = p_cents, counter_message = p_message,
         negotiation_round = negotiation_round + 1, last_negotiation_by = p_user,
         payment_intent_id = coalesce(v_claimed, payment_intent_id), updated_at = now()
   WHERE id = p_offer;
  -- The offer is on the recipient's appointment: the recipient's own, the slot the sender wants.
  SELECT * INTO c FROM que_offer_context(p_offer);
  PERFORM que_offer_record('offer_countered', p_offer, p_user, jsonb_build_array(que_offer_notice(
    CASE WHEN p_user = o.from_user_id THEN o.to_user_id ELSE o.from_user_id END, 'offer_countered',
    'Counter offer: ' || que_format_cents(p_cents),
    format('%s answered with %s for %s %s at %s at %s.', CASE WHEN p_user = o.from_user_id THEN c.from_name ELSE c.to_name END,
           que_format_cents(p_cents), CASE WHEN p_user = o.from_user_id THEN 'your' ELSE 'their' END, c.visit, c.business_name, c.to_slot))));
  RETURN que_offer_view(p_offer);
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
  v_locked int;
  v_own int;
  v_id int;
  v_expires timestamptz;
  v_claimed text;
  c record;
  v_broken record;
  v_misfit text;
  v_fee_kind text;
BEGIN
  SELECT count(*) INTO v_locked
    FROM (SELECT id FROM appointments WHERE id IN (p_to_appointment, p_from_appointment) ORDER BY id FOR UPDATE) l;
  SELECT ap.id, ap.customer_id, ap.business_id, bz.business_type, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO t FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_to_appointment;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Target appointment not found'; END IF;
  IF p_from_appointment IS NOT NULL THEN
    IF v_locked < 2 AND p_from_appointment <> p_to_appointment THEN
      RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
    END IF;
    IF (SELECT customer_id FROM appointments WHERE id = p_from_appointment) <> p_user THEN
      RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'fromAppointmentId must be one of your own appointments';
    END IF;
  END IF;
  IF p_to_user IS NOT NULL AND p_to_user <> t.customer_id THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'toUserId must be the customer of the target appointment';
  END IF;
  v_broken := que_swap_rule_broken(p_offer_type, p_user, coalesce(p_from_appointment, p_to_appointment), t.id, p_from_appointment IS NULL);
  IF v_broken.errcode IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = v_broken.errcode, MESSAGE = v_broken.message; END IF;
  IF p_from_appointment IS NOT NULL THEN
    v_own := p_from_appointment;
    IF EXISTS (SELECT 1 FROM offers WHERE status IN ('pending', 'negotiating')
                AND ((from_appointment_id = v_own AND to_appointment_id = t.id) OR (from_appointment_id = t.id AND to_appointment_id = v_own))) THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'There is already an open offer between these two appointments';
    END IF;
    v_misfit := que_swap_misfit(v_own, t.id, p_zone);
    IF v_misfit IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = v_misfit; END IF;
  ELSE
    -- A pending reservation for the restaurant table that is full.
    IF t.business_type <> 'restaurant' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'temporaryReservation is only for restaurant offers'; END IF;
    IF p_offer_type <> 'queue_jump' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A temporary reservation goes with a queue jump offer'; END IF;
    IF p_temporary->>'date' <> t.date OR p_temporary->>'time' <> t.time THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400',
        MESSAGE = format('temporaryReservation must be for the chosen reservation''s table: %s at %s', t.date, t.time);
    END IF;
  END IF;
  -- The live offer limits, under the target's lock.
  IF (SELECT count(*) FROM offers WHERE to_appointment_id = t.id AND from_user_id = p_user AND status IN ('pending', 'negotiating'))
     >= que_rule('maxLiveOffersPerSenderPerTarget') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'You already have an open offer on that appointment: wait for its answer or cancel it first';
  END IF;
  IF (SELECT count(*) FROM offers WHERE to_appointment_id = t.id AND status IN ('pending', 'negotiating')) >= que_rule('maxLiveOffersPerTarget') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('That appointment already has %s open offers: try again when one of them is answered', que_rule('maxLiveOffersPerTarget'));
  END IF;
  IF p_from_appointment IS NULL THEN
    v_own := que_pending_reservation(p_user, t.business_id, p_temporary, p_zone);
  END IF;

  v_fee_kind := CASE WHEN t.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END;
  -- The unique indexes offers_one_live_per_pair_key and offers_one_live_per_sender_target_key stand behind the checks above.
  INSERT INTO offers (from_user_id, to_user_id, from_appointment_id, to_appointment_id, offer_type, payment_method, fee_kind, offer_cents,
    message, temporary_reservation, expires_at)
  VALUES (p_user, t.customer_id, v_own, t.id, p_offer_type, p_payment_method, v_fee_kind,
    p_offer_cents, coalesce(p_message, ''), p_from_appointment IS NULL,
    least(now() + make_interval(hours => p_lifetime_hours),
          (SELECT min(que_instant(a.starts_at, coalesce(p_zone, b.time_zone))) FROM appointments a JOIN businesses b ON b.id = a.business_id
            WHERE a.id IN (v_own, t.id))))
  RETURNING id, expires_at INTO v_id, v_expires;
  IF v_expires <= clock_timestamp() THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'Too late: the earlier appointment has already started';
  END IF;
  -- Its expiry, a job at expires_at in this transaction (decision 0028; offer-jobs.ts).
  PERFORM graphile_worker.add_job('offers_expire', json_build_object('offerId', v_id), run_at => v_expires, job_key => 'offers:expire:' || v_id);
  v_claimed := que_offer_hold(v_id, que_offer_total(p_offer_cents, v_fee_kind), p_intent);
  IF v_claimed IS NOT NULL THEN UPDATE offers SET payment_intent_id = v_claimed, updated_at = now() WHERE id = v_id; END IF;

  -- The recipient reads about their own appointment.
  SELECT * INTO c FROM que_offer_context(v_id);
  PERFORM que_offer_record('offer_made', v_id, p_user, jsonb_build_array(que_offer_notice(t.customer_id, 'offer_received', 'New offer: ' || que_format_cents(p_offer_cents),
    format('%s offers %s to %s your %s at %s at %s.', c.from_name, que_format_cents(p_offer_cents),
           CASE WHEN p_offer_type = 'move_back' THEN 'trade their earlier time for' ELSE 'take' END, c.visit, c.business_name, c.to_slot))));
  RETURN que_offer_view(v_id);
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
  v_notices jsonb := '[]';
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
    FOR h IN SELECT id FROM payment_intents WHERE offer_id = p_offer ORDER BY claimed_at, id LOOP
      PERFORM que_record_payment_action('cancel', h.id, NULL, NULL, 0);
    END LOOP;
  END IF;
  SELECT * INTO c FROM que_offer_context(p_offer);
  FOREACH v_user IN ARRAY ARRAY[o.from_user_id, o.to_user_id] LOOP
    CONTINUE WHEN p_status <> 'expired' AND v_user = p_by_user;
    -- Both read about the recipient's appointment the offer was on (changes end offers before they move it).
    v_notices := v_notices || jsonb_build_array(que_offer_notice(v_user, 'offer_' || p_status, 'Offer ' || p_status,
      format('%s %s offer for %s %s at %s at %s %s.%s',
             CASE WHEN v_user = o.from_user_id THEN 'Your' ELSE 'The' END, que_format_cents(coalesce(o.agreed_cents, o.counter_cents, o.offer_cents)),
             CASE WHEN v_user = o.from_user_id THEN 'the' ELSE 'your' END, c.visit, c.business_name, c.to_slot, v_verb,
             CASE WHEN v_user = o.from_user_id THEN ' Everything it held has been returned to you.' ELSE '' END)));
  END LOOP;
  PERFORM que_offer_record('offer_ended', p_offer, p_by_user, v_notices);
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
    total_cents integer,
    recipient_cents integer,
    business_fee_cents integer,
    platform_fee_cents integer,
    swap_from_starts_at timestamp without time zone,
    swap_to_starts_at timestamp without time zone,
    CONSTRAINT offers_amount_check CHECK (((offer_cents >= 100) AND (offer_cents <= 20000) AND ((counter_cents IS NULL) OR ((counter_cents >= 100) AND (counter_cents <= 20000))))),
    CONSTRAINT offers_distinct_check CHECK (((from_appointment_id <> to_appointment_id) AND (from_user_id <> to_user_id))),
    CONSTRAINT offers_escrow_status_check CHECK ((escrow_status = ANY (ARRAY['held'::text, 'released'::text, 'refunded'::text]))),
    CONSTRAINT offers_fee_kind_check CHECK ((fee_kind = ANY (ARRAY['service'::text, 'restaurant'::text]))),
    CONSTRAINT offers_payment_method_check CHECK ((payment_method = ANY (ARRAY['cash'::text, 'credits'::text]))),
    CONSTRAINT offers_settled_check CHECK (((escrow_status = 'held'::text) = (settled_at IS NULL))),
    CONSTRAINT offers_split_check CHECK ((((status = 'accepted'::text) = (total_cents IS NOT NULL)) AND ((total_cents IS NULL) OR ((recipient_cents >= 0) AND (business_fee_cents >= 0) AND (platform_fee_cents >= 0) AND (total_cents = ((recipient_cents + business_fee_cents) + platform_fee_cents)))))),
    CONSTRAINT offers_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'negotiating'::text, 'accepted'::text, 'declined'::text, 'cancelled'::text, 'expired'::text]))),
    CONSTRAINT offers_type_check CHECK ((offer_type = ANY (ARRAY['queue_jump'::text, 'move_back'::text])))
);

--
-- Name: que_offer_lock_for_turn(integer, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_lock_for_turn(p_user integer, p_offer integer, p_action text) RETURNS public.offers
    LANGUAGE plpgsql
    AS $$
DECLARE
  o offers;
  v_turn int;
BEGIN
  SELECT * INTO o FROM offers WHERE id = p_offer;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Offer not found'; END IF;
  IF p_user NOT IN (o.from_user_id, o.to_user_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the two customers of this offer can act on it';
  END IF;
  IF (SELECT count(*) FROM (SELECT id FROM appointments WHERE id IN (o.from_appointment_id, o.to_appointment_id) ORDER BY id FOR UPDATE) l) < 2 THEN
    RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
  END IF;
  SELECT * INTO o FROM offers WHERE id = p_offer FOR UPDATE;
  IF p_action = 'cancel' AND p_user <> o.from_user_id THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the customer who made this offer can cancel it';
  END IF;
  IF o.status NOT IN ('pending', 'negotiating') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This offer is already %s', o.status);
  END IF;
  IF o.expires_at <= clock_timestamp() THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This offer has expired'; END IF;
  IF p_action = 'cancel' THEN RETURN o; END IF;
  v_turn := CASE WHEN o.status = 'pending' OR o.last_negotiation_by IS DISTINCT FROM o.to_user_id THEN o.to_user_id ELSE o.from_user_id END;
  IF p_user <> v_turn THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = CASE
      WHEN p_action = 'counter' AND o.status = 'pending' THEN 'Only the recipient of an offer may start a negotiation'
      WHEN p_action = 'counter' THEN 'Wait for the other customer to answer your counter offer'
      ELSE 'It is not your turn to answer this offer' END;
  END IF;
  IF p_action = 'accept_counter' AND o.status <> 'negotiating' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'There is no counter offer to accept';
  END IF;
  RETURN o;
END
$$;

--
-- Name: que_offer_notice(integer, text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_notice(p_user integer, p_kind text, p_title text, p_body text) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    AS $_$
  SELECT jsonb_build_object('userId', p_user, 'kind', p_kind, 'title', p_title,
                            'body', regexp_replace(upper(left(p_body, 1)) || substr(p_body, 2), '\.\.$', '.'))
$_$;

--
-- Name: que_offer_record(text, integer, integer, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_record(p_kind text, p_offer integer, p_actor integer, p_notices jsonb) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  t record;
BEGIN
  SELECT ap.id, ap.business_id INTO t FROM offers o JOIN appointments ap ON ap.id = o.to_appointment_id WHERE o.id = p_offer;
  PERFORM que_record_change(p_kind, t.id, p_offer, t.business_id, p_actor, jsonb_build_object('notices', coalesce(p_notices, '[]'::jsonb)));
END
$$;

--
-- Name: que_offer_settle(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_settle(p_offer integer) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
DECLARE
  o offers;
  h record;
  c record;
  v_asset text;
  v_business int;
  v_escrow int;
  v_to int;
  v_intents text[];
  v_i int := 0;
  v_refund boolean;
BEGIN
  SELECT * INTO o FROM offers WHERE id = p_offer;
  IF NOT FOUND OR o.status <> 'accepted' OR o.escrow_status <> 'held' THEN RETURN false; END IF;
  IF EXISTS (SELECT 1 FROM appointments WHERE status IN ('confirmed', 'pending')
              AND id IN (o.from_appointment_id, CASE WHEN o.temporary_reservation THEN o.from_appointment_id ELSE o.to_appointment_id END)) THEN
    RETURN false;
  END IF;
  SELECT ap.business_id, que_cancelled_by_business(ap.status, ap.cancelled_by, bz.owner_id) INTO v_business, v_refund
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = o.from_appointment_id;
  v_asset := CASE WHEN o.payment_method = 'credits' THEN 'CREDIT' ELSE 'USD' END;
  v_escrow := que_ledger_account('offer_escrow', v_asset, NULL, NULL, p_offer, true);

  IF NOT v_refund THEN
    v_to := CASE WHEN v_asset = 'CREDIT' THEN que_ledger_account('user_credit', 'CREDIT', o.to_user_id, NULL, NULL, true)
                 ELSE que_ledger_account('user_earnings', 'USD', o.to_user_id, NULL, NULL, true) END;
    IF o.recipient_cents > 0 THEN
      PERFORM que_ledger_transfer(v_escrow, v_to, o.recipient_cents, v_asset, 'offer_release',
        format('Received for swapping your appointment (offer #%s)', p_offer), p_offer);
    END IF;
    IF o.business_fee_cents > 0 THEN
      PERFORM que_ledger_transfer(v_escrow, que_ledger_account('business_fees', v_asset, NULL, v_business, NULL, false), o.business_fee_cents,
        v_asset, 'offer_fee', format('Business fee for offer #%s', p_offer), p_offer);
    END IF;
    IF o.platform_fee_cents > 0 THEN
      PERFORM que_ledger_transfer(v_escrow, que_ledger_account('platform_fees', v_asset, NULL, NULL, NULL, false), o.platform_fee_cents,
        v_asset, 'offer_fee', format('Platform fee for offer #%s', p_offer), p_offer);
    END IF;
    IF v_asset = 'USD' THEN
      PERFORM que_record_payment_action('payout', NULL, p_offer, o.to_user_id, o.recipient_cents);
    END IF;
    UPDATE offers SET escrow_status = 'released', settled_at = now(), updated_at = now() WHERE id = p_offer;
    SELECT * INTO c FROM que_offer_context(p_offer);
    PERFORM que_offer_record('offer_settled', p_offer, NULL, jsonb_build_array(que_offer_notice(o.to_user_id, 'offer_paid_out', 'Paid out: ' || que_format_cents(o.recipient_cents),
      format('The swap with %s at %s is complete: %s has been released to you for the %s slot you gave up.', c.from_name, c.business_name,
             que_format_cents(o.recipient_cents), c.to_slot))));
  ELSE
    PERFORM que_ledger_transfer(v_escrow,
      CASE WHEN v_asset = 'CREDIT' THEN que_ledger_account('user_credit', 'CREDIT', o.from_user_id, NULL, NULL, true)
           ELSE que_ledger_account('user_card', 'USD', o.from_user_id, NULL, NULL, false) END,
      o.total_cents, v_asset, 'offer_refund',
      format('Refunded: the business cancelled the appointment offer #%s paid for', p_offer), p_offer);
    IF o.payment_method = 'cash' THEN
      -- Holds and card payments were made together, one for one, in the same order.
      v_intents := ARRAY(SELECT id FROM payment_intents WHERE offer_id = p_offer ORDER BY claimed_at, id);
      FOR h IN SELECT (SELECT coalesce(sum(r.amount), 0) FROM ledger_transfers r WHERE r.pending_id = t.id AND r.flags = 'post_pending') AS captured
                 FROM ledger_transfers t WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold' ORDER BY t.id LOOP
        v_i := v_i + 1;
        IF h.captured > 0 AND v_intents[v_i] IS NOT NULL THEN
          PERFORM que_record_payment_action('refund', v_intents[v_i], p_offer, NULL, h.captured::int);
        END IF;
      END LOOP;
    END IF;
    UPDATE offers SET escrow_status = 'refunded', settled_at = now(), updated_at = now() WHERE id = p_offer;
    SELECT * INTO c FROM que_offer_context(p_offer);
    PERFORM que_offer_record('offer_settled', p_offer, NULL, jsonb_build_array(que_offer_notice(o.from_user_id, 'offer_refunded', 'Refunded: ' || que_format_cents(o.total_cents),
      format('%s cancelled the %s you paid for (%s), so the %s you paid for the swap has been returned to you.', c.business_name,
             c.visit, CASE WHEN o.temporary_reservation THEN c.from_slot ELSE c.to_slot END, que_format_cents(o.total_cents)))));
  END IF;
  RETURN true;
END
$$;

--
-- Name: que_offer_split(integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_split(p_cents integer, p_fee_kind text, OUT total_cents integer, OUT recipient_cents integer, OUT business_fee_cents integer, OUT platform_fee_cents integer) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  v_rules jsonb := (SELECT rules FROM app_rules WHERE id);
BEGIN
  -- One read of the rules row (que_rule reads it once per rule).
  platform_fee_cents := (p_cents * (v_rules->>'platformFeePercent')::int + 50) / 100;
  business_fee_cents := (v_rules->>'businessFeeCents')::int;
  IF p_fee_kind = 'restaurant' THEN
    recipient_cents := p_cents;
    total_cents := p_cents + platform_fee_cents + business_fee_cents;
  ELSE
    recipient_cents := p_cents - platform_fee_cents;
    total_cents := p_cents + business_fee_cents;
  END IF;
END
$$;

--
-- Name: que_offer_total(integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_offer_total(p_cents integer, p_fee_kind text) RETURNS integer
    LANGUAGE sql STABLE
    AS $$
  SELECT s.total_cents FROM que_offer_split(p_cents, p_fee_kind) s
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
        'temporaryReservation', o.temporary_reservation, 'paymentIntentId', o.payment_intent_id, 'agreedCents', o.agreed_cents, 'totalCents', o.total_cents, 'recipientCents', o.recipient_cents,
        'businessFeeCents', o.business_fee_cents, 'platformFeeCents', o.platform_fee_cents,
        'escrowStatus', o.escrow_status, 'expiresAt', o.expires_at, 'acceptedAt', o.accepted_at, 'settledAt', o.settled_at,
        'createdAt', o.created_at, 'updatedAt', o.updated_at, 'swapFromStartsAt', o.swap_from_starts_at, 'swapToStartsAt', o.swap_to_starts_at),
      'fromAppointment', que_appointment_view(o.from_appointment_id),
      'toAppointment', que_appointment_view(o.to_appointment_id),
      'heldCents', que_offer_held(o.id),
      'fromName', coalesce(que_public_name(fu.full_name), ''),
      'toName', coalesce(que_public_name(tu.full_name), ''))
    FROM offers o JOIN users fu ON fu.id = o.from_user_id JOIN users tu ON tu.id = o.to_user_id
   WHERE o.id = p_offer
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
-- Name: que_one_line(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_one_line(p_text text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT btrim(regexp_replace(p_text,
    '[\s\u0001-\u001f\u007f-\u009f\u2028\u2029]*[\u0001-\u001f\u007f-\u009f\u2028\u2029][\s\u0001-\u001f\u007f-\u009f\u2028\u2029]*', ' ', 'g'))
$$;

--
-- Name: que_open_days(integer, date, date, integer, integer, integer, integer, timestamp with time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_open_days(p_business integer, p_from date, p_to date, p_service integer, p_party integer, p_staff integer, p_horizon integer, p_now timestamp with time zone, p_zone text) RETURNS date[]
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(array_agg(d.day ORDER BY d.day), '{}')
    FROM (SELECT g::date AS day FROM generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') g) d
   WHERE cardinality((que_day_slots_within(p_business, d.day, p_service, p_party, NULL, p_horizon, p_now, true, p_zone, NULL, p_staff, false)).slots) > 0
$$;

--
-- Name: que_outbox_message(integer, text, text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_outbox_message(p_appointment integer, p_kind text, p_to text, p_subject text, p_text text) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO email_outbox (kind, to_email, subject, text, appointment_id) VALUES (p_kind, p_to, p_subject, p_text, p_appointment);
  PERFORM graphile_worker.add_job('email_send_appointment', json_build_object('appointmentId', p_appointment),
    queue_name => 'email:' || (p_appointment % 16), job_key => 'email:appointment:' || p_appointment, job_key_mode => 'preserve_run_at',
    priority => 1);
END
$$;

--
-- Name: que_pay_business(text, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_pay_business(p_intent text, p_business integer, p_amount integer) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO payment_actions (kind, payment_intent_id, business_id, amount_cents)
  VALUES ('payout', p_intent, p_business, p_amount)
  ON CONFLICT DO NOTHING
$$;

--
-- Name: que_payment_action_added(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_payment_action_added() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM que_payment_job_add(NEW.payment_intent_id, NEW.offer_id, NULL);
  RETURN NULL;
END
$$;

--
-- Name: que_payment_job_add(text, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_payment_job_add(p_intent text, p_offer integer, p_run_at timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_offer int := coalesce(p_offer, (SELECT offer_id FROM payment_intents WHERE id = p_intent));
  v_mode text := CASE WHEN p_run_at IS NULL THEN 'preserve_run_at' ELSE 'replace' END;
BEGIN
  IF v_offer IS NOT NULL THEN
    PERFORM graphile_worker.add_job('payments_run', json_build_object('offerId', v_offer),
      queue_name => 'payments:' || (v_offer % 16), run_at => p_run_at, job_key => 'payments:offer:' || v_offer,
      job_key_mode => v_mode);
  ELSE
    PERFORM graphile_worker.add_job('payments_run', json_build_object('intentId', p_intent),
      queue_name => 'payments:' || (hashtext(p_intent) & 15), run_at => p_run_at, job_key => 'payments:intent:' || p_intent,
      job_key_mode => v_mode);
  END IF;
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
-- Name: que_pick_order(integer[], date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_pick_order(p_staff integer[], p_date date) RETURNS integer[]
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(array_agg(m.id ORDER BY d.n, m.last_booked_at NULLS FIRST, m.position, m.id), '{}')
    FROM staff_members m,
         LATERAL (SELECT count(*) AS n FROM appointments a
                   WHERE a.staff_id = m.id AND a.status = 'confirmed' AND a.starts_at >= p_date AND a.starts_at < p_date + 1) d
   WHERE m.id = ANY (p_staff)
$$;

--
-- Name: que_policies(text, jsonb, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_policies(p_kind text, p_business jsonb, p_service jsonb) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  SELECT jsonb_build_object(
    'minNoticeMinutes', que_rule('defaultMinNoticeMinutes'),
    'maxAdvanceDays', CASE WHEN p_kind = 'restaurant' THEN NULL ELSE que_rule('serviceBookingWindowDays') END,
    'slotIntervalMinutes', NULL, 'cancelCutoffMinutes', NULL, 'rescheduleCutoffMinutes', NULL, 'maxActivePerCustomer', NULL,
    'swapCutoffMinutes', que_rule('defaultSwapCutoffMinutes'), 'swapMarket', true)
    || coalesce(p_business, '{}') || coalesce(p_service, '{}')
$$;

--
-- Name: que_policy_minutes_text(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_policy_minutes_text(p_minutes integer) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT CASE WHEN p_minutes >= 2880 AND p_minutes % 1440 = 0 THEN (p_minutes / 1440) || ' days'
              WHEN p_minutes >= 60 AND p_minutes % 60 = 0 THEN (p_minutes / 60) || ' h'
              ELSE p_minutes || ' min' END
$$;

--
-- Name: que_policy_sentences(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_policy_sentences(p_policies jsonb) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $$
DECLARE
  v_notice int := (p_policies->>'minNoticeMinutes')::int;
  v_cancel int := (p_policies->>'cancelCutoffMinutes')::int;
  v_reschedule int := que_booked_cutoff(p_policies, 'rescheduleCutoffMinutes');
  v_limit int := (p_policies->>'maxActivePerCustomer')::int;
  v_lines text[] := ARRAY[]::text[];
BEGIN
  IF p_policies IS NULL THEN RETURN v_lines; END IF;
  IF coalesce(v_notice, 0) > 0 THEN v_lines := v_lines || format('Needs %s notice', que_policy_minutes_text(v_notice)); END IF;
  v_lines := v_lines || CASE WHEN v_cancel IS NULL THEN 'Free cancellation any time before the start'
                             ELSE format('Free cancellation until %s before', que_policy_minutes_text(v_cancel)) END;
  IF v_reschedule IS NOT NULL THEN v_lines := v_lines || format('Rescheduling until %s before', que_policy_minutes_text(v_reschedule)); END IF;
  IF v_limit IS NOT NULL THEN
    v_lines := v_lines || format('At most %s upcoming %s per customer', v_limit, CASE WHEN v_limit = 1 THEN 'booking' ELSE 'bookings' END);
  END IF;
  RETURN v_lines;
END
$$;

--
-- Name: que_public_name(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_public_name(p_full_name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT CASE
    WHEN w IS NULL OR cardinality(w) = 0 THEN NULL
    WHEN cardinality(w) = 1 THEN w[1]
    ELSE w[1] || ' ' || upper(left(w[cardinality(w)], 1)) || '.'
  END
  FROM (SELECT array_remove(regexp_split_to_array(btrim(coalesce(p_full_name, '')), '\s+'), '') AS w) s
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
-- Name: que_queue_follow_change(public.changes); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_queue_follow_change(c public.changes) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  v_entry int;
BEGIN
  IF c.kind <> 'booked' OR c.appointment_id IS NULL THEN RETURN '[]'; END IF;
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.starts_at, ap.status, bz.owner_id INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = c.appointment_id;
  IF NOT FOUND OR a.status NOT IN ('confirmed', 'cancelled', 'completed') THEN RETURN '[]'; END IF;
  INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
  VALUES (a.id, a.business_id, a.service_id, a.customer_id, a.starts_at,
          CASE a.status WHEN 'confirmed' THEN 'waiting' WHEN 'completed' THEN 'served' ELSE 'cancelled' END)
  ON CONFLICT (appointment_id) DO NOTHING
  RETURNING id INTO v_entry;
  IF v_entry IS NULL OR a.status <> 'confirmed' THEN RETURN '[]'; END IF;
  RETURN jsonb_build_array(jsonb_build_object('type', 'queue_update',
    'userIds', CASE WHEN a.customer_id = a.owner_id THEN jsonb_build_array(a.customer_id) ELSE jsonb_build_array(a.customer_id, a.owner_id) END,
    'businessId', a.business_id, 'date', to_char(a.starts_at, 'YYYY-MM-DD'), 'queueEntryId', v_entry,
    'line', jsonb_build_object('from', NULL, 'to', to_char(a.starts_at, 'HH24:MI'))));
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
-- Name: que_reassign_appointment(integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_reassign_appointment(p_appointment integer, p_to integer, p_now timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  d record;
  v_free int[];
  v_to int;
  v_to_name text;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.party_size, ap.customer_id, ap.staff_id, ap.staff_requested, ap.starts_at,
         s.name AS service_name, bz.business_name, bz.business_type, m.name AS staff_name, que_slot_text(ap.starts_at) AS slot
    INTO a
    FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id
    LEFT JOIN staff_members m ON m.id = ap.staff_id
   WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.business_type = 'restaurant' THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409',
      MESSAGE = format('The table at %s has no staff member to move to: nothing was changed. Cancel those reservations instead', a.slot);
  END IF;
  BEGIN
    SELECT * INTO d FROM que_day_slots_within(a.business_id, a.starts_at::date, a.service_id, a.party_size, ARRAY[a.id], NULL, p_now, true, NULL,
                                              extract(hour FROM a.starts_at)::int * 60 + extract(minute FROM a.starts_at)::int, NULL, true);
    v_free := coalesce((SELECT array_agg(x::int) FROM jsonb_array_elements_text(d.slot_staff->0) x WHERE x::int IS DISTINCT FROM a.staff_id), '{}');
  EXCEPTION WHEN SQLSTATE 'QB404' THEN
    -- A service deleted since: nobody gives it any more.
    v_free := '{}';
  END;
  IF p_to IS NOT NULL THEN
    SELECT name INTO v_to_name FROM staff_members WHERE id = p_to AND business_id = a.business_id;
    IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'toStaffId must be a staff member of this business'; END IF;
    IF NOT p_to = ANY (v_free) THEN
      RAISE EXCEPTION USING ERRCODE = 'QB409',
        MESSAGE = format('%s is not free for the %s at %s: nothing was changed. Pick someone else, or any free member', v_to_name, a.service_name, a.slot);
    END IF;
    v_to := p_to;
  ELSE
    v_to := (que_pick_order(v_free, a.starts_at::date))[1];
  END IF;
  IF v_to IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409',
      MESSAGE = format('No other staff member is free for the %s at %s: nothing was changed. Cancel that appointment or free someone, then try again',
                       a.service_name, a.slot);
  END IF;
  UPDATE appointments SET staff_id = v_to, staff_requested = false, updated_at = now() WHERE id = a.id;
  -- The change, once (decision 0029): a customer who had chosen the member is told in-app.
  SELECT name INTO v_to_name FROM staff_members WHERE id = v_to;
  PERFORM que_record_change('reassigned', a.id, NULL, a.business_id, NULL,
    jsonb_build_object('startsAt', a.starts_at, 'notice', a.staff_requested, 'fromStaff', a.staff_name, 'toStaff', v_to_name));
  RETURN v_to;
END
$$;

--
-- Name: que_record_change(text, integer, integer, integer, integer, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_record_change(p_kind text, p_appointment integer, p_offer integer, p_business integer, p_actor integer, p_data jsonb) RETURNS bigint
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_id bigint := que_record_change_quietly(p_kind, p_appointment, p_offer, p_business, p_actor, p_data);
BEGIN
  -- the runners' wake-up, sent when the change commits (add_job's own NOTIFY)
  PERFORM pg_notify('jobs:insert', '{"count":1}');
  RETURN v_id;
END
$$;

--
-- Name: que_record_change_quietly(text, integer, integer, integer, integer, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_record_change_quietly(p_kind text, p_appointment integer, p_offer integer, p_business integer, p_actor integer, p_data jsonb) RETURNS bigint
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_id bigint;
  v_shard int := que_change_shard_of(p_business, p_appointment, p_offer);
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('changes:' || v_shard));
  INSERT INTO changes (kind, appointment_id, offer_id, business_id, actor_id, data)
  VALUES (p_kind, p_appointment, p_offer, p_business, p_actor, coalesce(p_data, '{}'))
  RETURNING id INTO v_id;
  INSERT INTO changes_unfollowed (change_id, shard, subject) VALUES (v_id, v_shard, que_change_subject_of(v_id, p_appointment, p_offer));
  PERFORM que_ensure_job('follow_changes', json_build_object('shard', v_shard), 'changes:' || v_shard, clock_timestamp(), 'changes:' || v_shard);
  RETURN v_id;
END
$$;

--
-- Name: que_record_payment_action(text, text, integer, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_record_payment_action(p_kind text, p_intent text, p_offer integer, p_user integer, p_amount_cents integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO payment_actions (kind, payment_intent_id, offer_id, user_id, amount_cents)
  VALUES (p_kind, p_intent, p_offer, p_user, p_amount_cents)
  ON CONFLICT DO NOTHING;
END
$$;

--
-- Name: que_release_job_key(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_release_job_key(p_job_key text) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE graphile_worker._private_jobs SET key = NULL, updated_at = now() WHERE key = p_job_key AND locked_at IS NOT NULL;
END
$$;

--
-- Name: que_release_unclaimed_intents(text, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_release_unclaimed_intents(p_key text, p_user integer, p_unclaimed_minutes integer) RETURNS integer
    LANGUAGE sql
    AS $$
  WITH released AS (
    UPDATE payment_intents SET claimed_at = clock_timestamp(), updated_at = now()
     WHERE status = 'requires_capture' AND offer_id IS NULL AND claimed_at IS NULL
       AND (p_key IS NULL OR ((id = p_key OR client_secret = p_key) AND user_id = p_user))
       AND (p_unclaimed_minutes IS NULL OR updated_at <= now() - p_unclaimed_minutes * interval '1 minute')
    RETURNING id),
  queued AS (
    INSERT INTO payment_actions (kind, payment_intent_id, amount_cents) SELECT 'cancel', id, 0 FROM released RETURNING 1)
  SELECT count(*)::int FROM queued
$$;

--
-- Name: que_reminder_email(integer, integer, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_reminder_email(p_appointment integer, p_offset_minutes integer, p_links jsonb) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_ap appointments;
  v_business businesses;
  v_what text;
  v_lines text[];
  v_in text;
BEGIN
  SELECT * INTO v_ap FROM appointments WHERE id = p_appointment;
  IF NOT FOUND OR coalesce(v_ap.customer_email, '') = '' THEN RETURN; END IF;
  SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  v_what := que_one_line((SELECT name FROM services WHERE id = v_ap.service_id)) || ' at ' || que_one_line(v_business.business_name);
  v_in := CASE WHEN p_offset_minutes % 1440 = 0 AND p_offset_minutes >= 1440 THEN (p_offset_minutes / 1440) || CASE WHEN p_offset_minutes = 1440 THEN ' day' ELSE ' days' END
               WHEN p_offset_minutes % 60 = 0 THEN (p_offset_minutes / 60) || CASE WHEN p_offset_minutes = 60 THEN ' hour' ELSE ' hours' END
               ELSE p_offset_minutes || ' minutes' END;
  v_lines := ARRAY[format('Hello %s,', coalesce(nullif(que_one_line(v_ap.customer_name), ''), 'there')), '',
                   format('A reminder: your appointment is in %s.', v_in), '', v_what,
                   format('When: %s (%s)', que_slot_text(v_ap.starts_at), que_zone_label(v_business.time_zone))];
  IF v_ap.party_size > 1 THEN v_lines := v_lines || format('Party: %s', v_ap.party_size); END IF;
  IF que_one_line(v_business.address) <> '' THEN v_lines := v_lines || ('Where: ' || que_one_line(v_business.address)); END IF;
  v_lines := v_lines || ARRAY['',
    'Will you come? Confirm: ' || (p_links->>'confirm'),
    'Cannot make it? Cancel: ' || (p_links->>'cancel'),
    'Need another time? Reschedule: ' || (p_links->>'reschedule'),
    '', 'These links work without signing in until the appointment starts.', '', 'Que'];
  -- With its sending job, as que_appointment_email_of adds it: the appointment's mail leaves in order.
  PERFORM que_outbox_message(v_ap.id, 'reminder', v_ap.customer_email, 'Reminder: ' || v_what || ', ' || que_slot_text(v_ap.starts_at), array_to_string(v_lines, E'\n'));
END
$$;

--
-- Name: que_reminder_send(integer, jsonb, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_reminder_send(p_reminder integer, p_links jsonb, p_now timestamp with time zone) RETURNS text
    LANGUAGE plpgsql
    AS $$
DECLARE
  r reminders;
  a record;
BEGIN
  SELECT * INTO r FROM reminders WHERE id = p_reminder FOR UPDATE;
  IF NOT FOUND THEN RETURN 'gone'; END IF;
  IF r.status <> 'planned' THEN RETURN r.status; END IF;
  SELECT ap.status, ap.starts_at, bz.time_zone INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = r.appointment_id;
  IF a.status IS DISTINCT FROM 'confirmed' OR a.starts_at <> r.starts_at THEN
    UPDATE reminders SET status = 'cancelled', settled_at = p_now,
           reason = CASE WHEN a.status = 'confirmed' THEN 'the appointment moved' ELSE 'the appointment is ' || coalesce(a.status, 'gone') END
     WHERE id = r.id;
    RETURN 'cancelled';
  END IF;
  IF p_now >= que_instant(a.starts_at, a.time_zone) THEN
    UPDATE reminders SET status = 'skipped', settled_at = p_now, reason = 'the start had passed before it could be sent' WHERE id = r.id;
    RETURN 'skipped';
  END IF;
  PERFORM que_reminder_email(r.appointment_id, r.offset_minutes, p_links);
  UPDATE reminders SET status = 'sent', settled_at = p_now WHERE id = r.id;
  RETURN 'sent';
END
$$;

--
-- Name: que_reminders_due_by(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_reminders_due_by(p_at timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('reminders:due'));
  -- Not when the job is under way (que_ensure_job): it gives up its key and tries the lock before it
  -- ends, so it sees this reminder or runs again within a second. Superseded instead, a job that then
  -- lost its connection stayed in the queue as failed for good (the fault run, 2026-12-06).
  PERFORM que_ensure_job('reminders_send', '{}'::json, NULL, p_at, 'reminders:due', 10);
  IF p_at <= now() THEN PERFORM pg_notify('jobs:insert', '{"count":1}'); END IF;
END
$$;

--
-- Name: que_reminders_follow(integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_reminders_follow(p_appointment integer, p_now timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  r record;
  v_start timestamptz;
  v_due timestamptz;
  v_rules jsonb;
  v_status text;
  v_reason text;
  v_first timestamptz;
BEGIN
  SELECT ap.id, ap.status, ap.starts_at, ap.business_id, bz.time_zone INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment;
  IF NOT FOUND THEN RETURN; END IF;
  FOR r IN SELECT id, offset_minutes FROM reminders
            WHERE appointment_id = p_appointment AND status = 'planned' AND (a.status <> 'confirmed' OR starts_at <> a.starts_at)
            ORDER BY id FOR UPDATE LOOP
    UPDATE reminders SET status = 'cancelled', settled_at = p_now,
           reason = CASE WHEN a.status = 'confirmed' THEN 'the appointment moved' ELSE 'the appointment is ' || a.status END
     WHERE id = r.id;
  END LOOP;
  IF a.status <> 'confirmed' THEN RETURN; END IF;
  v_start := que_instant(a.starts_at, a.time_zone);
  v_rules := coalesce((SELECT rules FROM reminder_settings WHERE business_id = a.business_id),
                      (SELECT rules->'defaultReminders' FROM app_rules WHERE id));
  FOR r IN SELECT DISTINCT (e->>'offsetMinutes')::int AS offset_minutes
             FROM jsonb_array_elements(v_rules) e
            WHERE coalesce((e->>'active')::boolean, true) AND e->>'channel' = 'email' LOOP
    IF EXISTS (SELECT 1 FROM reminders WHERE appointment_id = a.id AND offset_minutes = r.offset_minutes
                 AND starts_at = a.starts_at AND status <> 'cancelled') THEN
      CONTINUE;
    END IF;
    v_due := v_start - r.offset_minutes * interval '1 minute';
    v_status := 'planned';
    v_reason := NULL;
    IF v_due <= p_now THEN
      IF v_start - p_now >= que_rule('reminderDueAtBookingMinMinutes') * interval '1 minute' THEN
        v_reason := 'already due when booked: sent at once';
        -- due now by the database's clock, which runs the queue (p_now is the app's, which tests set)
        v_due := now();
      ELSE
        v_status := 'skipped';
        v_reason := format('already due when booked, less than %s minutes before the start', que_rule('reminderDueAtBookingMinMinutes'));
      END IF;
    END IF;
    INSERT INTO reminders AS x (appointment_id, offset_minutes, channel, starts_at, due_at, status, reason, settled_at)
    VALUES (a.id, r.offset_minutes, 'email', a.starts_at, v_due, v_status, v_reason, CASE WHEN v_status = 'skipped' THEN p_now END)
    ON CONFLICT (appointment_id, offset_minutes, starts_at) DO UPDATE
      SET due_at = excluded.due_at, status = excluded.status, reason = excluded.reason, settled_at = excluded.settled_at, created_at = now();
    IF v_status = 'planned' THEN v_first := least(v_first, v_due); END IF;
  END LOOP;
  IF v_first IS NOT NULL THEN PERFORM que_reminders_due_by(v_first); END IF;
END
$$;

--
-- Name: que_reminders_plan_next(boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_reminders_plan_next(p_batch_full boolean) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_next timestamptz;
BEGIN
  -- This job, about to end, gives up its key first (que_release_job_key, jobs/sql/ensure-job.sql), so
  -- its next run is a new job, not this one superseded (which, failing after, stayed failed for good).
  PERFORM que_release_job_key('reminders:due');
  IF p_batch_full THEN
    v_next := now();
  ELSIF pg_try_advisory_xact_lock(hashtext('reminders:due')) THEN
    SELECT due_at INTO v_next FROM reminders WHERE status = 'planned' ORDER BY due_at LIMIT 1;
  ELSE
    -- A planner is in flight (a follow transaction, which may hold it through a batch of changes):
    -- waiting for it here deadlocked, this transaction holding the rows it sent and the planner
    -- waiting for one of them (a cancel's reminders). Look again within a second instead; what the
    -- planner adds is seen then.
    SELECT least(min(due_at), now() + interval '1 second') INTO v_next
      FROM (SELECT due_at FROM reminders WHERE status = 'planned' ORDER BY due_at LIMIT 1) first;
  END IF;
  IF v_next IS NOT NULL THEN PERFORM que_reminders_due_by(v_next); END IF;
END
$$;

--
-- Name: que_require_booking_time(jsonb, boolean, date, text, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_require_booking_time(p_policies jsonb, p_advance_set boolean, p_date date, p_time text, p_zone text, p_now timestamp with time zone) RETURNS void
    LANGUAGE plpgsql STABLE
    AS $_$
DECLARE
  v_now timestamptz := coalesce(p_now, now());
  v_notice int := (p_policies->>'minNoticeMinutes')::int;
  v_days int := (p_policies->>'maxAdvanceDays')::int;
  v_at timestamptz;
BEGIN
  IF p_time !~ '^[0-9]{2}:[0-9]{2}$' THEN RETURN; END IF;
  v_at := que_instant(p_date + (split_part(p_time, ':', 1)::int * 60 + split_part(p_time, ':', 2)::int) * interval '1 minute', p_zone);
  IF v_at IS NULL OR v_at <= v_now THEN RETURN; END IF;
  IF v_notice > 0 AND v_at < v_now + v_notice * interval '1 minute' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBSON',
      MESSAGE = format('This business needs %s minutes'' notice: please choose a time at least %s minutes from now', v_notice, v_notice);
  END IF;
  IF p_advance_set AND v_days IS NOT NULL AND p_date > (v_now AT TIME ZONE p_zone)::date + v_days THEN
    RAISE EXCEPTION USING ERRCODE = 'QBFAR',
      MESSAGE = format('This business takes bookings at most %s days ahead: please choose an earlier date', v_days);
  END IF;
END
$_$;

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
-- Name: que_require_customer_limit(integer, integer, integer, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_require_customer_limit(p_customer integer, p_business integer, p_limit integer, p_zone text, p_now timestamp with time zone) RETURNS void
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  v_now timestamptz := coalesce(p_now, now());
  v_held int;
BEGIN
  IF p_limit IS NULL THEN RETURN; END IF;
  -- The wall clock narrows the read to the index; que_instant decides at the edge of a clock change.
  SELECT count(*) INTO v_held FROM appointments
   WHERE customer_id = p_customer AND business_id = p_business AND status IN ('confirmed', 'pending')
     AND starts_at >= (v_now AT TIME ZONE p_zone) - interval '3 hours' AND que_instant(starts_at, p_zone) > v_now;
  IF v_held >= p_limit THEN
    RAISE EXCEPTION USING ERRCODE = 'QBLIM',
      MESSAGE = format('This business takes at most %s upcoming booking%s per customer, and you have %s', p_limit, CASE WHEN p_limit = 1 THEN '' ELSE 's' END, v_held);
  END IF;
END
$$;

--
-- Name: que_require_one_reservation(integer, integer, date, integer[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_require_one_reservation(p_customer integer, p_business integer, p_date date, p_exclude integer[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_held record;
BEGIN
  SELECT bz.business_name, o.starts_at INTO v_held
    FROM businesses bz JOIN appointments o ON o.business_id = bz.id
   WHERE bz.id = p_business AND bz.business_type = 'restaurant'
     AND o.customer_id = p_customer AND o.status = 'confirmed'
     AND o.starts_at >= p_date::timestamp AND o.starts_at < (p_date + 1)::timestamp
     AND (p_exclude IS NULL OR o.id <> ALL (p_exclude))
   ORDER BY o.starts_at LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'QBONE',
      MESSAGE = format('You already have a table at %s at %s. Each guest may hold one reservation per restaurant per day: change that one instead.',
                       v_held.business_name, que_slot_text(v_held.starts_at)),
      -- Whose table it names: the other side of a swap is told only that one is held (errors.ts).
      DETAIL = format('customer %s', p_customer);
  END IF;
END
$$;

--
-- Name: que_require_payment_method(text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_require_payment_method(p_method text, p_user integer) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF p_method IS NULL OR p_method = '' THEN
    RAISE EXCEPTION USING ERRCODE = 'QB402', MESSAGE = 'This service keeps a card on file for its fees: save a card and send its paymentMethodId';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM payment_methods WHERE id = p_method AND user_id = p_user) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB402', MESSAGE = 'Saved card not found: save a card first and send its paymentMethodId';
  END IF;
END
$$;

--
-- Name: que_require_slot(integer, date, text, integer, integer, integer[], integer, timestamp with time zone, boolean, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_require_slot(p_business integer, p_date date, p_time text, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_with_booked boolean, p_zone text, p_staff integer) RETURNS integer[]
    LANGUAGE plpgsql
    AS $_$
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
$_$;

--
-- Name: que_reschedule(integer, integer, date, text, integer, timestamp with time zone, text, integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_reschedule(p_user integer, p_appointment integer, p_date date, p_time text, p_horizon integer, p_now timestamp with time zone, p_zone text, p_staff integer, p_staff_chosen boolean) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  v_period record;
  v_pol record;
  v_free int[];
  v_staff int;
  v_requested boolean;
  v_named int;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.status, ap.party_size, ap.duration, ap.booked_policies, ap.starts_at, ap.staff_id, ap.staff_requested,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time, que_slot_text(ap.starts_at) AS slot
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
  SELECT que_policies(bz.business_type, bz.policies, s.policies) AS now_in_effect, bz.policies ? 'maxAdvanceDays' OR s.policies ? 'maxAdvanceDays' AS advance_set,
         coalesce(p_zone, bz.time_zone) AS zone, bz.business_type = 'restaurant' AS restaurant
    INTO v_pol FROM businesses bz JOIN services s ON s.id = a.service_id WHERE bz.id = a.business_id;
  IF que_cutoff_passed(a.booked_policies, 'rescheduleCutoffMinutes', a.starts_at, v_pol.zone, p_now) THEN
    RAISE EXCEPTION USING ERRCODE = 'QBRWC',
      MESSAGE = format('This booking can be rescheduled up to %s minutes before it starts; please contact the business',
                       que_booked_cutoff(a.booked_policies, 'rescheduleCutoffMinutes'));
  END IF;
  PERFORM que_require_booking_time(v_pol.now_in_effect, v_pol.advance_set, p_date, p_time, v_pol.zone, p_now);
  v_requested := CASE WHEN p_staff_chosen THEN p_staff IS NOT NULL ELSE a.staff_requested END;
  v_named := CASE WHEN p_staff_chosen THEN p_staff WHEN a.staff_requested THEN a.staff_id END;
  -- a restaurant's table has no member to choose
  IF p_staff_chosen AND p_staff IS NOT NULL AND (v_pol.restaurant OR NOT EXISTS (
    SELECT 1 FROM staff_members WHERE id = p_staff AND business_id = a.business_id AND active)) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'staffId: no such staff member works at this business';
  END IF;
  v_free := que_require_slot(a.business_id, p_date, p_time, a.service_id, a.party_size, ARRAY[p_appointment], p_horizon, p_now, true, p_zone, v_named);
  v_staff := CASE WHEN v_named IS NOT NULL THEN v_named
                  WHEN a.staff_id IS NULL OR a.staff_id = ANY (v_free) THEN a.staff_id ELSE (que_pick_order(v_free, p_date))[1] END;
  -- Under the business's lock, just taken by que_require_slot.
  PERFORM que_require_one_reservation(a.customer_id, a.business_id, p_date, ARRAY[p_appointment]);
  -- Its live offers end before it moves, so their notices name the slot they were on.
  PERFORM que_offers_end_on(p_appointment, p_user);
  -- The visit lasts its real minutes in the business's zone (que_period).
  SELECT pr.* INTO v_period FROM businesses bz, que_period(p_date, p_time, a.duration, coalesce(p_zone, bz.time_zone)) pr
   WHERE bz.id = a.business_id;
  UPDATE appointments SET starts_at = v_period.starts_at, ends_at = v_period.ends_at, staff_id = v_staff, staff_requested = coalesce(v_requested, false), updated_at = now()
   WHERE id = p_appointment;
  -- Booking credit is earned once per customer, business and day, wherever a booking moves.
  IF p_date <> a.date::date THEN PERFORM que_booking_credit_moved(p_appointment); END IF;

  PERFORM que_queue_moved(p_appointment, a.date, a.time);
  -- The change, once (decision 0029): its followers tell the customer in-app and by e-mail.
  PERFORM que_record_change('moved', p_appointment, NULL, a.business_id, p_user,
    jsonb_build_object('startsAt', v_period.starts_at, 'from', a.date || ' ' || a.time));
  RETURN jsonb_build_object('appointment', que_appointment_view(p_appointment), 'previous', jsonb_build_object('date', a.date, 'time', a.time));
END
$$;

--
-- Name: que_restaurant_free_starts(record, integer, date, integer[], integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_restaurant_free_starts(p_day record, p_business integer, p_date date, p_exclude integer[], p_only integer, p_with_booked boolean) RETURNS integer[]
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  v_ts_start int[];
  v_ts_end int[];
  v_ts_interval int[];
  v_starts int[];
  v_b_start int[];
  v_b_end int[];
  v_b_party int[];
  v_free int[];
BEGIN
  SELECT array_agg(extract(epoch FROM rt.start_time)::int / 60), array_agg(extract(epoch FROM rt.end_time)::int / 60), array_agg(rt.interval_minutes::int)
    INTO v_ts_start, v_ts_end, v_ts_interval
    FROM restaurant_time_slots rt WHERE rt.business_id = p_business AND rt.day_of_week = extract(dow FROM p_date)::int AND rt.is_active;
  v_starts := que_candidate_starts('restaurant', NULL, NULL, p_day.duration, v_ts_start, v_ts_end, v_ts_interval);
  IF p_only IS NOT NULL THEN v_starts := CASE WHEN p_only = ANY (v_starts) THEN ARRAY[p_only] ELSE '{}' END; END IF;
  IF cardinality(v_starts) = 0 THEN RETURN '{}'; END IF;
  IF p_with_booked THEN
    SELECT array_agg(floor(extract(epoch FROM a.blocked_starts_at - p_day.day_start) / 60)::int),
           array_agg(floor(extract(epoch FROM a.blocked_ends_at - p_day.day_start) / 60)::int), array_agg(a.party_size)
      INTO v_b_start, v_b_end, v_b_party
      FROM appointments a
     WHERE a.business_id = p_business AND a.occupies
       AND tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(p_day.day_start + v_starts[1] * interval '1 minute',
             p_day.day_start + (v_starts[cardinality(v_starts)] + p_day.duration + CASE WHEN p_day.change_day THEN 180 ELSE 0 END) * interval '1 minute', '[)')
       AND (p_exclude IS NULL OR a.id <> ALL (p_exclude));
  END IF;
  IF p_day.change_day THEN
    v_free := que_free_on_change_day('restaurant', p_date, p_day.today, p_day.now_minutes, p_day.blocked, p_day.horizon, v_starts, p_day.duration, NULL,
      p_day.capacity, p_day.party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'), 0, 0, p_day.zone, p_day.now_at);
  ELSE
    v_free := que_slot_engine('restaurant', p_date, p_day.today, p_day.now_minutes, p_day.blocked, p_day.horizon, v_starts, p_day.duration,
      p_day.capacity, p_day.party, coalesce(v_b_start, '{}'), coalesce(v_b_end, '{}'), coalesce(v_b_party, '{}'), 0, 0);
  END IF;
  IF p_day.cut IS NOT NULL AND cardinality(v_free) > 0 THEN
    SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO v_free FROM unnest(v_free) t
     WHERE que_instant(p_day.day_start + t * interval '1 minute', p_day.zone) >= p_day.cut;
  END IF;
  RETURN v_free;
END
$$;

--
-- Name: que_rule(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_rule(p_name text) RETURNS integer
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  v_value integer := nullif(current_setting('que_rule.' || p_name, true), '')::integer;
  r record;
BEGIN
  IF v_value IS NOT NULL THEN RETURN v_value; END IF;
  FOR r IN SELECT e.key, e.value FROM app_rules, jsonb_each(rules) e WHERE id AND jsonb_typeof(e.value) = 'number' LOOP
    PERFORM set_config('que_rule.' || r.key, r.value::text, false);
  END LOOP;
  v_value := nullif(current_setting('que_rule.' || p_name, true), '')::integer;
  IF v_value IS NULL THEN
    RAISE EXCEPTION 'rule % is not in app_rules (is the app''s start-up done?)', p_name;
  END IF;
  RETURN v_value;
END
$$;

--
-- Name: que_search_hits(text, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_search_hits(p_q text, p_per_word integer, p_max_words integer) RETURNS TABLE(business_id integer, score real)
    LANGUAGE sql STABLE
    AS $$
  WITH q AS (
    SELECT w, ord FROM unnest(que_search_words(p_q)) WITH ORDINALITY u(w, ord)
     WHERE length(w) >= 2 ORDER BY length(w) DESC, w LIMIT p_max_words
  ),
  corrected AS (
    SELECT q.ord, c.word, c.s
      FROM q CROSS JOIN LATERAL (
        SELECT n.word, n.s, max(n.s) OVER () AS top FROM (
          SELECT sw.word, word_similarity(q.w, sw.word) AS s FROM search_words sw
           WHERE q.w <% sw.word AND (length(sw.word) >= length(q.w) - 1 OR sw.word = q.w) ORDER BY s DESC, sw.word LIMIT p_per_word) n) c
     WHERE c.s >= 0.7 * c.top
  ),
  best AS (
    SELECT bw.business_id, c.ord, max(c.s) AS s FROM corrected c JOIN business_words bw ON bw.word = c.word GROUP BY bw.business_id, c.ord
  )
  SELECT b.business_id, (sum(b.s) / (SELECT count(*) FROM q))::real
    FROM best b GROUP BY b.business_id
   HAVING count(*) = (SELECT count(*) FROM q)
$$;

--
-- Name: que_search_normal(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_search_normal(p_text text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select lower(public.unaccent('public.unaccent'::regdictionary, coalesce(p_text, '')))
$$;

--
-- Name: que_search_words(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_search_words(p_text text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  select coalesce(array_agg(distinct w), '{}') from regexp_split_to_table(que_search_normal(p_text), '[^[:alnum:]]+') w where w <> ''
$$;

--
-- Name: que_service_starts(integer, integer, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_service_starts(p_open integer, p_close integer, p_duration integer, p_step integer) RETURNS integer[]
    LANGUAGE plpgsql IMMUTABLE
    AS $$
DECLARE
  v_starts int[] := '{}';
  v_t int := p_open;
BEGIN
  IF p_step IS NULL OR p_step <= 0 OR p_open IS NULL OR p_close IS NULL THEN RETURN v_starts; END IF;
  WHILE v_t <= p_close - p_duration LOOP
    v_starts := v_starts || v_t;
    v_t := v_t + p_step;
  END LOOP;
  RETURN v_starts;
END
$$;

--
-- Name: que_services_listed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_services_listed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM que_business_listed_refresh(OLD.business_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.business_id IS DISTINCT FROM OLD.business_id) THEN
    PERFORM que_business_listed_refresh(NEW.business_id);
  END IF;
  RETURN NULL;
END
$$;

--
-- Name: que_settle_deposit(integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_settle_deposit(p_appointment integer, p_outcome text) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  d record;
  v_hold int;
  v_escrow int;
BEGIN
  SELECT ap.appointment_id, ap.deposit_cents, ap.payment_intent_id, a.business_id, a.customer_id, s.name AS service_name, bz.business_name
    INTO d FROM appointment_payments ap JOIN appointments a ON a.id = ap.appointment_id JOIN services s ON s.id = a.service_id
    JOIN businesses bz ON bz.id = a.business_id
   WHERE ap.appointment_id = p_appointment AND ap.policy = 'deposit';
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO appointment_charges (appointment_id, kind, outcome, amount_cents, payment_intent_id)
  VALUES (p_appointment, 'deposit', p_outcome, d.deposit_cents, d.payment_intent_id) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT h.id INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_appointment AND h.code = 'deposit_hold' AND h.flags = 'pending' ORDER BY h.id LIMIT 1;
  IF p_outcome = 'refunded' THEN
    PERFORM que_ledger_resolve(v_hold, 0, 'deposit_refund', format('Deposit refunded: %s at %s was cancelled in time', d.service_name, d.business_name));
    PERFORM que_settle_deposit_intent(d.payment_intent_id, 0);
    RETURN;
  END IF;
  PERFORM que_ledger_resolve(v_hold, d.deposit_cents, 'deposit_' || p_outcome,
    format(CASE p_outcome WHEN 'posted' THEN 'Deposit paid for %s at %s' ELSE 'Deposit kept by the business: %s at %s' END, d.service_name, d.business_name));
  v_escrow := que_ledger_appointment_account(p_appointment);
  PERFORM que_ledger_appointment_transfer(v_escrow, que_ledger_account('business_fees', 'USD', NULL, d.business_id, NULL, false), d.deposit_cents,
    'deposit_' || p_outcome, format('Deposit for %s (appointment #%s)%s', d.service_name, p_appointment,
      CASE p_outcome WHEN 'kept' THEN ', kept' ELSE '' END), p_appointment, false);
  PERFORM que_settle_deposit_intent(d.payment_intent_id, d.deposit_cents);
  PERFORM que_pay_business(d.payment_intent_id, d.business_id, d.deposit_cents);
END
$$;

--
-- Name: que_settle_deposit_intent(text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_settle_deposit_intent(p_intent text, p_capture_cents integer) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO payment_actions (kind, payment_intent_id, amount_cents)
  VALUES (CASE WHEN p_capture_cents > 0 THEN 'capture' ELSE 'cancel' END, p_intent, greatest(p_capture_cents, 0))
  ON CONFLICT DO NOTHING
$$;

--
-- Name: que_slot_day(integer, date, integer, integer, integer[], integer, timestamp with time zone, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_slot_day(p_business integer, p_date date, p_service integer, p_party integer, p_exclude integer[], p_horizon integer, p_now timestamp with time zone, p_zone text, p_only integer, OUT closed text, OUT kind text, OUT zone text, OUT now_at timestamp with time zone, OUT day_start timestamp without time zone, OUT today date, OUT now_minutes integer, OUT blocked boolean, OUT horizon integer, OUT change_day boolean, OUT cut timestamp with time zone, OUT service_id integer, OUT duration integer, OUT step integer, OUT buffer_before integer, OUT buffer_after integer, OUT capacity integer, OUT party integer) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  b record;
  v_service_business int;
  v_policies jsonb;
  v_notice int;
  v_local timestamp;
BEGIN
  now_at := coalesce(p_now, now());
  day_start := p_date::timestamp;
  party := coalesce(p_party, 1);
  -- The hours or time slots are read later, by kind: a lateral read of both costs more than the one
  -- query a day needs, and a closed day reads neither.
  SELECT bz.business_type, bz.time_zone, bz.reservation_duration, bz.seating_capacity, bz.max_party_size, bz.policies,
         EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.business_id = bz.id AND bd.date = p_date) AS blocked
    INTO b FROM businesses bz WHERE bz.id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  IF p_service IS NULL THEN
    SELECT s.id, s.business_id, s.duration, s.policies INTO service_id, v_service_business, duration, v_policies
      FROM services s WHERE s.business_id = p_business AND s.deleted_at IS NULL ORDER BY s.id LIMIT 1;
  ELSE
    -- An archived service (deleted with bookings kept, DESIGN section 4) takes no new bookings, but
    -- its own bookings (the ones left out, p_exclude) stay movable.
    SELECT s.id, s.business_id, s.duration, s.policies INTO service_id, v_service_business, duration, v_policies
      FROM services s WHERE s.id = p_service
       AND (s.deleted_at IS NULL OR EXISTS (SELECT 1 FROM appointments x WHERE x.id = ANY (p_exclude) AND x.service_id = p_service));
    IF service_id IS NULL OR v_service_business <> p_business THEN
      RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found';
    END IF;
  END IF;
  kind := CASE WHEN b.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END;
  blocked := b.blocked;
  horizon := coalesce((v_policies->>'maxAdvanceDays')::int, (b.policies->>'maxAdvanceDays')::int,
                      CASE WHEN kind = 'service' THEN que_rule('serviceBookingWindowDays') ELSE p_horizon END);
  IF kind = 'restaurant' THEN
    IF party < 1 THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Party size must be at least 1'; END IF;
    IF party > coalesce(b.max_party_size, party) THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = format('Party size must be at most %s for this restaurant', b.max_party_size);
    END IF;
  END IF;
  zone := coalesce(p_zone, b.time_zone);
  BEGIN
    v_local := now_at AT TIME ZONE zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so it cannot take bookings right now', zone);
  END;
  today := v_local::date;
  closed := que_closed_day(kind, p_date, today, blocked, horizon);
  IF closed IS NOT NULL THEN RETURN; END IF;

  now_minutes := extract(hour FROM v_local)::int * 60 + extract(minute FROM v_local)::int;
  -- On a day the clocks change, real durations may end up to a few wall-clock hours later.
  change_day := ((p_date + 1)::timestamp AT TIME ZONE zone) - (day_start AT TIME ZONE zone) <> interval '24 hours';
  v_notice := coalesce((v_policies->>'minNoticeMinutes')::int, (b.policies->>'minNoticeMinutes')::int, que_rule('defaultMinNoticeMinutes'));
  IF p_only IS NULL AND v_notice > 0 THEN
    cut := now_at + v_notice * interval '1 minute';
    IF p_date > (cut AT TIME ZONE zone)::date THEN cut := NULL; END IF;
  END IF;
  IF kind = 'restaurant' THEN
    duration := coalesce(b.reservation_duration, 120);
    capacity := coalesce(b.seating_capacity, 40);
  ELSE
    buffer_before := que_buffer_minutes(v_policies, 'bufferBeforeMinutes');
    buffer_after := que_buffer_minutes(v_policies, 'bufferAfterMinutes');
    step := coalesce((v_policies->>'slotIntervalMinutes')::int, (b.policies->>'slotIntervalMinutes')::int, least(30, duration));
  END IF;
END
$$;

--
-- Name: que_slot_engine(text, date, date, integer, boolean, integer, integer[], integer, integer, integer, integer[], integer[], integer[], integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_slot_engine(p_kind text, p_date date, p_today date, p_now_minutes integer, p_blocked boolean, p_horizon integer, p_starts integer[], p_duration integer, p_capacity integer, p_party integer, p_b_start integer[], p_b_end integer[], p_b_party integer[], p_before integer, p_after integer) RETURNS integer[]
    LANGUAGE plpgsql IMMUTABLE
    AS $$
DECLARE
  v_free int[] := '{}';
  v_from int := CASE WHEN p_date = p_today THEN p_now_minutes + 1 ELSE 0 END;
  v_before int := coalesce(p_before, 0);
  v_after int := coalesce(p_after, 0);
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
        IF que_start_blocked(p_b_start[i], p_b_end[i], t, p_duration, v_before, v_after) THEN v_ok := false; EXIT; END IF;
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
-- Name: que_slot_text(timestamp without time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_slot_text(p_starts_at timestamp without time zone) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
  SELECT que_clock_text(p_starts_at) || to_char(p_starts_at, ', FMDay, FMMonth FMDD')
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
      INSERT INTO earliest_free_starts (service_id, business_id, restaurant)
        SELECT n.id, n.business_id, b.business_type = 'restaurant' FROM new_rows n JOIN businesses b ON b.id = n.business_id
        ON CONFLICT DO NOTHING;
    ELSE
      PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM old_rows));
  ELSE
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows UNION SELECT business_id FROM old_rows));
    IF TG_TABLE_NAME = 'services' THEN
      -- a service that changed business is read with its new business at once
      UPDATE earliest_free_starts c SET business_id = n.business_id, restaurant = b.business_type = 'restaurant'
        FROM new_rows n JOIN businesses b ON b.id = n.business_id WHERE c.service_id = n.id AND c.business_id <> n.business_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

--
-- Name: que_staff_slots_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_staff_slots_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_TABLE_NAME = 'staff_members' AND TG_LEVEL = 'ROW' THEN
    PERFORM que_earliest_invalidate(ARRAY[coalesce(NEW.business_id, OLD.business_id)]);
  ELSIF TG_TABLE_NAME = 'staff_members' THEN
    -- Members added: each business once, however many of its members one statement adds.
    PERFORM que_earliest_invalidate(ARRAY(SELECT DISTINCT business_id FROM new_rows));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM que_earliest_invalidate(ARRAY(SELECT DISTINCT m.business_id FROM staff_members m WHERE m.id IN (SELECT staff_id FROM new_rows)));
  ELSE
    PERFORM que_earliest_invalidate(ARRAY(SELECT DISTINCT m.business_id FROM staff_members m WHERE m.id IN (SELECT staff_id FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;

--
-- Name: que_start_blocked(integer, integer, integer, integer, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_start_blocked(p_b_start integer, p_b_end integer, p_start integer, p_duration integer, p_before integer, p_after integer) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT p_b_start < p_start + p_duration + p_after AND p_b_end > p_start - p_before
$$;

--
-- Name: que_stranded_appointments(integer, timestamp with time zone, date, date, integer, integer[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_stranded_appointments(p_business integer, p_now timestamp with time zone, p_from date, p_to date, p_staff integer, p_weekdays integer[]) RETURNS integer[]
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(array_agg(a.id ORDER BY a.starts_at, a.id), '{}')
    FROM businesses bz
    JOIN appointments a ON a.business_id = bz.id
   WHERE bz.id = p_business AND a.status = 'confirmed'
     AND a.starts_at > (coalesce(p_now, now()) AT TIME ZONE bz.time_zone)
     AND a.starts_at >= coalesce(p_from::timestamp, '-infinity'::timestamp)
     AND a.starts_at < coalesce((p_to + 1)::timestamp, 'infinity'::timestamp)
     AND (p_staff IS NULL OR a.staff_id = p_staff OR a.staff_id IS NULL)
     AND (p_weekdays IS NULL OR extract(dow FROM a.starts_at)::int = ANY (p_weekdays))
     AND (EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.business_id = bz.id AND bd.date = a.starts_at::date)
          OR CASE WHEN bz.business_type = 'restaurant' THEN
               NOT EXISTS (SELECT 1 FROM restaurant_time_slots rt
                            WHERE rt.business_id = bz.id AND rt.is_active AND rt.day_of_week = extract(dow FROM a.starts_at)::int
                              AND rt.start_time <= a.starts_at::time AND a.starts_at::time < rt.end_time)
             ELSE
               NOT EXISTS (SELECT 1 FROM que_working_staff(bz.id, a.service_id, a.starts_at::date, a.staff_id) w,
                                         generate_subscripts(w.opens, 1) r
                            WHERE w.opens[r] <= extract(hour FROM a.starts_at)::int * 60 + extract(minute FROM a.starts_at)::int
                              AND extract(hour FROM a.starts_at)::int * 60 + extract(minute FROM a.starts_at)::int + a.duration <= w.closes[r])
             END)
$$;

--
-- Name: que_stranded_view(integer[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_stranded_view(p_ids integer[]) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'id', a.id, 'date', to_char(a.starts_at, 'YYYY-MM-DD'), 'time', to_char(a.starts_at, 'HH24:MI'),
           'serviceId', a.service_id, 'serviceName', s.name, 'customerName', a.customer_name, 'partySize', a.party_size,
           'staffId', a.staff_id, 'staffName', m.name) ORDER BY a.starts_at, a.id), '[]'::jsonb)
    FROM appointments a JOIN services s ON s.id = a.service_id LEFT JOIN staff_members m ON m.id = a.staff_id
   WHERE a.id = ANY (p_ids)
$$;

--
-- Name: que_stripe_event_received(text, text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_stripe_event_received(p_id text, p_type text, p_payload jsonb) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO stripe_events (id, type, payload) VALUES (p_id, p_type, p_payload) ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN RETURN false; END IF;
  PERFORM graphile_worker.add_job('payments_stripe_event', json_build_object('eventId', p_id),
    queue_name => 'stripe-events', job_key => 'stripe-event:' || p_id);
  RETURN true;
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
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.status, ap.party_size, ap.duration, s.name AS service_name, bz.time_zone, ap.staff_id,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time, que_slot_text(ap.starts_at) AS slot
    INTO a FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_a;
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.status, ap.party_size, ap.duration, s.name AS service_name, bz.time_zone, ap.staff_id,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time, que_slot_text(ap.starts_at) AS slot
    INTO b FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_b;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('The %s appointment at %s is %s, so the swap cannot happen', a.service_name, a.slot, a.status);
  END IF;
  IF b.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('The %s appointment at %s is %s, so the swap cannot happen', b.service_name, b.slot, b.status);
  END IF;
  IF a.business_id <> b.business_id THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Only appointments at the same business can be swapped'; END IF;
  -- Each appointment's other live offers end before it moves, so their notices name the slot they were on.
  PERFORM que_offers_end_on(a.id, p_by_user);
  PERFORM que_offers_end_on(b.id, p_by_user);
  SET CONSTRAINTS appointments_no_overlap DEFERRED;
  UPDATE appointments ap SET starts_at = pr.starts_at, ends_at = pr.ends_at, staff_id = b.staff_id, updated_at = now()
    FROM que_period(b.date::date, b.time, a.duration, coalesce(p_zone, a.time_zone)) pr WHERE ap.id = a.id;
  UPDATE appointments ap SET starts_at = pr.starts_at, ends_at = pr.ends_at, staff_id = a.staff_id, updated_at = now()
    FROM que_period(a.date::date, a.time, b.duration, coalesce(p_zone, b.time_zone)) pr WHERE ap.id = b.id;
  PERFORM que_require_slot(a.business_id, b.date::date, b.time, a.service_id, a.party_size, ARRAY[a.id], p_horizon, NULL, true, p_zone, b.staff_id);
  PERFORM que_require_slot(b.business_id, a.date::date, a.time, b.service_id, b.party_size, ARRAY[b.id], p_horizon, NULL, true, p_zone, a.staff_id);
  SET CONSTRAINTS appointments_no_overlap IMMEDIATE;
  -- A Move Back may change days: still one table per guest, restaurant and day (under the
  -- restaurant's lock, taken by que_require_slot), and booking credit once per business and day.
  PERFORM que_require_one_reservation(a.customer_id, a.business_id, b.date::date, ARRAY[a.id, b.id]);
  PERFORM que_require_one_reservation(b.customer_id, b.business_id, a.date::date, ARRAY[a.id, b.id]);
  IF a.date <> b.date THEN
    PERFORM que_booking_credit_moved(a.id);
    PERFORM que_booking_credit_moved(b.id);
  END IF;
  PERFORM que_queue_moved(a.id, a.date, a.time);
  PERFORM que_queue_moved(b.id, b.date, b.time);
  -- One change per appointment moved (decision 0029): its followers e-mail its customer the new time.
  PERFORM que_record_change('swapped', a.id, NULL, a.business_id, p_by_user,
    jsonb_build_object('startsAt', (SELECT starts_at FROM appointments WHERE id = a.id), 'from', a.date || ' ' || a.time));
  PERFORM que_record_change('swapped', b.id, NULL, b.business_id, p_by_user,
    jsonb_build_object('startsAt', (SELECT starts_at FROM appointments WHERE id = b.id), 'from', b.date || ' ' || b.time));
END
$$;

--
-- Name: que_swap_misfit(integer, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_swap_misfit(p_a integer, p_b integer, p_zone text) RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  r record;
  v_zone text;
  v_slots text[];
  v_a record;
  v_b record;
BEGIN
  -- Each side where it would land: the other's date and time.
  FOR r IN SELECT ap.business_id, ap.service_id, ap.party_size, ap.duration, ap.exclusive, bz.time_zone, sv.policies AS service_policies,
                  other.staff_id, ap.staff_id = other.staff_id AS same_staff,
                  other.starts_at::date AS date, to_char(other.starts_at, 'HH24:MI') AS time, que_slot_text(other.starts_at) AS slot,
                  (extract(hour FROM other.starts_at) * 60 + extract(minute FROM other.starts_at))::int AS minutes
             FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id JOIN services sv ON sv.id = ap.service_id
             JOIN appointments other ON other.id = CASE WHEN ap.id = p_a THEN p_b ELSE p_a END
            WHERE ap.id IN (p_a, p_b) ORDER BY ap.id LOOP
    v_zone := coalesce(p_zone, r.time_zone);
    -- No horizon: both days are booked already.
    SELECT w.slots INTO v_slots
      FROM que_day_slots_within(r.business_id, r.date, r.service_id, r.party_size, ARRAY[p_a, p_b], NULL, NULL, true, v_zone, r.minutes, r.staff_id, false) w;
    IF NOT (r.time = ANY (v_slots)) THEN
      RETURN format('These two appointments cannot trade places: at %s the other booking would not fit (it overlaps another booking or the opening hours)',
                    r.slot);
    END IF;
    -- Each lands with the other's staff member: the two new periods meet only when both are one member's.
    IF r.exclusive AND r.same_staff THEN
      -- Each new period as it would block the business: widened by its service's buffers
      -- (appointments/sql/blocked-period.sql), as the overlap constraint compares them.
      IF v_a IS NULL THEN
        SELECT pr.starts_at - que_buffer_minutes(r.service_policies, 'bufferBeforeMinutes') * interval '1 minute' AS starts_at,
               pr.ends_at + que_buffer_minutes(r.service_policies, 'bufferAfterMinutes') * interval '1 minute' AS ends_at
          INTO v_a FROM que_period(r.date, r.time, r.duration, v_zone) pr;
      ELSE
        SELECT pr.starts_at - que_buffer_minutes(r.service_policies, 'bufferBeforeMinutes') * interval '1 minute' AS starts_at,
               pr.ends_at + que_buffer_minutes(r.service_policies, 'bufferAfterMinutes') * interval '1 minute' AS ends_at
          INTO v_b FROM que_period(r.date, r.time, r.duration, v_zone) pr;
        IF tsrange(v_a.starts_at, v_a.ends_at, '[)') && tsrange(v_b.starts_at, v_b.ends_at, '[)') THEN
          RETURN 'These two appointments cannot trade places: at their new times they would overlap each other';
        END IF;
      END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

--
-- Name: que_swap_rule_broken(text, integer, integer, integer, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_swap_rule_broken(p_offer_type text, p_sender integer, p_from integer, p_to integer, p_temporary boolean, OUT errcode text, OUT message text) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
  m record;
  t record;
BEGIN
  SELECT ap.customer_id, ap.status, ap.block_offers, ap.business_id, ap.service_id, bz.owner_id, ap.starts_at, bz.time_zone, ap.staff_id, ap.staff_requested,
         que_policies(bz.business_type, bz.policies, s.policies) AS policies
    INTO t FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id JOIN services s ON s.id = ap.service_id WHERE ap.id = p_to;
  SELECT ap.customer_id, ap.status, ap.business_id, ap.service_id, ap.starts_at, ap.staff_id, ap.staff_requested INTO m FROM appointments ap WHERE ap.id = p_from;
  IF t.customer_id = p_sender THEN
    errcode := 'QB400'; message := 'That appointment is your own: choose another customer’s appointment';
  ELSIF p_sender = t.owner_id THEN
    errcode := 'QB403'; message := 'You own this business: offers are between its customers';
  ELSIF t.customer_id = t.owner_id THEN
    errcode := 'QBINV'; message := 'That appointment is the business’s own and cannot receive offers';
  ELSIF t.status <> 'confirmed' THEN
    errcode := 'QBINV'; message := format('That appointment is %s and cannot receive offers', t.status);
  ELSIF t.block_offers THEN
    errcode := 'QBINV'; message := 'That appointment does not accept queue jump or move back offers';
  ELSIF NOT (t.policies->>'swapMarket')::boolean THEN
    errcode := 'QBINV'; message := 'This business does not take swap offers';
  ELSIF clock_timestamp() > que_instant(least(t.starts_at, coalesce(m.starts_at, t.starts_at)), t.time_zone)
                             - (t.policies->>'swapCutoffMinutes')::int * interval '1 minute' THEN
    errcode := 'QBINV';
    message := format('Offers close %s minutes before the earlier appointment starts', t.policies->>'swapCutoffMinutes');
  ELSIF p_temporary THEN
    RETURN;
  ELSIF m.status <> 'confirmed' THEN
    errcode := 'QBINV'; message := format('Your appointment is %s, so it cannot be swapped', m.status);
  ELSIF m.business_id <> t.business_id THEN
    errcode := 'QB400'; message := 'Both appointments must be at the same business';
  ELSIF p_offer_type = 'queue_jump' AND m.starts_at::date <> t.starts_at::date THEN
    errcode := 'QB400'; message := 'A queue jump targets an appointment on the same date as yours';
  ELSIF p_offer_type = 'queue_jump' AND t.starts_at >= m.starts_at THEN
    errcode := 'QB400'; message := 'A queue jump targets an appointment earlier than yours';
  ELSIF p_offer_type = 'move_back' AND m.service_id <> t.service_id THEN
    errcode := 'QB400'; message := 'A move back targets an appointment for the same service';
  ELSIF p_offer_type = 'move_back' AND t.starts_at <= m.starts_at THEN
    errcode := 'QB400'; message := 'A move back targets an appointment later than yours';
  ELSIF m.staff_id IS DISTINCT FROM t.staff_id AND (m.staff_requested OR t.staff_requested) THEN
    errcode := 'QBINV';
    message := CASE WHEN m.staff_requested
      THEN format('You chose %s for your appointment, so it can only swap with another of %s''s appointments',
                  (SELECT name FROM staff_members WHERE id = m.staff_id), (SELECT name FROM staff_members WHERE id = m.staff_id))
      ELSE format('That customer chose %s for their appointment, so it can only swap with another of %s''s appointments',
                  (SELECT name FROM staff_members WHERE id = t.staff_id), (SELECT name FROM staff_members WHERE id = t.staff_id)) END;
  END IF;
END
$$;

--
-- Name: que_take_booking_payment(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_take_booking_payment() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_policy text := coalesce(NEW.booked_policies->>'paymentPolicy', 'none');
  v_sent jsonb := coalesce(nullif(current_setting('que.booking_payment', true), ''), '{}')::jsonb;
  v_deposit int := coalesce((NEW.booked_policies->>'depositCents')::int, 0);
  v_intent text;
  v_names record;
BEGIN
  IF v_policy = 'none' THEN RETURN NULL; END IF;
  SELECT bz.owner_id, bz.business_name, s.name AS service_name INTO v_names
    FROM businesses bz JOIN services s ON s.id = NEW.service_id WHERE bz.id = NEW.business_id;
  IF v_names.owner_id = NEW.customer_id THEN RETURN NULL; END IF;
  IF v_policy = 'deposit' THEN
    v_intent := que_claim_deposit_intent(v_sent->>'paymentIntentId', NEW.customer_id, v_deposit, NEW.id);
    PERFORM que_ledger_appointment_transfer(que_ledger_account('user_card', 'USD', NEW.customer_id, NULL, NULL, false),
      que_ledger_appointment_account(NEW.id), v_deposit, 'deposit_hold',
      format('Deposit held for %s at %s', v_names.service_name, v_names.business_name), NEW.id, true);
    INSERT INTO appointment_payments (appointment_id, policy, deposit_cents, payment_intent_id)
    VALUES (NEW.id, 'deposit', v_deposit, v_intent);
  ELSE
    PERFORM que_require_payment_method(v_sent->>'paymentMethodId', NEW.customer_id);
    INSERT INTO appointment_payments (appointment_id, policy, no_show_fee_cents, late_cancel_fee_cents, payment_method_id)
    VALUES (NEW.id, 'card_on_file', coalesce((NEW.booked_policies->>'noShowFeeCents')::int, 0),
            coalesce((NEW.booked_policies->>'lateCancelFeeCents')::int, 0), v_sent->>'paymentMethodId');
  END IF;
  RETURN NULL;
END
$$;

--
-- Name: que_visit_message(integer, text, text, text, timestamp without time zone, text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_visit_message(p_appointment integer, p_kind text, p_subject_lead text, p_intro text, p_starts_at timestamp without time zone, p_after text[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_ap appointments;
  v_service text;
  v_business businesses;
  v_name text;
  v_zone text;
BEGIN
  SELECT * INTO v_ap FROM appointments WHERE id = p_appointment;
  IF NOT FOUND OR coalesce(v_ap.customer_email, '') = '' THEN RETURN; END IF;
  SELECT que_one_line(name) INTO v_service FROM services WHERE id = v_ap.service_id;
  SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  v_name := que_one_line(v_business.business_name);
  v_zone := que_zone_label(v_business.time_zone);
  PERFORM que_outbox_message(v_ap.id, p_kind, v_ap.customer_email,
    format('%s: %s at %s', p_subject_lead, v_service, v_name),
    array_to_string(ARRAY[
      format('Hello %s,', coalesce(nullif(que_one_line(v_ap.customer_name), ''), 'there')), '',
      format(p_intro, v_name), '',
      v_service || ' at ' || v_name,
      format('When: %s (%s)', que_slot_text(coalesce(p_starts_at, v_ap.starts_at)), v_zone)]
      || ARRAY(SELECT format(x.line, v_name, v_zone) FROM unnest(p_after) WITH ORDINALITY AS x(line, n) ORDER BY x.n), E'\n'));
END
$$;

--
-- Name: que_waitlist_claim(integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_waitlist_claim(p_user integer, p_entry integer, p_now timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  e waitlist_entries;
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE id = p_entry FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Waitlist entry not found'; END IF;
  IF e.customer_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'That waitlist entry is not yours'; END IF;
  CASE e.status
    WHEN 'waiting' THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'Nothing has opened for this entry yet: you will be told when a time is held for you';
    WHEN 'claimed' THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'You have already claimed this time: it is in My Appointments';
    WHEN 'cancelled' THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'You left this waitlist entry';
    WHEN 'expired' THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'The time held for you was not claimed in time and has passed to the next person waiting';
    ELSE NULL;
  END CASE;
  -- Past its held_until it is refused there (409), even before the lapse job has run.
  PERFORM que_appointment_claim_hold(p_user, e.appointment_id, p_now);
  UPDATE waitlist_entries SET status = 'claimed', updated_at = now() WHERE id = p_entry;
  IF e.released_appointment_id IS NOT NULL THEN PERFORM que_appointment_release_outcome(e.released_appointment_id, 'on_time'); END IF;
  RETURN e.appointment_id;
END
$$;

--
-- Name: que_waitlist_follow(public.changes, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_waitlist_follow(c public.changes, p_horizon integer, p_now timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  a record;
  v_start timestamp;
  v_released int;
BEGIN
  -- Time opened by the business itself (no appointment freed it): its days' entries ask availability.
  IF c.kind = 'capacity_opened' AND c.business_id IS NOT NULL THEN RETURN que_waitlist_offer_opened(c, p_horizon, p_now); END IF;
  IF c.business_id IS NULL OR c.appointment_id IS NULL OR c.kind NOT IN ('cancelled', 'hold_lapsed', 'moved') THEN RETURN 0; END IF;
  SELECT starts_at, duration, release_outcome INTO a FROM appointments WHERE id = c.appointment_id;
  IF NOT FOUND THEN RETURN 0; END IF;
  -- The period freed: the row's own (a cancel, a lapse), or the one a move left.
  v_start := CASE WHEN c.kind = 'moved' THEN (c.data->>'from')::timestamp ELSE coalesce((c.data->>'startsAt')::timestamp, a.starts_at) END;
  IF v_start IS NULL THEN RETURN 0; END IF;
  IF c.kind = 'cancelled' AND a.release_outcome = 'pending' THEN
    v_released := c.appointment_id;
  ELSIF c.kind = 'hold_lapsed' THEN
    SELECT released_appointment_id INTO v_released FROM waitlist_entries WHERE appointment_id = c.appointment_id ORDER BY id DESC LIMIT 1;
  END IF;
  RETURN que_waitlist_offer_freed(c.business_id, v_start::date, to_char(v_start, 'HH24:MI'),
    to_char(v_start + a.duration * interval '1 minute', 'HH24:MI'), v_released, p_horizon, p_now);
END
$$;

--
-- Name: que_waitlist_hold_lapse(integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_waitlist_hold_lapse(p_appointment integer, p_now timestamp with time zone) RETURNS timestamp with time zone
    LANGUAGE plpgsql
    AS $$
DECLARE
  e waitlist_entries;
  v_until timestamptz;
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE appointment_id = p_appointment AND status = 'offered' FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF que_appointment_lapse_hold(p_appointment, p_now, false) THEN
    UPDATE waitlist_entries SET status = 'expired', updated_at = now() WHERE id = e.id;
    RETURN NULL;
  END IF;
  SELECT held_until INTO v_until FROM appointments WHERE id = p_appointment AND status = 'held';
  RETURN v_until;
END
$$;

--
-- Name: que_waitlist_join(integer, integer, integer, date, text, text, integer, integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_waitlist_join(p_user integer, p_business integer, p_service integer, p_date date, p_from text, p_to text, p_staff integer, p_party integer, p_horizon integer, p_now timestamp with time zone) RETURNS integer
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

--
-- Name: que_waitlist_leave(integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_waitlist_leave(p_user integer, p_entry integer, p_now timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  e waitlist_entries;
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE id = p_entry FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Waitlist entry not found'; END IF;
  IF e.customer_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'That waitlist entry is not yours'; END IF;
  IF e.status NOT IN ('waiting', 'offered') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This waitlist entry has already ended (%s)', e.status);
  END IF;
  IF e.status = 'offered' THEN PERFORM que_appointment_lapse_hold(e.appointment_id, p_now, true); END IF;
  UPDATE waitlist_entries SET status = 'cancelled', updated_at = now() WHERE id = p_entry;
END
$$;

--
-- Name: que_waitlist_offer_freed(integer, date, text, text, integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_waitlist_offer_freed(p_business integer, p_date date, p_from text, p_to text, p_released integer, p_horizon integer, p_now timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
  e waitlist_entries;
  v_hold jsonb;
  v_count int := 0;
BEGIN
  -- The business first, as every writer of its times (que_require_slot): then the entries.
  PERFORM 1 FROM businesses WHERE id = p_business FOR NO KEY UPDATE;
  -- Only entries the freed time can serve: a day's other entries are not read for slots (the
  -- dear part), so a freed slot costs one availability read, not one per waiter that day.
  FOR e IN SELECT w.* FROM waitlist_entries w JOIN services sv ON sv.id = w.service_id
            WHERE w.business_id = p_business AND w.date = p_date AND w.status = 'waiting'
              AND w.from_time < p_to AND (w.to_time::interval + sv.duration * interval '1 minute') > p_from::interval
            ORDER BY w.created_at, w.id FOR UPDATE OF w LOOP
    v_hold := que_appointment_hold(e.customer_id, p_business, e.service_id, p_date, e.from_time, e.to_time, e.party_size, e.staff_id, p_horizon, p_now);
    CONTINUE WHEN v_hold IS NULL;
    UPDATE waitlist_entries SET status = 'offered', appointment_id = (v_hold->>'appointmentId')::int,
                                released_appointment_id = p_released, updated_at = now()
     WHERE id = e.id;
    PERFORM graphile_worker.add_job('waitlist_hold_lapse', json_build_object('appointmentId', (v_hold->>'appointmentId')::int),
      run_at => (v_hold->>'heldUntil')::timestamptz, job_key => 'waitlist:hold:' || (v_hold->>'appointmentId'), max_attempts => 25);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END
$$;

--
-- Name: que_waitlist_offer_opened(public.changes, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_waitlist_offer_opened(c public.changes, p_horizon integer, p_now timestamp with time zone) RETURNS integer
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

--
-- Name: que_waitlist_release(integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_waitlist_release(p_user integer, p_appointment integer, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
DECLARE
  v_view jsonb := que_appointment_release(p_user, p_appointment, p_now);
BEGIN
  PERFORM graphile_worker.add_job('waitlist_release_due', json_build_object('appointmentId', p_appointment),
    run_at => (SELECT starts_instant FROM appointments WHERE id = p_appointment), job_key => 'waitlist:release:' || p_appointment, max_attempts => 25);
  RETURN v_view;
END
$$;

--
-- Name: que_waitlist_release_due(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_waitlist_release_due(p_appointment integer) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
BEGIN
  RETURN que_appointment_release_outcome(p_appointment, 'late');
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
-- Name: que_working_staff(integer, integer, date, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_working_staff(p_business integer, p_service integer, p_date date, p_staff integer) RETURNS TABLE(staff_id integer, name text, opens integer[], closes integer[])
    LANGUAGE sql STABLE
    AS $$
  SELECT m.id, m.name, r.opens, r.closes
    FROM staff_members m,
         LATERAL (
           SELECT array_agg(extract(epoch FROM h.open_time)::int / 60 ORDER BY h.open_time) AS opens,
                  array_agg(extract(epoch FROM h.close_time)::int / 60 ORDER BY h.open_time) AS closes
             FROM staff_hours h WHERE m.own_hours AND h.staff_id = m.id AND h.day_of_week = extract(dow FROM p_date)::int
           UNION ALL
           SELECT ARRAY[extract(epoch FROM bh.open_time)::int / 60], ARRAY[extract(epoch FROM bh.close_time)::int / 60]
             FROM business_hours bh WHERE NOT m.own_hours AND bh.business_id = p_business AND bh.day_of_week = extract(dow FROM p_date)::int
         ) r
   WHERE m.business_id = p_business AND m.active AND (p_staff IS NULL OR m.id = p_staff)
     AND (cardinality(m.service_ids) = 0 OR p_service = ANY (m.service_ids))
     AND r.opens IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM staff_time_off t WHERE t.staff_id = m.id AND t.start_date <= p_date AND t.end_date >= p_date)
   ORDER BY m.position, m.id
$$;

--
-- Name: que_zone_label(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.que_zone_label(p_zone text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT replace(regexp_replace(p_zone, '^.*/', ''), '_', ' ') || ' time'
$$;

--
-- Name: app_rules; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.app_rules (
    id boolean DEFAULT true NOT NULL,
    rules jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT app_rules_one_row_check CHECK (id)
);

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
-- Name: appointment_charges; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.appointment_charges (
    id integer NOT NULL,
    appointment_id integer NOT NULL,
    kind text NOT NULL,
    outcome text NOT NULL,
    amount_cents integer NOT NULL,
    payment_intent_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT appointment_charges_amount_check CHECK ((amount_cents >= 0)),
    CONSTRAINT appointment_charges_kind_check CHECK ((kind = ANY (ARRAY['deposit'::text, 'no_show_fee'::text, 'late_cancel_fee'::text]))),
    CONSTRAINT appointment_charges_outcome_check CHECK ((outcome = ANY (ARRAY['posted'::text, 'refunded'::text, 'kept'::text, 'charged'::text, 'declined'::text])))
);

--
-- Name: appointment_charges_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.appointment_charges_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: appointment_charges_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.appointment_charges_id_seq OWNED BY public.appointment_charges.id;

--
-- Name: appointment_payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.appointment_payments (
    appointment_id integer NOT NULL,
    policy text NOT NULL,
    deposit_cents integer DEFAULT 0 NOT NULL,
    no_show_fee_cents integer DEFAULT 0 NOT NULL,
    late_cancel_fee_cents integer DEFAULT 0 NOT NULL,
    payment_intent_id text,
    payment_method_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT appointment_payments_amounts_check CHECK (((deposit_cents >= 0) AND (no_show_fee_cents >= 0) AND (late_cancel_fee_cents >= 0))),
    CONSTRAINT appointment_payments_card_check CHECK (((policy <> 'card_on_file'::text) OR (payment_method_id IS NOT NULL))),
    CONSTRAINT appointment_payments_deposit_check CHECK (((policy <> 'deposit'::text) OR ((deposit_cents > 0) AND (payment_intent_id IS NOT NULL)))),
    CONSTRAINT appointment_payments_policy_check CHECK ((policy = ANY (ARRAY['deposit'::text, 'card_on_file'::text])))
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
-- Name: business_words; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.business_words (
    word text NOT NULL,
    business_id integer NOT NULL
);

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
-- Name: changes_followed; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.changes_followed (
    change_id bigint NOT NULL,
    followed_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: changes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: changes_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.changes_id_seq OWNED BY public.changes.id;

--
-- Name: changes_unfollowed; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.changes_unfollowed (
    change_id bigint NOT NULL,
    shard smallint NOT NULL,
    subject text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    retry_at timestamp with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL,
    last_error text,
    CONSTRAINT changes_unfollowed_shard_check CHECK (((shard >= 0) AND (shard <= 15)))
);

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
    item text,
    restaurant boolean DEFAULT false NOT NULL,
    CONSTRAINT earliest_free_starts_stale_check CHECK (((computed_version = version) OR (fresh_until IS NULL)))
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
-- Name: function_files; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.function_files (
    file text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);

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
-- Name: job_runner_beats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.job_runner_beats (
    worker_id text NOT NULL,
    beat_at timestamp with time zone NOT NULL
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
    appointment_id integer,
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
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    done_at timestamp with time zone,
    business_id integer,
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
-- Name: payment_customers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_customers (
    user_id integer NOT NULL,
    processor_ref text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

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
    appointment_id integer,
    payment_method_id text,
    CONSTRAINT payment_intents_amount_check CHECK ((amount_cents > 0)),
    CONSTRAINT payment_intents_captured_check CHECK (((captured_cents IS NULL) OR ((captured_cents >= 0) AND (captured_cents <= amount_cents)))),
    CONSTRAINT payment_intents_status_check CHECK ((status = ANY (ARRAY['requires_payment_method'::text, 'requires_capture'::text, 'succeeded'::text, 'canceled'::text])))
);

--
-- Name: payment_methods; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_methods (
    id text NOT NULL,
    user_id integer NOT NULL,
    processor text NOT NULL,
    processor_ref text,
    brand text NOT NULL,
    last4 text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    customer_ref text,
    setup_ref text
);

--
-- Name: payout_accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payout_accounts (
    id integer NOT NULL,
    user_id integer,
    business_id integer,
    processor_ref text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payout_accounts_owner_check CHECK ((num_nonnulls(user_id, business_id) = 1)),
    CONSTRAINT payout_accounts_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'ready'::text])))
);

--
-- Name: payout_accounts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.payout_accounts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: payout_accounts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.payout_accounts_id_seq OWNED BY public.payout_accounts.id;

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
-- Name: reminder_link_uses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reminder_link_uses (
    appointment_id integer NOT NULL,
    purpose text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT reminder_link_uses_purpose_check CHECK ((purpose = ANY (ARRAY['confirm'::text, 'cancel'::text])))
);

--
-- Name: reminder_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reminder_settings (
    business_id integer NOT NULL,
    rules jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: reminders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reminders (
    id integer NOT NULL,
    appointment_id integer NOT NULL,
    offset_minutes integer NOT NULL,
    channel text DEFAULT 'email'::text NOT NULL,
    starts_at timestamp without time zone NOT NULL,
    due_at timestamp with time zone NOT NULL,
    status text DEFAULT 'planned'::text NOT NULL,
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone,
    CONSTRAINT reminders_channel_check CHECK ((channel = 'email'::text)),
    CONSTRAINT reminders_status_check CHECK ((status = ANY (ARRAY['planned'::text, 'sent'::text, 'skipped'::text, 'cancelled'::text])))
);

--
-- Name: reminders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.reminders_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: reminders_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.reminders_id_seq OWNED BY public.reminders.id;

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
-- Name: review_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.review_reports (
    id integer NOT NULL,
    review_id integer NOT NULL,
    reporter_id integer NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT review_reports_reason_check CHECK ((length(reason) <= 1000))
);

--
-- Name: review_reports_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.review_reports_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: review_reports_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.review_reports_id_seq OWNED BY public.review_reports.id;

--
-- Name: reviews; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reviews (
    id integer NOT NULL,
    appointment_id integer NOT NULL,
    business_id integer NOT NULL,
    customer_id integer NOT NULL,
    rating smallint NOT NULL,
    text text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    reply_text text,
    replied_at timestamp with time zone,
    reply_edited_at timestamp with time zone,
    CONSTRAINT reviews_rating_check CHECK (((rating >= 1) AND (rating <= 5))),
    CONSTRAINT reviews_reply_check CHECK ((((reply_text IS NULL) = (replied_at IS NULL)) AND ((length(reply_text) >= 1) AND (length(reply_text) <= 2000)))),
    CONSTRAINT reviews_text_check CHECK ((length(text) <= 2000))
);

--
-- Name: reviews_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.reviews_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: reviews_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.reviews_id_seq OWNED BY public.reviews.id;

--
-- Name: search_words; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_words (
    word text NOT NULL
);

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
    policies jsonb DEFAULT '{}'::jsonb NOT NULL,
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
-- Name: staff_hours; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff_hours (
    id integer NOT NULL,
    staff_id integer NOT NULL,
    day_of_week smallint NOT NULL,
    open_time time without time zone NOT NULL,
    close_time time without time zone NOT NULL,
    CONSTRAINT staff_hours_day_check CHECK (((day_of_week >= 0) AND (day_of_week <= 6))),
    CONSTRAINT staff_hours_order_check CHECK ((close_time > open_time))
);

--
-- Name: staff_hours_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.staff_hours_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: staff_hours_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.staff_hours_id_seq OWNED BY public.staff_hours.id;

--
-- Name: staff_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff_members (
    id integer NOT NULL,
    business_id integer NOT NULL,
    name text NOT NULL,
    bio text DEFAULT ''::text NOT NULL,
    active boolean DEFAULT true NOT NULL,
    "position" integer NOT NULL,
    service_ids integer[] DEFAULT '{}'::integer[] NOT NULL,
    own_hours boolean DEFAULT false NOT NULL,
    last_booked_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT staff_members_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100)))
);

--
-- Name: staff_members_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.staff_members_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: staff_members_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.staff_members_id_seq OWNED BY public.staff_members.id;

--
-- Name: staff_time_off; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff_time_off (
    id integer NOT NULL,
    staff_id integer NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    CONSTRAINT staff_time_off_order_check CHECK ((end_date >= start_date))
);

--
-- Name: staff_time_off_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.staff_time_off_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: staff_time_off_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.staff_time_off_id_seq OWNED BY public.staff_time_off.id;

--
-- Name: stripe_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stripe_events (
    id text NOT NULL,
    type text NOT NULL,
    payload jsonb NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    handled_at timestamp with time zone
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
    full_name text,
    phone text,
    CONSTRAINT users_phone_e164_check CHECK ((phone ~ '^[+][1-9][0-9]{1,14}$'::text)),
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
-- Name: waitlist_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.waitlist_entries (
    id integer NOT NULL,
    customer_id integer NOT NULL,
    business_id integer NOT NULL,
    service_id integer NOT NULL,
    staff_id integer,
    party_size integer DEFAULT 1 NOT NULL,
    date date NOT NULL,
    from_time text NOT NULL,
    to_time text NOT NULL,
    status text DEFAULT 'waiting'::text NOT NULL,
    appointment_id integer,
    released_appointment_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT waitlist_entries_offer_check CHECK (((status <> 'offered'::text) OR (appointment_id IS NOT NULL))),
    CONSTRAINT waitlist_entries_party_size_check CHECK ((party_size >= 1)),
    CONSTRAINT waitlist_entries_status_check CHECK ((status = ANY (ARRAY['waiting'::text, 'offered'::text, 'claimed'::text, 'expired'::text, 'cancelled'::text]))),
    CONSTRAINT waitlist_entries_window_check CHECK (((from_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'::text) AND (to_time ~ '^([01][0-9]|2[0-4]):[0-5][0-9]$'::text) AND (to_time > from_time)))
);

--
-- Name: waitlist_entries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.waitlist_entries_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: waitlist_entries_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.waitlist_entries_id_seq OWNED BY public.waitlist_entries.id;

--
-- Name: appointment_charges id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointment_charges ALTER COLUMN id SET DEFAULT nextval('public.appointment_charges_id_seq'::regclass);

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
-- Name: changes id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.changes ALTER COLUMN id SET DEFAULT nextval('public.changes_id_seq'::regclass);

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
-- Name: payout_accounts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_accounts ALTER COLUMN id SET DEFAULT nextval('public.payout_accounts_id_seq'::regclass);

--
-- Name: queue_entries id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.queue_entries ALTER COLUMN id SET DEFAULT nextval('public.queue_entries_id_seq'::regclass);

--
-- Name: reminders id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminders ALTER COLUMN id SET DEFAULT nextval('public.reminders_id_seq'::regclass);

--
-- Name: restaurant_time_slots id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_time_slots ALTER COLUMN id SET DEFAULT nextval('public.restaurant_time_slots_id_seq'::regclass);

--
-- Name: review_reports id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports ALTER COLUMN id SET DEFAULT nextval('public.review_reports_id_seq'::regclass);

--
-- Name: reviews id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews ALTER COLUMN id SET DEFAULT nextval('public.reviews_id_seq'::regclass);

--
-- Name: services id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.services ALTER COLUMN id SET DEFAULT nextval('public.services_id_seq'::regclass);

--
-- Name: staff_hours id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_hours ALTER COLUMN id SET DEFAULT nextval('public.staff_hours_id_seq'::regclass);

--
-- Name: staff_members id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_members ALTER COLUMN id SET DEFAULT nextval('public.staff_members_id_seq'::regclass);

--
-- Name: staff_time_off id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_time_off ALTER COLUMN id SET DEFAULT nextval('public.staff_time_off_id_seq'::regclass);

--
-- Name: users id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);

--
-- Name: waitlist_entries id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_entries ALTER COLUMN id SET DEFAULT nextval('public.waitlist_entries_id_seq'::regclass);

--
-- Name: app_rules app_rules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.app_rules
    ADD CONSTRAINT app_rules_pkey PRIMARY KEY (id);

--
-- Name: app_secrets app_secrets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.app_secrets
    ADD CONSTRAINT app_secrets_pkey PRIMARY KEY (name);

--
-- Name: appointment_charges appointment_charges_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointment_charges
    ADD CONSTRAINT appointment_charges_pkey PRIMARY KEY (id);

--
-- Name: appointment_payments appointment_payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointment_payments
    ADD CONSTRAINT appointment_payments_pkey PRIMARY KEY (appointment_id);

--
-- Name: appointments appointments_no_overlap; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (business_id WITH =, tsrange(blocked_starts_at, blocked_ends_at, '[)'::text) WITH &&, (
CASE
    WHEN exclusive THEN staff_id
    ELSE NULL::integer
END) WITH =) WHERE (occupies) DEFERRABLE;

--
-- Name: appointments appointments_one_place; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_one_place EXCLUDE USING gist (customer_id WITH =, tstzrange(starts_instant, ends_instant, '[)'::text) WITH &&) WHERE (((status = 'confirmed'::text) AND (NOT legacy_overlap)));

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
-- Name: business_words business_words_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.business_words
    ADD CONSTRAINT business_words_pkey PRIMARY KEY (word, business_id);

--
-- Name: businesses businesses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.businesses
    ADD CONSTRAINT businesses_pkey PRIMARY KEY (id);

--
-- Name: changes_followed changes_followed_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.changes_followed
    ADD CONSTRAINT changes_followed_pkey PRIMARY KEY (change_id);

--
-- Name: changes changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.changes
    ADD CONSTRAINT changes_pkey PRIMARY KEY (id);

--
-- Name: changes_unfollowed changes_unfollowed_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.changes_unfollowed
    ADD CONSTRAINT changes_unfollowed_pkey PRIMARY KEY (change_id);

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
-- Name: function_files function_files_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.function_files
    ADD CONSTRAINT function_files_pkey PRIMARY KEY (file);

--
-- Name: idempotency_keys idempotency_keys_user_id_key_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_key_pk PRIMARY KEY (user_id, key);

--
-- Name: job_runner_beats job_runner_beats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.job_runner_beats
    ADD CONSTRAINT job_runner_beats_pkey PRIMARY KEY (worker_id);

--
-- Name: ledger_accounts ledger_accounts_id_asset_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_accounts
    ADD CONSTRAINT ledger_accounts_id_asset_key UNIQUE (id, asset);

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
-- Name: payment_customers payment_customers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_customers
    ADD CONSTRAINT payment_customers_pkey PRIMARY KEY (user_id);

--
-- Name: payment_customers payment_customers_processor_ref_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_customers
    ADD CONSTRAINT payment_customers_processor_ref_key UNIQUE (processor_ref);

--
-- Name: payment_intents payment_intents_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_intents
    ADD CONSTRAINT payment_intents_pkey PRIMARY KEY (id);

--
-- Name: payment_methods payment_methods_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_methods
    ADD CONSTRAINT payment_methods_pkey PRIMARY KEY (id);

--
-- Name: payout_accounts payout_accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_accounts
    ADD CONSTRAINT payout_accounts_pkey PRIMARY KEY (id);

--
-- Name: queue_entries queue_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.queue_entries
    ADD CONSTRAINT queue_entries_pkey PRIMARY KEY (id);

--
-- Name: reminder_link_uses reminder_link_uses_appointment_id_purpose_expires_at_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminder_link_uses
    ADD CONSTRAINT reminder_link_uses_appointment_id_purpose_expires_at_pk PRIMARY KEY (appointment_id, purpose, expires_at);

--
-- Name: reminder_settings reminder_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminder_settings
    ADD CONSTRAINT reminder_settings_pkey PRIMARY KEY (business_id);

--
-- Name: reminders reminders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminders
    ADD CONSTRAINT reminders_pkey PRIMARY KEY (id);

--
-- Name: restaurant_time_slots restaurant_time_slots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_time_slots
    ADD CONSTRAINT restaurant_time_slots_pkey PRIMARY KEY (id);

--
-- Name: review_reports review_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_pkey PRIMARY KEY (id);

--
-- Name: reviews reviews_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_pkey PRIMARY KEY (id);

--
-- Name: search_words search_words_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_words
    ADD CONSTRAINT search_words_pkey PRIMARY KEY (word);

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
-- Name: staff_hours staff_hours_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_hours
    ADD CONSTRAINT staff_hours_pkey PRIMARY KEY (id);

--
-- Name: staff_members staff_members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_members
    ADD CONSTRAINT staff_members_pkey PRIMARY KEY (id);

--
-- Name: staff_time_off staff_time_off_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_time_off
    ADD CONSTRAINT staff_time_off_pkey PRIMARY KEY (id);

--
-- Name: stripe_events stripe_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_events
    ADD CONSTRAINT stripe_events_pkey PRIMARY KEY (id);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: waitlist_entries waitlist_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_entries
    ADD CONSTRAINT waitlist_entries_pkey PRIMARY KEY (id);

--
-- Name: appointment_charges_once_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX appointment_charges_once_key ON public.appointment_charges USING btree (appointment_id, kind);

--
-- Name: appointments_business_starts_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_business_starts_idx ON public.appointments USING btree (business_id, starts_at);

--
-- Name: appointments_customer_business_starts_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_customer_business_starts_idx ON public.appointments USING btree (customer_id, business_id, starts_at);

--
-- Name: appointments_customer_starts_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_customer_starts_idx ON public.appointments USING btree (customer_id, starts_at, id);

--
-- Name: appointments_staff_starts_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_staff_starts_idx ON public.appointments USING btree (staff_id, starts_at);

--
-- Name: blocked_dates_business_date_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX blocked_dates_business_date_key ON public.blocked_dates USING btree (business_id, date);

--
-- Name: business_hours_day_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX business_hours_day_key ON public.business_hours USING btree (business_id, day_of_week);

--
-- Name: business_words_business_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX business_words_business_id_idx ON public.business_words USING btree (business_id);

--
-- Name: businesses_category_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX businesses_category_name_idx ON public.businesses USING btree (category, business_name, id) WHERE listed;

--
-- Name: businesses_cuisine_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX businesses_cuisine_name_idx ON public.businesses USING btree (cuisine_type, business_name, id) WHERE ((cuisine_type IS NOT NULL) AND listed);

--
-- Name: businesses_listed_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX businesses_listed_id_idx ON public.businesses USING btree (id) WHERE listed;

--
-- Name: businesses_location_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX businesses_location_idx ON public.businesses USING gist (public.ll_to_earth(latitude, longitude)) WHERE ((latitude IS NOT NULL) AND listed);

--
-- Name: businesses_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX businesses_name_idx ON public.businesses USING btree (business_name, id) WHERE listed;

--
-- Name: businesses_owner_id_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX businesses_owner_id_key ON public.businesses USING btree (owner_id);

--
-- Name: businesses_party_size_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX businesses_party_size_idx ON public.businesses USING btree (max_party_size, id) WHERE ((max_party_size IS NOT NULL) AND listed);

--
-- Name: businesses_price_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX businesses_price_name_idx ON public.businesses USING btree (price_range, business_name, id) WHERE ((price_range IS NOT NULL) AND listed);

--
-- Name: businesses_rating_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX businesses_rating_idx ON public.businesses USING btree (COALESCE(rating_average, ('-1'::integer)::numeric) DESC, rating_count DESC, id) WHERE listed;

--
-- Name: businesses_type_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX businesses_type_name_idx ON public.businesses USING btree (business_type, business_name, id) WHERE listed;

--
-- Name: changes_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX changes_appointment_idx ON public.changes USING btree (appointment_id, id) WHERE (appointment_id IS NOT NULL);

--
-- Name: changes_offer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX changes_offer_idx ON public.changes USING btree (offer_id, id) WHERE (offer_id IS NOT NULL);

--
-- Name: changes_unfollowed_shard_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX changes_unfollowed_shard_idx ON public.changes_unfollowed USING btree (shard, change_id);

--
-- Name: earliest_free_starts_business_day_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_business_day_idx ON public.earliest_free_starts USING btree (business_id, day) WHERE (day IS NOT NULL);

--
-- Name: earliest_free_starts_business_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_business_id_idx ON public.earliest_free_starts USING btree (business_id);

--
-- Name: earliest_free_starts_computed_for_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_computed_for_idx ON public.earliest_free_starts USING btree (computed_for);

--
-- Name: earliest_free_starts_fresh_until_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_fresh_until_idx ON public.earliest_free_starts USING btree (fresh_until);

--
-- Name: earliest_free_starts_listing_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_listing_idx ON public.earliest_free_starts USING btree (start_local, business_id, service_id) WHERE (item IS NOT NULL);

--
-- Name: earliest_free_starts_none_this_week_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_none_this_week_idx ON public.earliest_free_starts USING btree (business_id, service_id) WHERE (day IS NULL);

--
-- Name: earliest_free_starts_restaurant_listing_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_restaurant_listing_idx ON public.earliest_free_starts USING btree (start_local, business_id, service_id) WHERE ((item IS NOT NULL) AND restaurant);

--
-- Name: earliest_free_starts_restaurant_none_this_week_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX earliest_free_starts_restaurant_none_this_week_idx ON public.earliest_free_starts USING btree (business_id, service_id) WHERE ((day IS NULL) AND restaurant);

--
-- Name: email_outbox_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_appointment_idx ON public.email_outbox USING btree (appointment_id);

--
-- Name: idempotency_keys_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idempotency_keys_created_idx ON public.idempotency_keys USING btree (created_at);

--
-- Name: ledger_accounts_owner_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX ledger_accounts_owner_key ON public.ledger_accounts USING btree (kind, asset, COALESCE(user_id, 0), COALESCE(business_id, 0), COALESCE(offer_id, 0), COALESCE(appointment_id, 0));

--
-- Name: ledger_transfers_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transfers_appointment_idx ON public.ledger_transfers USING btree (appointment_id);

--
-- Name: ledger_transfers_credit_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transfers_credit_idx ON public.ledger_transfers USING btree (credit_account_id, created_at, id);

--
-- Name: ledger_transfers_debit_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transfers_debit_idx ON public.ledger_transfers USING btree (debit_account_id, created_at, id);

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

CREATE INDEX notifications_user_idx ON public.notifications USING btree (user_id, created_at, id);

--
-- Name: offers_from_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_from_appointment_idx ON public.offers USING btree (from_appointment_id);

--
-- Name: offers_from_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_from_user_idx ON public.offers USING btree (from_user_id, created_at, id);

--
-- Name: offers_live_expiry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_live_expiry_idx ON public.offers USING btree (expires_at) WHERE (status = ANY (ARRAY['pending'::text, 'negotiating'::text]));

--
-- Name: offers_one_live_per_pair_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX offers_one_live_per_pair_key ON public.offers USING btree (LEAST(from_appointment_id, to_appointment_id), GREATEST(from_appointment_id, to_appointment_id)) WHERE (status = ANY (ARRAY['pending'::text, 'negotiating'::text]));

--
-- Name: offers_one_live_per_sender_target_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX offers_one_live_per_sender_target_key ON public.offers USING btree (to_appointment_id, from_user_id) WHERE (status = ANY (ARRAY['pending'::text, 'negotiating'::text]));

--
-- Name: offers_open_payer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_open_payer_idx ON public.offers USING btree (from_user_id) WHERE ((status = ANY (ARRAY['pending'::text, 'negotiating'::text])) OR ((status = 'accepted'::text) AND (escrow_status = 'held'::text)));

--
-- Name: offers_to_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_to_appointment_idx ON public.offers USING btree (to_appointment_id);

--
-- Name: offers_to_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_to_user_idx ON public.offers USING btree (to_user_id, created_at, id);

--
-- Name: offers_unsettled_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_unsettled_idx ON public.offers USING btree (id) WHERE ((status = 'accepted'::text) AND (escrow_status = 'held'::text));

--
-- Name: offers_unsettled_recipient_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX offers_unsettled_recipient_idx ON public.offers USING btree (to_user_id) WHERE ((status = 'accepted'::text) AND (escrow_status = 'held'::text));

--
-- Name: payment_actions_once_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX payment_actions_once_key ON public.payment_actions USING btree (kind, COALESCE(payment_intent_id, ''::text), COALESCE(offer_id, 0));

--
-- Name: payment_actions_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_actions_pending_idx ON public.payment_actions USING btree (id) WHERE (status = 'pending'::text);

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
-- Name: payment_methods_setup_ref_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX payment_methods_setup_ref_key ON public.payment_methods USING btree (setup_ref);

--
-- Name: payment_methods_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_methods_user_idx ON public.payment_methods USING btree (user_id);

--
-- Name: payout_accounts_business_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX payout_accounts_business_key ON public.payout_accounts USING btree (business_id);

--
-- Name: payout_accounts_processor_ref_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX payout_accounts_processor_ref_key ON public.payout_accounts USING btree (processor_ref);

--
-- Name: payout_accounts_user_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX payout_accounts_user_key ON public.payout_accounts USING btree (user_id);

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
-- Name: reminders_appointment_offset_start_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX reminders_appointment_offset_start_key ON public.reminders USING btree (appointment_id, offset_minutes, starts_at);

--
-- Name: reminders_planned_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reminders_planned_due_idx ON public.reminders USING btree (due_at) WHERE (status = 'planned'::text);

--
-- Name: restaurant_time_slots_business_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX restaurant_time_slots_business_idx ON public.restaurant_time_slots USING btree (business_id, day_of_week);

--
-- Name: review_reports_review_reporter_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX review_reports_review_reporter_key ON public.review_reports USING btree (review_id, reporter_id);

--
-- Name: reviews_appointment_id_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX reviews_appointment_id_key ON public.reviews USING btree (appointment_id);

--
-- Name: reviews_business_newest_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reviews_business_newest_idx ON public.reviews USING btree (business_id, created_at DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: reviews_customer_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reviews_customer_id_idx ON public.reviews USING btree (customer_id);

--
-- Name: search_words_word_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_words_word_trgm_idx ON public.search_words USING gin (word public.gin_trgm_ops);

--
-- Name: services_business_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX services_business_id_idx ON public.services USING btree (business_id);

--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);

--
-- Name: staff_hours_staff_day_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_hours_staff_day_idx ON public.staff_hours USING btree (staff_id, day_of_week);

--
-- Name: staff_members_business_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_members_business_idx ON public.staff_members USING btree (business_id, "position", id);

--
-- Name: staff_time_off_staff_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_time_off_staff_idx ON public.staff_time_off USING btree (staff_id, start_date);

--
-- Name: stripe_events_handled_received_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stripe_events_handled_received_idx ON public.stripe_events USING btree (received_at) WHERE (handled_at IS NOT NULL);

--
-- Name: users_email_lower_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_email_lower_key ON public.users USING btree (lower(email));

--
-- Name: users_username_lower_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_username_lower_key ON public.users USING btree (lower(username));

--
-- Name: waitlist_entries_appointment_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_entries_appointment_idx ON public.waitlist_entries USING btree (appointment_id);

--
-- Name: waitlist_entries_business_day_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_entries_business_day_idx ON public.waitlist_entries USING btree (business_id, date, created_at, id);

--
-- Name: waitlist_entries_customer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_entries_customer_idx ON public.waitlist_entries USING btree (customer_id, created_at, id);

--
-- Name: waitlist_entries_one_active_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX waitlist_entries_one_active_key ON public.waitlist_entries USING btree (customer_id, business_id, date) WHERE (status = ANY (ARRAY['waiting'::text, 'offered'::text]));

--
-- Name: waitlist_entries_waiting_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX waitlist_entries_waiting_idx ON public.waitlist_entries USING btree (business_id, date, created_at, id) WHERE (status = 'waiting'::text);

--
-- Name: appointments appointments_blocked_period; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER appointments_blocked_period BEFORE INSERT OR UPDATE ON public.appointments FOR EACH ROW EXECUTE FUNCTION public.que_appointment_blocked_period();

ALTER TABLE public.appointments ENABLE ALWAYS TRIGGER appointments_blocked_period;

--
-- Name: appointments appointments_default_member; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER appointments_default_member BEFORE INSERT ON public.appointments FOR EACH ROW WHEN ((new.exclusive AND (new.staff_id IS NULL))) EXECUTE FUNCTION public.que_appointment_default_member();

ALTER TABLE public.appointments ENABLE ALWAYS TRIGGER appointments_default_member;

--
-- Name: appointments appointments_instants; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER appointments_instants BEFORE INSERT OR UPDATE ON public.appointments FOR EACH ROW EXECUTE FUNCTION public.que_appointment_instants();

ALTER TABLE public.appointments ENABLE ALWAYS TRIGGER appointments_instants;

--
-- Name: appointments appointments_take_booking_payment; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER appointments_take_booking_payment AFTER INSERT ON public.appointments FOR EACH ROW WHEN (((new.status = 'confirmed'::text) AND (COALESCE((new.booked_policies ->> 'paymentPolicy'::text), 'none'::text) <> 'none'::text))) EXECUTE FUNCTION public.que_take_booking_payment();

--
-- Name: appointments appointments_take_claim_payment; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER appointments_take_claim_payment AFTER UPDATE OF status ON public.appointments FOR EACH ROW WHEN (((old.status = 'held'::text) AND (new.status = 'confirmed'::text))) EXECUTE FUNCTION public.que_take_booking_payment();

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
-- Name: businesses businesses_first_staff_member; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER businesses_first_staff_member AFTER INSERT ON public.businesses FOR EACH ROW EXECUTE FUNCTION public.que_first_staff_member();

--
-- Name: businesses businesses_search_text; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER businesses_search_text BEFORE INSERT OR UPDATE OF business_name, category, cuisine_type, description, address ON public.businesses FOR EACH ROW EXECUTE FUNCTION public.que_business_search_text();

ALTER TABLE public.businesses ENABLE ALWAYS TRIGGER businesses_search_text;

--
-- Name: businesses businesses_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER businesses_slots_updated AFTER UPDATE ON public.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_business_slots_changed();

--
-- Name: businesses businesses_words; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER businesses_words AFTER INSERT OR UPDATE OF search_text, business_name, category, cuisine_type, description, address ON public.businesses FOR EACH ROW EXECUTE FUNCTION public.que_business_words();

ALTER TABLE public.businesses ENABLE ALWAYS TRIGGER businesses_words;

--
-- Name: changes changes_write_once; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER changes_write_once BEFORE DELETE OR UPDATE ON public.changes FOR EACH ROW EXECUTE FUNCTION public.que_changes_write_once();

--
-- Name: ledger_transfers ledger_transfers_no_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ledger_transfers_no_update BEFORE DELETE OR UPDATE ON public.ledger_transfers FOR EACH ROW EXECUTE FUNCTION public.ledger_transfers_immutable();

--
-- Name: payment_actions payment_actions_job; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payment_actions_job AFTER INSERT ON public.payment_actions FOR EACH ROW EXECUTE FUNCTION public.que_payment_action_added();

--
-- Name: payment_intents payment_intents_fee_declined; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payment_intents_fee_declined AFTER UPDATE OF status ON public.payment_intents FOR EACH ROW WHEN (((old.status = 'requires_capture'::text) AND (new.status = 'requires_payment_method'::text) AND (new.payment_method_id IS NOT NULL) AND (new.appointment_id IS NOT NULL))) EXECUTE FUNCTION public.que_fee_declined();

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
-- Name: services services_listed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER services_listed AFTER INSERT OR DELETE OR UPDATE ON public.services FOR EACH ROW EXECUTE FUNCTION public.que_services_listed();

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
-- Name: staff_hours staff_hours_slots_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_hours_slots_deleted AFTER DELETE ON public.staff_hours REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_staff_slots_changed();

--
-- Name: staff_hours staff_hours_slots_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_hours_slots_inserted AFTER INSERT ON public.staff_hours REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_staff_slots_changed();

--
-- Name: staff_hours staff_hours_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_hours_slots_updated AFTER UPDATE ON public.staff_hours REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_staff_slots_changed();

--
-- Name: staff_members staff_members_slots_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_members_slots_inserted AFTER INSERT ON public.staff_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_staff_slots_changed();

--
-- Name: staff_members staff_members_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_members_slots_updated AFTER UPDATE ON public.staff_members FOR EACH ROW WHEN (((old.active IS DISTINCT FROM new.active) OR (old.service_ids IS DISTINCT FROM new.service_ids) OR (old.own_hours IS DISTINCT FROM new.own_hours) OR (old.business_id IS DISTINCT FROM new.business_id))) EXECUTE FUNCTION public.que_staff_slots_changed();

--
-- Name: staff_time_off staff_time_off_slots_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_time_off_slots_deleted AFTER DELETE ON public.staff_time_off REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_staff_slots_changed();

--
-- Name: staff_time_off staff_time_off_slots_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_time_off_slots_inserted AFTER INSERT ON public.staff_time_off REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_staff_slots_changed();

--
-- Name: staff_time_off staff_time_off_slots_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_time_off_slots_updated AFTER UPDATE ON public.staff_time_off REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.que_staff_slots_changed();

--
-- Name: appointment_charges appointment_charges_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointment_charges
    ADD CONSTRAINT appointment_charges_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);

--
-- Name: appointment_charges appointment_charges_payment_intent_id_payment_intents_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointment_charges
    ADD CONSTRAINT appointment_charges_payment_intent_id_payment_intents_id_fk FOREIGN KEY (payment_intent_id) REFERENCES public.payment_intents(id);

--
-- Name: appointment_payments appointment_payments_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointment_payments
    ADD CONSTRAINT appointment_payments_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);

--
-- Name: appointment_payments appointment_payments_payment_intent_id_payment_intents_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointment_payments
    ADD CONSTRAINT appointment_payments_payment_intent_id_payment_intents_id_fk FOREIGN KEY (payment_intent_id) REFERENCES public.payment_intents(id);

--
-- Name: appointment_payments appointment_payments_payment_method_id_payment_methods_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointment_payments
    ADD CONSTRAINT appointment_payments_payment_method_id_payment_methods_id_fk FOREIGN KEY (payment_method_id) REFERENCES public.payment_methods(id);

--
-- Name: appointments appointments_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);

--
-- Name: appointments appointments_cancelled_by_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_cancelled_by_users_id_fk FOREIGN KEY (cancelled_by) REFERENCES public.users(id);

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
-- Name: appointments appointments_staff_id_staff_members_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_staff_id_staff_members_id_fk FOREIGN KEY (staff_id) REFERENCES public.staff_members(id);

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
-- Name: business_words business_words_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.business_words
    ADD CONSTRAINT business_words_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id) ON DELETE CASCADE;

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
-- Name: ledger_transfers ledger_transfers_credit_asset_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_transfers
    ADD CONSTRAINT ledger_transfers_credit_asset_fk FOREIGN KEY (credit_account_id, asset) REFERENCES public.ledger_accounts(id, asset);

--
-- Name: ledger_transfers ledger_transfers_debit_account_id_ledger_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_transfers
    ADD CONSTRAINT ledger_transfers_debit_account_id_ledger_accounts_id_fk FOREIGN KEY (debit_account_id) REFERENCES public.ledger_accounts(id);

--
-- Name: ledger_transfers ledger_transfers_debit_asset_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_transfers
    ADD CONSTRAINT ledger_transfers_debit_asset_fk FOREIGN KEY (debit_account_id, asset) REFERENCES public.ledger_accounts(id, asset);

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
-- Name: payment_actions payment_actions_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_actions
    ADD CONSTRAINT payment_actions_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);

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
-- Name: payment_customers payment_customers_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_customers
    ADD CONSTRAINT payment_customers_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id);

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
-- Name: payment_methods payment_methods_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_methods
    ADD CONSTRAINT payment_methods_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id);

--
-- Name: payout_accounts payout_accounts_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_accounts
    ADD CONSTRAINT payout_accounts_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);

--
-- Name: payout_accounts payout_accounts_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_accounts
    ADD CONSTRAINT payout_accounts_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id);

--
-- Name: queue_entries queue_entries_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.queue_entries
    ADD CONSTRAINT queue_entries_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);

--
-- Name: reminder_link_uses reminder_link_uses_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminder_link_uses
    ADD CONSTRAINT reminder_link_uses_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id) ON DELETE CASCADE;

--
-- Name: reminder_settings reminder_settings_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminder_settings
    ADD CONSTRAINT reminder_settings_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id) ON DELETE CASCADE;

--
-- Name: reminders reminders_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminders
    ADD CONSTRAINT reminders_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id) ON DELETE CASCADE;

--
-- Name: restaurant_time_slots restaurant_time_slots_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.restaurant_time_slots
    ADD CONSTRAINT restaurant_time_slots_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);

--
-- Name: review_reports review_reports_reporter_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_reporter_id_users_id_fk FOREIGN KEY (reporter_id) REFERENCES public.users(id);

--
-- Name: review_reports review_reports_review_id_reviews_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_review_id_reviews_id_fk FOREIGN KEY (review_id) REFERENCES public.reviews(id);

--
-- Name: reviews reviews_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);

--
-- Name: reviews reviews_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);

--
-- Name: reviews reviews_customer_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_customer_id_users_id_fk FOREIGN KEY (customer_id) REFERENCES public.users(id);

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
-- Name: staff_hours staff_hours_staff_id_staff_members_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_hours
    ADD CONSTRAINT staff_hours_staff_id_staff_members_id_fk FOREIGN KEY (staff_id) REFERENCES public.staff_members(id);

--
-- Name: staff_members staff_members_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_members
    ADD CONSTRAINT staff_members_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);

--
-- Name: staff_time_off staff_time_off_staff_id_staff_members_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_time_off
    ADD CONSTRAINT staff_time_off_staff_id_staff_members_id_fk FOREIGN KEY (staff_id) REFERENCES public.staff_members(id);

--
-- Name: waitlist_entries waitlist_entries_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_entries
    ADD CONSTRAINT waitlist_entries_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);

--
-- Name: waitlist_entries waitlist_entries_business_id_businesses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_entries
    ADD CONSTRAINT waitlist_entries_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES public.businesses(id);

--
-- Name: waitlist_entries waitlist_entries_customer_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_entries
    ADD CONSTRAINT waitlist_entries_customer_id_users_id_fk FOREIGN KEY (customer_id) REFERENCES public.users(id);

--
-- Name: waitlist_entries waitlist_entries_released_appointment_id_appointments_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_entries
    ADD CONSTRAINT waitlist_entries_released_appointment_id_appointments_id_fk FOREIGN KEY (released_appointment_id) REFERENCES public.appointments(id);

--
-- Name: waitlist_entries waitlist_entries_service_id_services_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_entries
    ADD CONSTRAINT waitlist_entries_service_id_services_id_fk FOREIGN KEY (service_id) REFERENCES public.services(id);

--
-- Name: waitlist_entries waitlist_entries_staff_id_staff_members_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waitlist_entries
    ADD CONSTRAINT waitlist_entries_staff_id_staff_members_id_fk FOREIGN KEY (staff_id) REFERENCES public.staff_members(id);

--
-- PostgreSQL database dump complete
--

