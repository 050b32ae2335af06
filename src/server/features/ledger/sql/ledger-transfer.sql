-- A posted transfer: both balances in one statement, rows locked in id order, then the immutable
-- row. A no-overdraft account's CHECK refuses an overdraft; the (account, asset) foreign keys a
-- transfer in another asset than its accounts hold.
CREATE OR REPLACE FUNCTION que_ledger_transfer(p_debit integer, p_credit integer, p_amount integer, p_asset text, p_code text, p_description text, p_offer integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
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
