-- The change log (decision 0029): one row per change to an appointment or an offer, written once
-- by the feature that owns the change, in the change's transaction; followers read it in jobs.
-- No foreign keys: a row is history (what happened, to which ids), read by followers soon after
-- and purged after the retention; a key would also lock the appointment or offer on every insert.
CREATE TABLE "changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"appointment_id" integer,
	"offer_id" integer,
	"business_id" integer,
	"actor_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "changes_kind_check" CHECK ("changes"."kind" IN ('booked', 'moved', 'swapped', 'cancelled', 'completed', 'reassigned',
		'offer_made', 'offer_countered', 'offer_accepted', 'offer_ended', 'offer_settled')),
	CONSTRAINT "changes_subject_check" CHECK ("changes"."appointment_id" IS NOT NULL OR "changes"."offer_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "changes_appointment_idx" ON "changes" USING btree ("appointment_id","id") WHERE "changes"."appointment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "changes_offer_idx" ON "changes" USING btree ("offer_id","id") WHERE "changes"."offer_id" IS NOT NULL;--> statement-breakpoint
-- Which changes have been followed: the follow job's first write, in the transaction of the
-- followers' writes, so a job run again (after a crash between commit and the job's completion)
-- finds its change followed and does nothing.
CREATE TABLE "changes_followed" (
	"change_id" bigint PRIMARY KEY NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL
);
