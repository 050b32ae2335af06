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
-- of their own appointments), all but the newest end as cancelled, their holds returned. On a new
-- database nothing matches, so que_offer_end (a function file, created after the migrations) is never
-- reached here; on an older one it exists already.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM (
             SELECT id, row_number() OVER (PARTITION BY to_appointment_id, from_user_id ORDER BY id DESC) AS n
               FROM offers WHERE status IN ('pending', 'negotiating')) d
            WHERE n > 1 ORDER BY id LOOP
    PERFORM 1 FROM offers WHERE id = r.id FOR UPDATE;
    PERFORM que_offer_end(r.id, 'cancelled', NULL);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_live_per_sender_target_key" ON "offers" USING btree ("to_appointment_id","from_user_id") WHERE "offers"."status" in ('pending', 'negotiating');--> statement-breakpoint
-- que_offer_accept takes whether a counter is being accepted (accept-counter): a new argument list.
DROP FUNCTION IF EXISTS que_offer_accept(integer, integer, text, integer, text);
