-- A lighter booking (issue 10, docs/decisions/0014-one-call-hot-paths.md, "After 0011"): a booking
-- writes and computes less per commit; the same rows, events, e-mail, ledger effects and errors.
--  * Index entries: ledger_transfers.offer_id and pending_id are NULL on every booking's transfer, and
--    every query on them asks for one value (offer_id = x, pending_id = t.id), so their indexes leave
--    the NULLs out (the unique one keeps its name: a second settlement still fails on it). The two
--    GiST indexes on appointments become one: the exclusion constraint covers every confirmed
--    appointment and a third key, 0 when exclusive and NULL otherwise (a NULL key never conflicts),
--    keeps the old rule that only exclusive appointments may not overlap; slot reads use it as they
--    used appointments_active_period_idx (same leading columns, same predicate). 21 -> 18 entries.
--  * Foreign-key checks: a queue entry's business, service and customer copy its appointment's, so
--    only its appointment is checked (13 -> 10 checks per booking).
--  * Row locks: the earliest-start rows are bumped one by one in service order, as before, without
--    locking them first (a lock is a WAL record of its own).
--  * The booking hands the rows it has to its effects and e-mail instead of each reading the
--    appointment, service and business again; its queue entry is a plain insert (the appointment is
--    new, nothing can conflict), not a speculative one. The rules stay in one place:
--    que_booked_effects and que_appointment_email read the rows and call the same *_of functions.

DROP INDEX IF EXISTS "ledger_transfers_offer_idx";
--> statement-breakpoint
CREATE INDEX "ledger_transfers_offer_idx" ON "ledger_transfers" USING btree ("offer_id") WHERE "offer_id" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_transfers_pending_resolution_key";
--> statement-breakpoint
-- a pending transfer is resolved (posted or voided) exactly once
CREATE UNIQUE INDEX "ledger_transfers_pending_resolution_key" ON "ledger_transfers" USING btree ("pending_id") WHERE "pending_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";
--> statement-breakpoint
DROP INDEX IF EXISTS "appointments_active_period_idx";
--> statement-breakpoint
-- A service business serves one customer at a time: no two confirmed exclusive appointments overlap
-- (the third key is 0 for both; a restaurant's shared-seat bookings have NULL there and never
-- conflict). The same index serves the slot reads of confirmed appointments over a period.
-- Deferrable so that two appointments can trade times (que_offer_accept).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("business_id" WITH =, tsrange("starts_at", "ends_at", '[)') WITH &&, (CASE WHEN "exclusive" THEN 0 END) WITH =)
  WHERE ("status" = 'confirmed')
  DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
-- Raises the version of the businesses' earliest-start rows, one row at a time in service order (as
-- a reader saving rows locks them): each update locks its row, so no separate lock is written.
CREATE OR REPLACE FUNCTION que_earliest_invalidate(p_businesses int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_service int;
BEGIN
  FOR v_service IN SELECT service_id FROM earliest_free_starts WHERE business_id = ANY (p_businesses) ORDER BY service_id LOOP
    UPDATE earliest_free_starts SET version = version + 1 WHERE service_id = v_service;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION que_earliest_invalidate_business(p_business int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_service int;
BEGIN
  FOR v_service IN SELECT service_id FROM earliest_free_starts WHERE business_id = p_business ORDER BY service_id LOOP
    UPDATE earliest_free_starts SET version = version + 1 WHERE service_id = v_service;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The customer's e-mail about a change of an appointment (migration 0007's rules and wording), from
-- rows the caller has: the appointment, its service's name and its business. p_seq is the invite's
-- sequence when the caller knows it (0 for a new appointment), else NULL to look it up.
CREATE OR REPLACE FUNCTION que_appointment_email_of(p_ap appointments, p_service_name text, p_business businesses, p_kind text,
  p_previous text, p_seq int)
RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- The customer's e-mail about a change of an appointment, queued in the changing transaction
-- (kind: booked, rescheduled, swapped, cancelled; p_previous "yyyy-MM-dd HH:mm" for a move). A
-- cancellation is only sent for an appointment announced before. The invite's data is stored; the
-- worker renders the .ics (email-worker.ts). The rules: que_appointment_email_of.
CREATE OR REPLACE FUNCTION que_appointment_email(p_appointment int, p_kind text, p_previous text)
RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- What a confirmed booking sets off, in its transaction (the 'booked' change of
-- appointment-changes.ts), from rows the caller has: the customer's $1.00 booking credit held through
-- the ledger (not for a business's own owner), the queue entry, the in-app notification when the
-- customer booked it, the e-mail. Returns the live events it causes (a jsonb array) for the caller
-- to publish. p_new: the appointment was inserted by this call, so it has no queue entry or e-mail yet.
CREATE OR REPLACE FUNCTION que_booked_effects_of(p_ap appointments, p_by_user int, p_service_name text, p_business businesses, p_new boolean)
RETURNS jsonb LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- que_booked_effects_of for an appointment by id (a booking made elsewhere: que_on_booked).
CREATE OR REPLACE FUNCTION que_booked_effects(p_appointment int, p_by_user int)
RETURNS jsonb LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- A booking, whole, in one call: the business and service, the party, the slot (restaurants
-- re-read their bookings under the business lock; for a service business the exclusion constraint
-- appointments_no_overlap is the arbiter, its 23P01 a 409 SLOT_TAKEN), the row, and its effects
-- (que_booked_effects_of, from the rows read here). Returns {appointment: que_appointment_view,
-- events: the live events}; the caller publishes the events after commit (que_publish).
CREATE OR REPLACE FUNCTION que_book_returning_events(p_user int, p_business int, p_service int, p_date date, p_time text, p_party int, p_notes text,
  p_block_offers boolean, p_customer_name text, p_customer_email text, p_customer_phone text, p_seating text, p_occasion text,
  p_dietary text, p_horizon int, p_now timestamptz, p_zone text)
RETURNS jsonb LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- A queue entry's business, service and customer are copies of its appointment's, written with it
-- from the appointment row (que_booked_effects_of, queue.repository.ts, que_queue_moved); the
-- appointment's own foreign keys vouch for them, and nothing deletes users, businesses or services.
-- Three checks fewer per booking.
ALTER TABLE "queue_entries" DROP CONSTRAINT "queue_entries_business_id_businesses_id_fk";
--> statement-breakpoint
ALTER TABLE "queue_entries" DROP CONSTRAINT "queue_entries_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "queue_entries" DROP CONSTRAINT "queue_entries_customer_id_users_id_fk";
