-- The starts an accepted offer traded (issue 18): notifications about the deal after acceptance
-- (paid out, refunded) named the payer's appointment's slot as it was then, so a reschedule after the
-- swap made "the 11:00 slot you gave up" out of a 9:00 one. que_offer_accept records both starts as
-- they were just before the swap: swap_from_starts_at the sender's, swap_to_starts_at the recipient's.
ALTER TABLE "offers" ADD COLUMN "swap_from_starts_at" timestamp;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "swap_to_starts_at" timestamp;--> statement-breakpoint
-- Offers accepted before this, from their appointments as they are now, the best record there is:
-- a swap left each appointment at the other's start; a handed-over table moved neither (the
-- recipient's was cancelled at its time, the sender's confirmed at its own). An appointment moved
-- since the swap gives its new start.
UPDATE "offers" o
   SET "swap_from_starts_at" = CASE WHEN o.temporary_reservation THEN fa.starts_at ELSE ta.starts_at END,
       "swap_to_starts_at" = CASE WHEN o.temporary_reservation THEN ta.starts_at ELSE fa.starts_at END
  FROM "appointments" fa, "appointments" ta
 WHERE fa.id = o.from_appointment_id AND ta.id = o.to_appointment_id AND o.status = 'accepted';
