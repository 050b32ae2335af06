-- Buffers (DESIGN section 9, issue 19): a service's bufferBeforeMinutes/bufferAfterMinutes block
-- time around each visit. Each appointment carries its blocked period on the business's wall clock
-- (start − buffer before, end + buffer after; kept by the trigger in appointments/sql/blocked-period.sql
-- from its service's buffers whenever it is written with a period), and the overlap constraint covers that period instead of the
-- visit. Every row there is was booked without buffers: its blocked period is its visit, so the
-- rebuilt constraint holds for exactly what the old one held.
ALTER TABLE "appointments" ADD COLUMN "blocked_starts_at" timestamp;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "blocked_ends_at" timestamp;--> statement-breakpoint
UPDATE "appointments" SET "blocked_starts_at" = "starts_at", "blocked_ends_at" = "ends_at";--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "blocked_starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "blocked_ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist (business_id WITH =, tsrange(blocked_starts_at, blocked_ends_at, '[)') WITH &&, (CASE WHEN exclusive THEN 0 END) WITH =) WHERE (occupies) DEFERRABLE;--> statement-breakpoint
-- que_slot_engine takes the candidate's buffers (p_before, p_after); its file creates the new one.
DROP FUNCTION IF EXISTS que_slot_engine(text, date, date, integer, boolean, integer, integer[], integer, integer, integer, integer[], integer[], integer[]);
