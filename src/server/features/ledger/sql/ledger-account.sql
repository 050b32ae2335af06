-- A ledger account by its owner key, created when missing (a concurrent creator wins quietly).
CREATE OR REPLACE FUNCTION que_ledger_account(p_kind text, p_asset text, p_user integer, p_business integer, p_offer integer, p_no_overdraft boolean)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  v_id int;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts
   WHERE kind = p_kind AND asset = p_asset AND coalesce(user_id, 0) = coalesce(p_user, 0)
     AND coalesce(business_id, 0) = coalesce(p_business, 0) AND coalesce(offer_id, 0) = coalesce(p_offer, 0);
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, asset, user_id, business_id, offer_id, no_overdraft)
    VALUES (p_kind, p_asset, p_user, p_business, p_offer, p_no_overdraft) ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM ledger_accounts
     WHERE kind = p_kind AND asset = p_asset AND coalesce(user_id, 0) = coalesce(p_user, 0)
       AND coalesce(business_id, 0) = coalesce(p_business, 0) AND coalesce(offer_id, 0) = coalesce(p_offer, 0);
  END IF;
  RETURN v_id;
END
$$;
