-- A visit lasts its real minutes (DESIGN section 4). starts_at/ends_at are wall clocks, so across a
-- clock change the end moves with the clocks: the period may differ from the duration by the size of
-- the change (an hour; two in a few zones), never more than three hours.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_duration_matches_period_check";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_duration_near_period_check"
  CHECK ("ends_at" BETWEEN "starts_at" + ("duration" - 180) * interval '1 minute' AND "starts_at" + ("duration" + 180) * interval '1 minute');
