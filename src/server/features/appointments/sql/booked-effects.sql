-- Whether the customer already holds live booking credit (pending or posted, not voided) for another
-- of their appointments at this business on this local date: booking credit is earned at most once
-- per customer, business and day (DESIGN section 5). Reads only
-- that customer's appointments at that business that day (appointments_customer_business_starts_idx),
-- never their whole history. PL/pgSQL, not SQL: a SQL function with a subquery is not inlined, and
-- PostgreSQL plans its query again on every call (1.1 ms a call against 0.14 ms with the plan kept,
-- measured in one session under load, 2026-12-05); a booking asks once or twice.
CREATE OR REPLACE FUNCTION que_booking_credit_taken(p_customer integer, p_business integer, p_day date, p_except integer)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
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

-- What a confirmed booking sets off, in its transaction, from rows the caller has: the customer's
-- booking credit (bookingCreditCents of src/contract/rules.ts) held through the ledger (not for a business's own owner, and once per customer, business and day), the queue
-- entry of an appointment that existed before, and the change recorded ('booked': its followers send
-- the notification and the e-mail, and put a new booking in its day's queue).
-- Returns the queue's live events (a jsonb array) for the caller to publish. p_new: the appointment was inserted by this call,
-- so its queue entry follows the change, and the caller wakes the job runners after its commit.
CREATE OR REPLACE FUNCTION que_booked_effects_of(p_ap appointments, p_by_user integer, p_service_name text, p_business businesses, p_new boolean)
 RETURNS jsonb
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

-- que_booked_effects_of for an appointment by id (a booking made elsewhere: que_on_booked).
CREATE OR REPLACE FUNCTION que_booked_effects(p_appointment integer, p_by_user integer)
 RETURNS jsonb
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

-- que_booked_effects with its live events published in the same transaction (a booking made inside
-- a larger transaction: bookedEffectsListener).
CREATE OR REPLACE FUNCTION que_on_booked(p_appointment integer, p_by_user integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM que_publish(que_booked_effects(p_appointment, p_by_user));
END
$$;

-- An appointment moved to another day (a reschedule): its pending booking credit is voided when
-- another booking of the customer at that business that day already earns, so moving bookings from
-- day to day cannot stack credit on one day. Decided under the customer's credit accounts' locks,
-- as a booking's is, so a parallel booking that day either sees the move or is seen.
CREATE OR REPLACE FUNCTION que_booking_credit_moved(p_appointment integer)
 RETURNS void
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
