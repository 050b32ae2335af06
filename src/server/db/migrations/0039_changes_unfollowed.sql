-- The change log is followed by one job per shard that takes every change still to follow (decision
-- 0039), instead of one job per change: this table holds the changes still to follow (their shard as
-- que_change_shard_of, their subject as que_change_subject_of say). A database with
-- follow_change jobs still waiting has their changes put here, so the shard's job follows them (the
-- old jobs, when they run, follow their change's shard). que_follow_change(bigint) gives way to
-- que_due_changes and que_follow_change_take (features/changes/sql/follow-changes.sql), and que_earliest_follow(text, integer)
-- to its form for arrays of kinds and businesses (availability/sql/earliest-follow.sql).
CREATE TABLE "changes_unfollowed" (
	"change_id" bigint PRIMARY KEY NOT NULL,
	"shard" smallint NOT NULL,
	"subject" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"last_error" text,
	CONSTRAINT "changes_unfollowed_shard_check" CHECK ("changes_unfollowed"."shard" between 0 and 15)
);
--> statement-breakpoint
CREATE INDEX "changes_unfollowed_shard_idx" ON "changes_unfollowed" USING btree ("shard","change_id");--> statement-breakpoint
INSERT INTO "changes_unfollowed" ("change_id", "shard", "subject")
SELECT c.id, coalesce(c.appointment_id, c.offer_id, c.business_id) % 16,
       CASE WHEN c.appointment_id IS NOT NULL THEN 'a' || c.appointment_id WHEN c.offer_id IS NOT NULL THEN 'o' || c.offer_id ELSE 'c' || c.id END
  FROM "changes" c
 WHERE NOT EXISTS (SELECT 1 FROM "changes_followed" f WHERE f.change_id = c.id);--> statement-breakpoint
DROP FUNCTION IF EXISTS que_follow_change(bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS que_earliest_follow(text, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS que_ensure_job(text, json, text, timestamp with time zone, text);
