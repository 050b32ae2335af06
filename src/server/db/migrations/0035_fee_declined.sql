ALTER TABLE "appointment_charges" DROP CONSTRAINT "appointment_charges_outcome_check";--> statement-breakpoint
ALTER TABLE "changes" DROP CONSTRAINT "changes_kind_check";--> statement-breakpoint
ALTER TABLE "appointment_charges" ADD CONSTRAINT "appointment_charges_outcome_check" CHECK ("appointment_charges"."outcome" in ('posted', 'refunded', 'kept', 'charged', 'declined'));--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_kind_check" CHECK ("changes"."kind" IN ('booked', 'moved', 'swapped', 'cancelled', 'completed', 'reassigned',
		'offer_made', 'offer_countered', 'offer_accepted', 'offer_ended', 'offer_settled',
		'no_show', 'held', 'hold_lapsed', 'release_settled', 'capacity_opened', 'fee_declined'));