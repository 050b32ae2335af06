-- Settlement, cancel, complete and a reschedule with live offers, each in SQL, once (issue 10,
-- docs/decisions/0014-one-call-hot-paths.md "Settlement, cancel and complete"). What the TypeScript
-- listeners on appointment changes did (booking credit, offers ended and settled, queue entry,
-- notification, e-mail, live events) is here; cancel, complete and reschedule are one call each,
-- and an accept that hands a table over settles the other offer on it in the same call.
-- CREATE OR REPLACE where a function keeps its signature; a function whose "live offers" flag
-- (p_offers_end_after) goes is dropped and made again.

-- The fee split (splitOffer in src/contract/offer-fees.ts; offer-sql-rules.test.ts holds the two
-- equal for every price): the total is que_offer_total's (migration 0008); the platform fee is 5%
-- rounded half up and the business fee $5; at a service business the recipient gets the price less
-- the platform fee, at a restaurant the whole price. total = recipient + business fee + platform fee.
CREATE OR REPLACE FUNCTION que_offer_split(p_cents int, p_fee_kind text,
  OUT total_cents int, OUT recipient_cents int, OUT business_fee_cents int, OUT platform_fee_cents int)
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  total_cents := que_offer_total(p_cents, p_fee_kind);
  platform_fee_cents := (p_cents * 5 + 50) / 100;
  business_fee_cents := 500;
  recipient_cents := CASE WHEN p_fee_kind = 'restaurant' THEN p_cents ELSE p_cents - platform_fee_cents END;
END
$$;
--> statement-breakpoint
-- A posted transfer (ledger.service.ts transfer): both balances in one statement, rows locked in id
-- order, then the immutable row. A no-overdraft account's CHECK refuses an overdraft.
CREATE OR REPLACE FUNCTION que_ledger_transfer(p_debit int, p_credit int, p_amount int, p_asset text, p_code text, p_description text, p_offer int)
RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- Settles an accepted offer's escrow once its appointments are done (DESIGN section 5, decision
-- 10): both completed, the escrow goes to the recipient (Que Credit, or earnings and a processor
-- payout for a card offer), the business fee and the platform fee, and the recipient is told; one
-- was cancelled instead, the swap was never used and the payer gets it all back (a card refund for
-- each captured payment). A restaurant table handed over leaves only the sender's reservation to
-- wait for. The caller holds the offer's lock; escrow_status leaves 'held' once. Returns whether it
-- settled.
CREATE OR REPLACE FUNCTION que_offer_settle(p_offer int)
RETURNS boolean LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- Settles the accepted offers on an appointment that was completed or cancelled, if their
-- appointments are now all done (offers locked in id order, after the appointment).
CREATE OR REPLACE FUNCTION que_offers_settle_on(p_appointment int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM offers WHERE (from_appointment_id = p_appointment OR to_appointment_id = p_appointment)
              AND status = 'accepted' AND escrow_status = 'held' ORDER BY id FOR UPDATE LOOP
    PERFORM que_offer_settle(r.id);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The sweep (offer-sweeps.ts): settles up to p_limit accepted offers whose appointments are done,
-- claimed with SKIP LOCKED so several processes never take the same one. Returns how many settled.
CREATE OR REPLACE FUNCTION que_offers_settle_due(p_limit int)
RETURNS int LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- What a cancellation sets off, in its transaction (a cancel, and the recipient's table handed over
-- by a restaurant offer): the booking credit voided, every live offer on it ended, accepted offers
-- on it settled (refunded: the swap was never used), the queue entry ended, the customer told
-- in-app (not for a restaurant offer's table that was never confirmed: the offer already said it)
-- and by e-mail (only for an appointment announced before). Live events by pg_notify, on commit.
CREATE OR REPLACE FUNCTION que_cancelled_effects(p_appointment int, p_by_user int)
RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- A cancellation, whole, in one call: its customer or the business cancels an active appointment,
-- and que_cancelled_effects runs. Returns the appointment as que_appointment_view shows it.
CREATE OR REPLACE FUNCTION que_appointment_cancel(p_user int, p_appointment int)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a record;
BEGIN
  SELECT ap.customer_id, ap.status, bz.owner_id INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
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
--> statement-breakpoint
-- A completion, whole, in one call: the business's owner marks a confirmed appointment served, at
-- any time. Its booking credit becomes spendable, its live offers end, accepted offers on it are
-- paid out once both visits are completed, and its queue entry is served (published on commit).
-- Returns the appointment as que_appointment_view shows it.
CREATE OR REPLACE FUNCTION que_appointment_complete(p_user int, p_appointment int)
RETURNS jsonb LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
DROP FUNCTION que_reschedule(int, int, date, text, int, timestamptz, text, boolean);
--> statement-breakpoint
-- A reschedule, whole, in one call: only its customer moves an active appointment, the new time is
-- checked like a new booking (the appointment itself left out; a service business's overlaps are
-- the exclusion constraint's to refuse), and the move sets off the queue entry's move, the
-- customer's notification and e-mail, and the end of every live offer on it (que_offer_end: an
-- offer is tied to the appointment as it was).
-- Returns {appointment: que_appointment_view, previous: {date, time}}.
CREATE FUNCTION que_reschedule(p_user int, p_appointment int, p_date date, p_time text, p_horizon int, p_now timestamptz, p_zone text)
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
--> statement-breakpoint
-- Gives the recipient's table to the sender of a restaurant offer: the recipient's reservation is
-- cancelled with everything a cancellation sets off (que_cancelled_effects: its customer is told
-- the table was handed over, and another accepted offer on it settles) and the sender's pending
-- one confirmed with the seats re-checked for their party (que_on_booked then does what a booking
-- sets off).
CREATE OR REPLACE FUNCTION que_hand_over_table(p_pending int, p_target int, p_by_user int, p_horizon int, p_zone text)
RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
DROP FUNCTION que_offer_accept(int, int, text, int, text, boolean);
--> statement-breakpoint
-- Accepts the price on the table (the offer, or the last counter) by the party whose turn it is,
-- and trades the appointments, whole, in one call: the hold is posted into escrow (a raise the
-- payer accepts is held first; a lower price returns the difference; card payments are captured for
-- what was posted, or cancelled), the appointments swap times or the restaurant table changes
-- hands (another accepted offer on the table handed over settles: que_cancelled_effects), every
-- other live offer on the two appointments ends (que_offer_end), and the other party is told. The
-- escrow is paid out once both visits are completed (que_offer_settle). Returns que_offer_view.
CREATE FUNCTION que_offer_accept(p_user int, p_offer int, p_intent text, p_horizon int, p_zone text)
RETURNS jsonb LANGUAGE plpgsql AS $$
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
