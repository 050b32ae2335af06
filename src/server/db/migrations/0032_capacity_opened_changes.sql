ALTER TABLE "changes" DROP CONSTRAINT "changes_kind_check";--> statement-breakpoint
ALTER TABLE "changes" DROP CONSTRAINT "changes_subject_check";--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_kind_check" CHECK ("changes"."kind" IN ('booked', 'moved', 'swapped', 'cancelled', 'completed', 'reassigned',
		'offer_made', 'offer_countered', 'offer_accepted', 'offer_ended', 'offer_settled',
		'no_show', 'held', 'hold_lapsed', 'release_settled', 'capacity_opened'));--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_subject_check" CHECK ("changes"."appointment_id" IS NOT NULL OR "changes"."offer_id" IS NOT NULL OR ("changes"."kind" = 'capacity_opened' AND "changes"."business_id" IS NOT NULL));