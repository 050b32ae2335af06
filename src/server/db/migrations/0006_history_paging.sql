-- Issue 17, "money that cannot be gamed": nothing a person opens may cost more as their history
-- grows (DESIGN section 10's paging rule; decision 0019). A soak took the wallet's p50 from 61 to
-- 179 ms and the offer list's from 43 to 101 ms, because both read every offer the person ever had.
--
-- The wallet reads open offers only: a payer's live and unsettled ones, and what unsettled ones will
-- pay a recipient. The predicates are the wallet query's own, so the planner proves them.
CREATE INDEX "offers_open_payer_idx" ON "offers" USING btree ("from_user_id") WHERE "offers"."status" in ('pending', 'negotiating') or ("offers"."status" = 'accepted' and "offers"."escrow_status" = 'held');--> statement-breakpoint
CREATE INDEX "offers_unsettled_recipient_idx" ON "offers" USING btree ("to_user_id") WHERE "offers"."status" = 'accepted' and "offers"."escrow_status" = 'held';--> statement-breakpoint
-- Lists are keyset pages, newest first: each index holds its list's order (time, then id), so a page
-- reads its own rows and no more. Where one already led with the owner's column it is widened (same
-- name, the same lookups still served), so writes keep the number of index entries they had.
DROP INDEX "offers_from_user_idx";--> statement-breakpoint
CREATE INDEX "offers_from_user_idx" ON "offers" USING btree ("from_user_id","created_at","id");--> statement-breakpoint
DROP INDEX "offers_to_user_idx";--> statement-breakpoint
CREATE INDEX "offers_to_user_idx" ON "offers" USING btree ("to_user_id","created_at","id");--> statement-breakpoint
DROP INDEX "ledger_transfers_debit_idx";--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","created_at","id");--> statement-breakpoint
DROP INDEX "ledger_transfers_credit_idx";--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","created_at","id");--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- A customer's own appointments, newest start first. appointments_customer_business_starts_idx stays:
-- the once-a-day credit and the one-table-a-day rule read one business's day of a customer with it.
CREATE INDEX "appointments_customer_starts_idx" ON "appointments" USING btree ("customer_id","starts_at","id");
