-- An appointment's own escrow account (DESIGN section 11: a deposit is held there until the visit
-- is completed, cancelled or missed), created when missing (a concurrent creator wins quietly).
CREATE OR REPLACE FUNCTION que_ledger_appointment_account(p_appointment integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  v_id int;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'appointment_escrow' AND asset = 'USD' AND appointment_id = p_appointment;
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, asset, appointment_id, no_overdraft) VALUES ('appointment_escrow', 'USD', p_appointment, true) ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'appointment_escrow' AND asset = 'USD' AND appointment_id = p_appointment;
  END IF;
  RETURN v_id;
END
$$;

-- A transfer about one appointment (its deposit, a fee): posted at once, or pending (a hold, later
-- posted or voided by que_ledger_resolve, which keeps its appointment). Both balances in one
-- statement, rows locked in id order, then the immutable row, as que_ledger_transfer. Returns its id.
CREATE OR REPLACE FUNCTION que_ledger_appointment_transfer(p_debit integer, p_credit integer, p_amount integer, p_code text, p_description text, p_appointment integer, p_pending boolean)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  v_id int;
BEGIN
  UPDATE ledger_accounts l SET
    debits_posted = l.debits_posted + CASE WHEN l.id = p_debit AND NOT p_pending THEN p_amount ELSE 0 END,
    credits_posted = l.credits_posted + CASE WHEN l.id = p_credit AND NOT p_pending THEN p_amount ELSE 0 END,
    debits_pending = l.debits_pending + CASE WHEN l.id = p_debit AND p_pending THEN p_amount ELSE 0 END,
    credits_pending = l.credits_pending + CASE WHEN l.id = p_credit AND p_pending THEN p_amount ELSE 0 END
  FROM (SELECT id FROM ledger_accounts WHERE id IN (p_debit, p_credit) ORDER BY id FOR NO KEY UPDATE) locked
  WHERE l.id = locked.id AND l.asset = 'USD';
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, appointment_id)
  VALUES (p_debit, p_credit, p_amount, 'USD', CASE WHEN p_pending THEN 'pending' ELSE 'single' END, p_code, p_description, p_appointment)
  RETURNING id INTO v_id;
  RETURN v_id;
END
$$;
