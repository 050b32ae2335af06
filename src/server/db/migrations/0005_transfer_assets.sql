-- A transfer moves the asset its two accounts hold (DESIGN section 5: USD and CREDIT each sum to
-- zero): (account, asset) foreign keys make a cross-asset transfer impossible, whatever writes it.
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_id_asset_key" UNIQUE("id","asset");--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_asset_fk" FOREIGN KEY ("debit_account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_asset_fk" FOREIGN KEY ("credit_account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE no action ON UPDATE no action;
