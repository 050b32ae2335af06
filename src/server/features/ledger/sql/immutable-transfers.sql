-- Transfers are immutable: corrections are new transfers.
CREATE OR REPLACE FUNCTION ledger_transfers_immutable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable';
END;
$$;

CREATE OR REPLACE TRIGGER ledger_transfers_no_update BEFORE DELETE OR UPDATE ON ledger_transfers FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();
