CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- A service business serves one customer at a time: no two active exclusive appointments overlap.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("business_id" WITH =, tsrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("exclusive" AND "status" IN ('confirmed', 'pending'));
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_duration_matches_period_check"
  CHECK ("ends_at" = "starts_at" + "duration" * interval '1 minute');
--> statement-breakpoint
-- Transfers are immutable: corrections are new transfers.
CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_update BEFORE UPDATE OR DELETE ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();
