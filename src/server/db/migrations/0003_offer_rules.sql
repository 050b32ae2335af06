-- Offer rules of issue 17 (DESIGN sections 5 and 6). Who cancelled an appointment: settlement
-- refunds a payer only when the business cancelled the appointment they bought.
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The fee split is recorded when an offer is accepted, and settlement pays exactly that record.
ALTER TABLE "offers" ADD COLUMN "total_cents" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "recipient_cents" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "business_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "platform_fee_cents" integer;--> statement-breakpoint
-- Offers accepted before this: the split they were accepted under (a $5.00 business fee and a 5%
-- platform fee, rounded half up, on the agreed price; the recipient of a restaurant offer gets it all).
UPDATE "offers" SET
  "platform_fee_cents" = ("agreed_cents" * 5 + 50) / 100,
  "business_fee_cents" = 500,
  "recipient_cents" = CASE WHEN "fee_kind" = 'restaurant' THEN "agreed_cents" ELSE "agreed_cents" - ("agreed_cents" * 5 + 50) / 100 END,
  "total_cents" = "agreed_cents" + 500 + CASE WHEN "fee_kind" = 'restaurant' THEN ("agreed_cents" * 5 + 50) / 100 ELSE 0 END
WHERE "status" = 'accepted';--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_split_check" CHECK (("offers"."status" = 'accepted') = ("offers"."total_cents" is not null) and ("offers"."total_cents" is null or ("offers"."recipient_cents" >= 0 and "offers"."business_fee_cents" >= 0 and "offers"."platform_fee_cents" >= 0 and "offers"."total_cents" = "offers"."recipient_cents" + "offers"."business_fee_cents" + "offers"."platform_fee_cents")));--> statement-breakpoint
-- One live offer per sender on a target appointment. Where a sender has several today (from several
-- of their own appointments), all but the newest end as cancelled, as que_offer_end(id, 'cancelled',
-- NULL) ended an offer when this was written, here in plain SQL: a migration calls no function file
-- (decision 0016; on a new database none exists yet, as they are applied after the migrations). Each
-- ended offer's open holds go back to the payer, a card offer's authorizations are released, both
-- parties are told, and a restaurant offer's pending table is cancelled. On a new database nothing matches.
CREATE TEMPORARY TABLE "offers_ended_by_0003" AS
SELECT "id" FROM (
  SELECT "id", row_number() OVER (PARTITION BY "to_appointment_id", "from_user_id" ORDER BY "id" DESC) AS "n"
    FROM "offers" WHERE "status" IN ('pending', 'negotiating')) "d"
 WHERE "n" > 1;--> statement-breakpoint
UPDATE "offers" SET "status" = 'cancelled', "updated_at" = now() WHERE "id" IN (SELECT "id" FROM "offers_ended_by_0003");--> statement-breakpoint
-- Each open hold voided (que_ledger_resolve with nothing posted): a void_pending row, then the held
-- amount leaves both accounts' pending sums.
CREATE TEMPORARY TABLE "holds_voided_by_0003" AS
SELECT t.* FROM "ledger_transfers" t
 WHERE t."offer_id" IN (SELECT "id" FROM "offers_ended_by_0003") AND t."flags" = 'pending' AND t."code" = 'offer_hold'
   AND NOT EXISTS (SELECT 1 FROM "ledger_transfers" r WHERE r."pending_id" = t."id");--> statement-breakpoint
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "amount", "asset", "flags", "pending_id", "code", "description", "appointment_id", "offer_id")
SELECT "debit_account_id", "credit_account_id", "amount", "asset", 'void_pending', "id", 'offer_refund',
       format('Returned: offer #%s was cancelled', "offer_id"), "appointment_id", "offer_id"
  FROM "holds_voided_by_0003" ORDER BY "id";--> statement-breakpoint
UPDATE "ledger_accounts" l SET
  "debits_pending" = l."debits_pending" - m."debits",
  "credits_pending" = l."credits_pending" - m."credits"
  FROM (SELECT "account", "asset", sum("debits") AS "debits", sum("credits") AS "credits"
          FROM (SELECT "debit_account_id" AS "account", "asset", "amount" AS "debits", 0 AS "credits" FROM "holds_voided_by_0003"
                UNION ALL
                SELECT "credit_account_id", "asset", 0, "amount" FROM "holds_voided_by_0003") "sides"
         GROUP BY "account", "asset") m
 WHERE l."id" = m."account" AND l."asset" = m."asset";--> statement-breakpoint
INSERT INTO "payment_actions" ("kind", "payment_intent_id", "amount_cents")
SELECT 'cancel', i."id", 0
  FROM "payment_intents" i JOIN "offers" o ON o."id" = i."offer_id"
 WHERE o."id" IN (SELECT "id" FROM "offers_ended_by_0003") AND o."payment_method" = 'cash'
 ORDER BY o."id", i."claimed_at", i."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Both parties, sender first, in the words of that day (que_offer_context's date and time of the
-- recipient's appointment, que_format_cents). Not pushed live: no one is connected during a migration.
INSERT INTO "notifications" ("user_id", "kind", "title", "body", "link", "offer_id")
SELECT u."id", 'offer_cancelled', 'Offer cancelled',
       regexp_replace(format('The %s offer for the %s slot on %s at %s was cancelled.%s',
         '$' || trim(to_char(coalesce(o."agreed_cents", o."counter_cents", o."offer_cents") / 100, 'FM999,999,999,990')) || '.'
           || lpad((coalesce(o."agreed_cents", o."counter_cents", o."offer_cents") % 100)::text, 2, '0'),
         to_char(a."starts_at", 'HH24:MI'), to_char(a."starts_at", 'YYYY-MM-DD'), b."business_name",
         CASE WHEN u."id" = o."from_user_id" THEN ' Everything it held has been returned to you.' ELSE '' END), '\.\.$', '.'),
       '/appointments', o."id"
  FROM "offers" o
  JOIN "appointments" a ON a."id" = o."to_appointment_id"
  JOIN "businesses" b ON b."id" = a."business_id"
  CROSS JOIN LATERAL (VALUES (o."from_user_id", 1), (o."to_user_id", 2)) u("id", "turn")
 WHERE o."id" IN (SELECT "id" FROM "offers_ended_by_0003")
 ORDER BY o."id", u."turn";--> statement-breakpoint
UPDATE "appointments" SET "status" = 'cancelled', "updated_at" = now()
 WHERE "status" = 'pending'
   AND "id" IN (SELECT "from_appointment_id" FROM "offers" WHERE "temporary_reservation" AND "id" IN (SELECT "id" FROM "offers_ended_by_0003"));--> statement-breakpoint
DROP TABLE "holds_voided_by_0003";--> statement-breakpoint
DROP TABLE "offers_ended_by_0003";--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_live_per_sender_target_key" ON "offers" USING btree ("to_appointment_id","from_user_id") WHERE "offers"."status" in ('pending', 'negotiating');--> statement-breakpoint
-- que_offer_accept takes whether a counter is being accepted (accept-counter): a new argument list.
DROP FUNCTION IF EXISTS que_offer_accept(integer, integer, text, integer, text);
