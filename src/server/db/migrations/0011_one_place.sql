-- One place at a time (DESIGN section 9, issue 19): a customer's confirmed bookings never overlap in
-- real time, at any business. Each appointment gets its period as instants (kept by the trigger in
-- appointments/sql/one-place.sql from here on) and the exclusion constraint that is the arbiter.
ALTER TABLE "appointments" ADD COLUMN "starts_instant" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ends_instant" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "legacy_overlap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The rows there are, read on their business's clock. The function files are applied after the
-- versioned migrations, so que_instant is not there yet on a new database: PostgreSQL's own reading
-- differs from it only for a start in the hour a clock change repeats (it takes the second pass), and
-- the trigger reads the row again through que_instant whenever it moves. A zone this database cannot
-- read is taken as UTC, as the trigger does.
UPDATE "appointments" a
   SET "starts_instant" = a.starts_at AT TIME ZONE z.zone,
       "ends_instant" = (a.starts_at AT TIME ZONE z.zone) + a.duration * interval '1 minute'
  FROM (SELECT b.id, CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names n WHERE n.name = b.time_zone) THEN b.time_zone ELSE 'UTC' END AS zone
          FROM "businesses" b) z
 WHERE z.id = a.business_id;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "starts_instant" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "ends_instant" SET NOT NULL;--> statement-breakpoint
-- Bookings made before the rule that overlap an earlier-made confirmed booking of the same customer
-- stand (nobody is cancelled by a migration), excused from the constraint until they move; the owner
-- and the customer still see both. Every later row of an overlapping pair is excused, even where an
-- earlier excused row was the only one in its way: a little more excused than needed, never a booking
-- lost.
UPDATE "appointments" a SET "legacy_overlap" = true
 WHERE a.status = 'confirmed'
   AND EXISTS (SELECT 1 FROM "appointments" x
                WHERE x.customer_id = a.customer_id AND x.id < a.id AND x.status = 'confirmed'
                  AND tstzrange(x.starts_instant, x.ends_instant, '[)') && tstzrange(a.starts_instant, a.ends_instant, '[)'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_one_place" EXCLUDE USING gist (customer_id WITH =, tstzrange(starts_instant, ends_instant, '[)') WITH &&)
  WHERE (status = 'confirmed' AND NOT legacy_overlap);
