-- Discovery at marketplace scale (issue 20, DESIGN section 10): search that forgives typos and
-- accents (pg_trgm over unaccented text), distance (earthdistance's ll_to_earth, GiST), an index behind
-- every filter and sort of GET /api/businesses, and verified reviews with each business's rating kept
-- beside it. The extensions come with PostgreSQL's contrib and with PGlite (db/client.ts loads them).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance WITH SCHEMA public;--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_reason_check" CHECK (length("review_reports"."reason") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"reply_edited_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_text_check" CHECK (length("reviews"."text") <= 2000),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."reply_text" is null) = ("reviews"."replied_at" is null) and length("reviews"."reply_text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "rating_average" numeric(2, 1);--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The businesses already here, as que_business_search_text writes it from now on (its trigger, in
-- features/businesses/sql/search-text.sql, keeps the column for every later insert and edit).
UPDATE "businesses" SET "search_text" = lower(public.unaccent(concat_ws(' ', "business_name", "category", "cuisine_type", "description", "address")));--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_reporter_key" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_appointment_id_key" ON "reviews" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "reviews_business_newest_idx" ON "reviews" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_customer_id_idx" ON "reviews" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "businesses_name_idx" ON "businesses" USING btree ("business_name","id");--> statement-breakpoint
CREATE INDEX "businesses_type_name_idx" ON "businesses" USING btree ("business_type","business_name","id");--> statement-breakpoint
CREATE INDEX "businesses_category_name_idx" ON "businesses" USING btree ("category","business_name","id");--> statement-breakpoint
CREATE INDEX "businesses_cuisine_name_idx" ON "businesses" USING btree ("cuisine_type","business_name","id") WHERE "businesses"."cuisine_type" is not null;--> statement-breakpoint
CREATE INDEX "businesses_price_name_idx" ON "businesses" USING btree ("price_range","business_name","id") WHERE "businesses"."price_range" is not null;--> statement-breakpoint
CREATE INDEX "businesses_party_size_idx" ON "businesses" USING btree ("max_party_size","id") WHERE "businesses"."max_party_size" is not null;--> statement-breakpoint
CREATE INDEX "businesses_rating_idx" ON "businesses" USING btree (coalesce("rating_average", -1) desc,"rating_count" desc,"id");--> statement-breakpoint
CREATE INDEX "businesses_search_text_trgm_idx" ON "businesses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "businesses_location_idx" ON "businesses" USING gist (ll_to_earth("latitude", "longitude")) WHERE "businesses"."latitude" is not null;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_location_check" CHECK (("businesses"."latitude" is null) = ("businesses"."longitude" is null) and "businesses"."latitude" between -90 and 90 and "businesses"."longitude" between -180 and 180);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_rating_check" CHECK ("businesses"."rating_count" >= 0 and "businesses"."rating_total" between "businesses"."rating_count" and 5 * "businesses"."rating_count");--> statement-breakpoint
-- earliest_free_starts: a page's next free times by business, and the stale rows found by index. A
-- row whose version moved has no fresh_until from now on (que_earliest_invalidate); rows already so.
UPDATE "earliest_free_starts" SET "fresh_until" = NULL WHERE "computed_version" <> "version";--> statement-breakpoint
ALTER TABLE "earliest_free_starts" ADD CONSTRAINT "earliest_free_starts_stale_check" CHECK ("earliest_free_starts"."computed_version" = "earliest_free_starts"."version" or "earliest_free_starts"."fresh_until" is null);--> statement-breakpoint
CREATE INDEX "earliest_free_starts_business_day_idx" ON "earliest_free_starts" USING btree ("business_id","day") WHERE "earliest_free_starts"."day" is not null;--> statement-breakpoint
CREATE INDEX "earliest_free_starts_fresh_until_idx" ON "earliest_free_starts" USING btree ("fresh_until");--> statement-breakpoint
CREATE INDEX "earliest_free_starts_computed_for_idx" ON "earliest_free_starts" USING btree ("computed_for");--> statement-breakpoint
-- Quick booking's restaurant-only filters read restaurants' rows in listing order (que_slots_changed
-- marks a new service's row; a business never changes kind).
ALTER TABLE "earliest_free_starts" ADD COLUMN "restaurant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "earliest_free_starts" c SET "restaurant" = true FROM "businesses" b WHERE b."id" = c."business_id" AND b."business_type" = 'restaurant';--> statement-breakpoint
CREATE INDEX "earliest_free_starts_restaurant_listing_idx" ON "earliest_free_starts" USING btree ("start_local","business_id","service_id") WHERE "earliest_free_starts"."item" is not null and "earliest_free_starts"."restaurant";
