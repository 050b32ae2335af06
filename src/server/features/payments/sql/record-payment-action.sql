-- The one way another feature asks payments to move card money (decision 0030): records a capture,
-- cancel, refund or payout for the payment jobs to carry out (decision 0028: the trigger on
-- payment_actions adds the payment's job in the same transaction). Once per kind, card payment and
-- offer (payment_actions_once_key): asking again does nothing. Called by offers when an offer is
-- accepted (capture or cancel each claimed card payment), ended (cancel them) and settled (payout,
-- or refund what was captured).
CREATE OR REPLACE FUNCTION que_record_payment_action(p_kind text, p_intent text, p_offer integer, p_user integer, p_amount_cents integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO payment_actions (kind, payment_intent_id, offer_id, user_id, amount_cents)
  VALUES (p_kind, p_intent, p_offer, p_user, p_amount_cents)
  ON CONFLICT DO NOTHING;
END
$$;
