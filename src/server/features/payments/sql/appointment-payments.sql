-- Card payments of an appointment (DESIGN section 11): its deposit and the fees charged to a saved card.

-- Binds the customer's authorized card payment (its id or clientSecret) of exactly p_amount, claimed
-- by no offer and no other appointment, to the appointment's deposit, in one conditional statement
-- (of two bookings claiming one payment the second matches nothing). Otherwise 402 saying why: the
-- booking is refused and its slot not taken.
CREATE OR REPLACE FUNCTION que_claim_deposit_intent(p_key text, p_user integer, p_amount integer, p_appointment integer)
 RETURNS text
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

-- A deposit's card payment settled: p_capture_cents > 0 captures that much, 0 cancels the
-- authorization. The processor call is a payment action, carried out by the payment's job
-- (payment-jobs.sql) with the action's idempotency key: once, also across a killed runner.
CREATE OR REPLACE FUNCTION que_settle_deposit_intent(p_intent text, p_capture_cents integer)
 RETURNS void
 LANGUAGE sql
AS $$
  INSERT INTO payment_actions (kind, payment_intent_id, amount_cents)
  VALUES (CASE WHEN p_capture_cents > 0 THEN 'capture' ELSE 'cancel' END, p_intent, greatest(p_capture_cents, 0))
  ON CONFLICT DO NOTHING
$$;

-- Whether p_method is a saved card of p_user: 402 otherwise (a card_on_file booking is refused).
CREATE OR REPLACE FUNCTION que_require_payment_method(p_method text, p_user integer)
 RETURNS void
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

-- A fee charged to a saved card (a no-show or a late cancel): an off-session card payment of p_amount
-- on the card's processor, already authorized by the saved card, and its capture action (with
-- Stripe the action makes and confirms the off-session PaymentIntent: payment-jobs.ts). Its id is
-- the appointment's and the fee's, so it exists once whoever asks twice. Returns its id.
CREATE OR REPLACE FUNCTION que_charge_saved_card(p_method text, p_amount integer, p_appointment integer, p_kind text)
 RETURNS text
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
