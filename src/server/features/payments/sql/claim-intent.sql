-- Binds the payer's authorized card payment (its id or clientSecret) of exactly p_amount, used by no
-- other offer, to the offer, in one conditional statement: of two offers claiming one payment the
-- second waits on the row lock and then matches nothing. Claiming again for the same offer returns
-- the same payment. One released unclaimed (release-intents.sql: claimed_at set, offer_id null) is
-- canceled, or about to be. Otherwise a 400 saying why (one message for unknown and someone else's).
CREATE OR REPLACE FUNCTION que_claim_intent(p_key text, p_user integer, p_amount integer, p_offer integer)
 RETURNS text
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
