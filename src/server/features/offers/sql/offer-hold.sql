-- Holds p_amount more for an offer (DESIGN section 5): from the payer's Que Credit (spendable credit
-- checked under the account's lock), or from an authorized card payment of exactly that amount that
-- no other offer uses (the payer's card funding account goes negative by it). A pending transfer
-- into the offer's escrow account; rows locked in id order. Returns the claimed payment's id.
CREATE OR REPLACE FUNCTION que_offer_hold(p_offer integer, p_amount integer, p_intent text)
 RETURNS text
 LANGUAGE plpgsql
AS $$
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
$$;

-- What the offer's open holds (neither posted nor voided) keep in escrow.
CREATE OR REPLACE FUNCTION que_offer_held(p_offer integer)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $$
BEGIN
  RETURN (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t
           WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold'
             AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id));
END
$$;
