-- Settles a pending transfer once (TigerBeetle's post or void of a pending transfer): the resolution row first (the unique
-- pending_id makes a second settlement fail before any balance moves), then both balances in one
-- statement, rows locked in id order. p_posted > 0 posts that much (the rest goes back to the debit
-- account); 0 voids the hold. A transfer row is never edited.
CREATE OR REPLACE FUNCTION que_ledger_resolve(p_pending integer, p_posted integer, p_code text, p_description text)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  t record;
BEGIN
  SELECT * INTO t FROM ledger_transfers WHERE id = p_pending AND flags = 'pending';
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Pending transfer not found'; END IF;
  IF p_posted > t.amount THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Cannot post more than the held amount'; END IF;
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, pending_id, code, description, appointment_id, offer_id)
  VALUES (t.debit_account_id, t.credit_account_id, CASE WHEN p_posted > 0 THEN p_posted ELSE t.amount END, t.asset,
          CASE WHEN p_posted > 0 THEN 'post_pending' ELSE 'void_pending' END, t.id, coalesce(p_code, t.code),
          coalesce(p_description, t.description), t.appointment_id, t.offer_id);
  UPDATE ledger_accounts l SET
    debits_pending = l.debits_pending - CASE WHEN l.id = t.debit_account_id THEN t.amount ELSE 0 END,
    debits_posted = l.debits_posted + CASE WHEN l.id = t.debit_account_id THEN p_posted ELSE 0 END,
    credits_pending = l.credits_pending - CASE WHEN l.id = t.credit_account_id THEN t.amount ELSE 0 END,
    credits_posted = l.credits_posted + CASE WHEN l.id = t.credit_account_id THEN p_posted ELSE 0 END
  FROM (SELECT id FROM ledger_accounts WHERE id IN (t.debit_account_id, t.credit_account_id) ORDER BY id FOR NO KEY UPDATE) locked
  WHERE l.id = locked.id AND l.asset = t.asset;
END
$$;
