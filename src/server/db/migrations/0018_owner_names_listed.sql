DROP INDEX "businesses_name_idx";--> statement-breakpoint
DROP INDEX "businesses_type_name_idx";--> statement-breakpoint
DROP INDEX "businesses_category_name_idx";--> statement-breakpoint
DROP INDEX "businesses_cuisine_name_idx";--> statement-breakpoint
DROP INDEX "businesses_price_name_idx";--> statement-breakpoint
DROP INDEX "businesses_party_size_idx";--> statement-breakpoint
DROP INDEX "businesses_rating_idx";--> statement-breakpoint
DROP INDEX "businesses_location_idx";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A business is listed (directory, quick booking, sitemap) while it has a bookable service: one not
-- deleted (features/services/sql/business-listed.sql keeps it from now on; a data migration cannot
-- call that function, so its condition is written out here once).
UPDATE "businesses" b SET "listed" = EXISTS (SELECT 1 FROM "services" s WHERE s."business_id" = b."id" AND s."deleted_at" IS NULL);--> statement-breakpoint
-- A first staff member was named after its business; it takes its owner's name where the owner's
-- profile has one (registration asks for it from now on: que_first_staff_member).
UPDATE "staff_members" sm SET "name" = left(btrim(u."full_name"), 100)
  FROM "businesses" b JOIN "users" u ON u."id" = b."owner_id"
  WHERE sm."business_id" = b."id"
    AND sm."id" = (SELECT min(f."id") FROM "staff_members" f WHERE f."business_id" = b."id")
    AND btrim(sm."name") = left(btrim(b."business_name"), 100)
    AND nullif(btrim(u."full_name"), '') IS NOT NULL;--> statement-breakpoint
CREATE INDEX "businesses_listed_id_idx" ON "businesses" USING btree ("id") WHERE "businesses"."listed";--> statement-breakpoint
CREATE INDEX "businesses_name_idx" ON "businesses" USING btree ("business_name","id") WHERE "businesses"."listed";--> statement-breakpoint
CREATE INDEX "businesses_type_name_idx" ON "businesses" USING btree ("business_type","business_name","id") WHERE "businesses"."listed";--> statement-breakpoint
CREATE INDEX "businesses_category_name_idx" ON "businesses" USING btree ("category","business_name","id") WHERE "businesses"."listed";--> statement-breakpoint
CREATE INDEX "businesses_cuisine_name_idx" ON "businesses" USING btree ("cuisine_type","business_name","id") WHERE "businesses"."cuisine_type" is not null and "businesses"."listed";--> statement-breakpoint
CREATE INDEX "businesses_price_name_idx" ON "businesses" USING btree ("price_range","business_name","id") WHERE "businesses"."price_range" is not null and "businesses"."listed";--> statement-breakpoint
CREATE INDEX "businesses_party_size_idx" ON "businesses" USING btree ("max_party_size","id") WHERE "businesses"."max_party_size" is not null and "businesses"."listed";--> statement-breakpoint
CREATE INDEX "businesses_rating_idx" ON "businesses" USING btree (coalesce("rating_average", -1) desc,"rating_count" desc,"id") WHERE "businesses"."listed";--> statement-breakpoint
CREATE INDEX "businesses_location_idx" ON "businesses" USING gist (ll_to_earth("latitude", "longitude")) WHERE "businesses"."latitude" is not null and "businesses"."listed";
