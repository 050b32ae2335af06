CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"staff_id" integer,
	"party_size" integer DEFAULT 1 NOT NULL,
	"date" date NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"appointment_id" integer,
	"released_appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'claimed', 'expired', 'cancelled')),
	CONSTRAINT "waitlist_entries_window_check" CHECK ("waitlist_entries"."from_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "waitlist_entries"."to_time" ~ '^([01][0-9]|2[0-4]):[0-5][0-9]$' and "waitlist_entries"."to_time" > "waitlist_entries"."from_time"),
	CONSTRAINT "waitlist_entries_offer_check" CHECK ("waitlist_entries"."status" <> 'offered' or "waitlist_entries"."appointment_id" is not null),
	CONSTRAINT "waitlist_entries_party_size_check" CHECK ("waitlist_entries"."party_size" >= 1)
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";--> statement-breakpoint
ALTER TABLE "changes" DROP CONSTRAINT "changes_kind_check";--> statement-breakpoint
-- A waitlist hold (status held) occupies its time like a booking: the generated column is made again
-- (PostgreSQL 15 cannot change its expression), and with it the overlap constraint over it (0014).
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" drop column "occupies";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "occupies" boolean GENERATED ALWAYS AS (status in ('confirmed', 'completed', 'held') and not legacy_released) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist (business_id WITH =, tsrange(blocked_starts_at, blocked_ends_at, '[)') WITH &&, (CASE WHEN exclusive THEN staff_id END) WITH =) WHERE (occupies) DEFERRABLE;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "release_outcome" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_released_appointment_id_appointments_id_fk" FOREIGN KEY ("released_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_active_key" ON "waitlist_entries" USING btree ("customer_id","business_id","date") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_waiting_idx" ON "waitlist_entries" USING btree ("business_id","date","created_at","id") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_customer_idx" ON "waitlist_entries" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_appointment_idx" ON "waitlist_entries" USING btree ("appointment_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_held_check" CHECK ("appointments"."status" <> 'held' or "appointments"."held_until" is not null);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_release_outcome_check" CHECK ("appointments"."release_outcome" is null or ("appointments"."released_at" is not null and "appointments"."release_outcome" in ('pending', 'on_time', 'late')));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('confirmed', 'pending', 'cancelled', 'completed', 'no_show', 'held'));--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_kind_check" CHECK ("changes"."kind" IN ('booked', 'moved', 'swapped', 'cancelled', 'completed', 'reassigned',
		'offer_made', 'offer_countered', 'offer_accepted', 'offer_ended', 'offer_settled',
		'no_show', 'held', 'hold_lapsed', 'release_settled'));