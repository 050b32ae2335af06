-- An authorized card payment that no offer claims is not escrow (DESIGN section 4): it is released
-- at once when the request that brought it was refused (p_key: its id or clientSecret, p_user: its
-- payer), and by a recurring job once it has been left unclaimed p_unclaimed_minutes (rules.ts
-- unclaimedCardHoldMinutes; p_key NULL). Released means claimed by no offer (claimed_at set,
-- offer_id null), which que_claim_intent never takes, plus a cancel action, by whose job Que has
-- the processor cancel the authorization and marks it canceled. The claim and the release both
-- update the row, so of the two racing, the second sees what the first did. Returns how many.
CREATE OR REPLACE FUNCTION que_release_unclaimed_intents(p_key text, p_user integer, p_unclaimed_minutes integer)
 RETURNS integer
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
