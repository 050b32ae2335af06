-- Staff members (issue 19, DESIGN section 9). Every service business gets one member named after
-- it, serving every service on the business's hours, and every one of its appointments is that
-- member's: with one member, every slot and booking is what it was. The overlap constraint then
-- keeps each member's visits apart instead of the whole business's (its third column was 0 for every
-- exclusive row; it becomes the member), so a shop with three members takes three customers at once.
CREATE TABLE "staff_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"open_time" time NOT NULL,
	"close_time" time NOT NULL,
	CONSTRAINT "staff_hours_day_check" CHECK ("staff_hours"."day_of_week" between 0 and 6),
	CONSTRAINT "staff_hours_order_check" CHECK ("staff_hours"."close_time" > "staff_hours"."open_time")
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"own_hours" boolean DEFAULT false NOT NULL,
	"last_booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_name_check" CHECK (length(btrim("staff_members"."name")) between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "staff_time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "staff_time_off_order_check" CHECK ("staff_time_off"."end_date" >= "staff_time_off"."start_date")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "staff_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_hours" ADD CONSTRAINT "staff_hours_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_time_off" ADD CONSTRAINT "staff_time_off_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_hours_staff_day_idx" ON "staff_hours" USING btree ("staff_id","day_of_week");--> statement-breakpoint
CREATE INDEX "staff_members_business_idx" ON "staff_members" USING btree ("business_id","position","id");--> statement-breakpoint
CREATE INDEX "staff_time_off_staff_idx" ON "staff_time_off" USING btree ("staff_id","start_date");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_staff_starts_idx" ON "appointments" USING btree ("staff_id","starts_at");--> statement-breakpoint
INSERT INTO "staff_members" ("business_id", "name", "position")
  SELECT "id", left(btrim("business_name"), 100), 1 FROM "businesses" WHERE "business_type" <> 'restaurant' ORDER BY "id";--> statement-breakpoint
UPDATE "appointments" a SET "staff_id" = m."id" FROM "staff_members" m WHERE m."business_id" = a."business_id" AND a."exclusive";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist (business_id WITH =, tsrange(blocked_starts_at, blocked_ends_at, '[)') WITH &&, (CASE WHEN exclusive THEN staff_id END) WITH =) WHERE (occupies) DEFERRABLE;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_staff_check" CHECK (not "appointments"."exclusive" or "appointments"."staff_id" is not null);--> statement-breakpoint
-- New signatures (the member asked for; who is free at a time): their files create the new ones.
DROP FUNCTION IF EXISTS que_day_slots_within(integer, date, integer, integer, integer[], integer, timestamp with time zone, boolean, text, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS que_require_slot(integer, date, text, integer, integer, integer[], integer, timestamp with time zone, boolean, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS que_book_returning_events(integer, integer, integer, date, text, integer, text, boolean, text, text, text, text, text, text, integer, timestamp with time zone, text);
