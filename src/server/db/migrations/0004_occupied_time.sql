-- Issue 17: every status but cancelled holds its time (DESIGN section 4). Until now the overlap
-- constraint and the slot reads counted only confirmed appointments, so a visit completed before
-- its start put its time back on sale and it was sold again (a 12-minute soak: one 09:50 slot
-- completed and rebooked 307 times, 1,877 confirmed bookings overlapping completed ones).
-- `occupies` says once which appointments hold their time; the constraint and que_day_slots_within
-- both read it (the same predicate, so the constraint's GiST index serves the slot reads).
ALTER TABLE "appointments" ADD COLUMN "legacy_released" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A database may already hold completed visits whose time was sold again: with them the new
-- constraint could not be built. Nobody's booking is cancelled: those completed visits (they are
-- over, or were marked so) stop holding their time instead, once, here. A completed service visit
-- is set apart when it overlaps a confirmed one, or a completed one of a lower id (the earlier
-- sale keeps the time), at the same business; those left overlap nothing that holds its time.
-- Restaurants share seats and have no overlap constraint: their completed tables simply hold their
-- seats from now on.
UPDATE "appointments" c SET "legacy_released" = true
 WHERE c.status = 'completed' AND c.exclusive
   AND EXISTS (SELECT 1 FROM "appointments" x
                WHERE x.business_id = c.business_id AND x.exclusive AND x.id <> c.id
                  AND (x.status = 'confirmed' OR (x.status = 'completed' AND x.id < c.id))
                  AND tsrange(x.starts_at, x.ends_at, '[)') && tsrange(c.starts_at, c.ends_at, '[)'));--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "occupies" boolean GENERATED ALWAYS AS (status in ('confirmed', 'completed') and not legacy_released) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist (business_id WITH =, tsrange(starts_at, ends_at, '[)') WITH &&, (CASE WHEN exclusive THEN 0 END) WITH =) WHERE (occupies) DEFERRABLE;--> statement-breakpoint
-- The booking credit (once per customer, business and day) and one reservation per restaurant and
-- day read a customer's appointments at one business on one day; the customer's own list reads the
-- leading column as before.
DROP INDEX "appointments_customer_idx";--> statement-breakpoint
CREATE INDEX "appointments_customer_business_starts_idx" ON "appointments" USING btree ("customer_id","business_id","starts_at");--> statement-breakpoint
-- que_appointment_complete takes the time it is done at and the business's zone (it can be
-- completed from 60 minutes before its start); its file creates the new one.
DROP FUNCTION IF EXISTS que_appointment_complete(integer, integer);
