-- What a business earned by card (a deposit posted or kept, a no-show or late-cancel fee: the ledger's
-- transfer to its business_fees account) is paid out to it: a payout action on the card payment that
-- brought the money, run by that payment's job after its capture (one payment's actions run in
-- order: payment-jobs.sql). With Stripe it is a Connect transfer to the business's account, waiting
-- until the owner has set one up; on the test processor it completes at once. Once per payment
-- (payment_actions_once_key), so once per ledger transfer it pays: asking again does nothing.
CREATE OR REPLACE FUNCTION que_pay_business(p_intent text, p_business integer, p_amount integer)
 RETURNS void
 LANGUAGE sql
AS $$
  INSERT INTO payment_actions (kind, payment_intent_id, business_id, amount_cents)
  VALUES ('payout', p_intent, p_business, p_amount)
  ON CONFLICT DO NOTHING
$$;
