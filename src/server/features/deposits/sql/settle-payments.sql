-- What happens to an appointment's deposit and fees when it ends (DESIGN section 11), in the
-- transaction that ends it. Each settlement is a row of appointment_charges first: its unique
-- (appointment, kind) makes a second call (a retried request, a racing no-show) write nothing, so
-- nothing is charged or moved twice. Money moves as ledger transfers (a deposit's hold posted or
-- voided, then posted on to the business's earnings account; a fee from the customer's card to it);
-- the processor's calls (capture, cancel, and the payout of what the business earned) are payment
-- actions, run once by the payment jobs.

-- The deposit's one settlement: posted (completed: the business earns it), kept (a late cancel or a
-- no-show: the business keeps it) or refunded (cancelled on time: the hold is voided, the card
-- authorization cancelled). Nothing when the appointment took no deposit or it is settled already.
CREATE OR REPLACE FUNCTION que_settle_deposit(p_appointment integer, p_outcome text)
 RETURNS void
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

-- A fee (p_kind no_show_fee or late_cancel_fee) charged once to the card kept on file: from the
-- customer's card account to the business's earnings, and the card charged by a payment job.
-- Nothing when the booking kept no card, its fee is zero, or it was charged already.
CREATE OR REPLACE FUNCTION que_charge_fee(p_appointment integer, p_kind text)
 RETURNS void
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

-- The payment consequences of a cancel (DESIGN section 11), for whoever ends a booking by a cancel or
-- a release: on time (p_late false), the deposit is refunded and no fee charged; late, the business
-- keeps the deposit and charges the late-cancel fee. Callers say which (appointments: a customer's
-- cancel past the booked cut-off is late, a business's never; the waitlist's release: late only when
-- nobody claimed the slot before the start). Settles once: a second call changes nothing.
CREATE OR REPLACE FUNCTION que_cancel_payment_consequences(p_appointment integer, p_late boolean)
 RETURNS void
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

-- A completed visit: the deposit is posted to the business.
CREATE OR REPLACE FUNCTION que_completed_payments(p_appointment integer)
 RETURNS void
 LANGUAGE sql
AS $$
  SELECT que_settle_deposit(p_appointment, 'posted')
$$;

-- A no-show: the business keeps the deposit and charges the no-show fee.
CREATE OR REPLACE FUNCTION que_no_show_payments(p_appointment integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM que_settle_deposit(p_appointment, 'kept');
  PERFORM que_charge_fee(p_appointment, 'no_show_fee');
END
$$;

-- What the appointment shows of its deposit: {amount, status: held|posted|refunded|kept}, or null.
-- PL/pgSQL, not SQL: a SQL function with a FROM is not inlined, and PostgreSQL before 18 parses and
-- plans its query again at every execution of the statement that calls it (each booking's answer,
-- que_appointment_view, paid 0.26 ms for each of these two, bench/booking-profile.ts); PL/pgSQL keeps
-- the plan for the session.
CREATE OR REPLACE FUNCTION que_deposit_view(p_appointment integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $$
BEGIN
  RETURN (SELECT jsonb_build_object('amountCents', ap.deposit_cents, 'status', coalesce(c.outcome, 'held'))
    FROM appointment_payments ap LEFT JOIN appointment_charges c ON c.appointment_id = ap.appointment_id AND c.kind = 'deposit'
   WHERE ap.appointment_id = p_appointment AND ap.policy = 'deposit');
END
$$;

-- What the appointment shows of a card kept on file: {noShowFeeCents, lateCancelFeeCents, charged:
-- [the fees charged], declined: [the fees the card declined, reversed: fee-declined.sql]}, or null for
-- a booking that kept no card.
-- PL/pgSQL for the reason que_deposit_view gives.
CREATE OR REPLACE FUNCTION que_card_fees_view(p_appointment integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
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
