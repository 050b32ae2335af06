-- Search by words (decision 0026): the vocabulary a typed word is corrected against, and which
-- businesses have each word, kept by que_business_words from now on. The trigram index over whole
-- search texts goes: nothing reads it any more.
CREATE TABLE "business_words" (
	"word" text NOT NULL,
	"business_id" integer NOT NULL,
	CONSTRAINT "business_words_pkey" PRIMARY KEY("word","business_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "businesses_search_text_trgm_idx";--> statement-breakpoint
-- The businesses already here, split as que_search_words splits (features/businesses/sql/search-text.sql;
-- a data migration cannot call our functions), before the indexes are built.
INSERT INTO "business_words" ("word", "business_id")
  SELECT DISTINCT w, b.id FROM "businesses" b, regexp_split_to_table(b."search_text", '[^[:alnum:]]+') w WHERE w <> '';--> statement-breakpoint
INSERT INTO "search_words" ("word") SELECT DISTINCT "word" FROM "business_words";--> statement-breakpoint
ALTER TABLE "business_words" ADD CONSTRAINT "business_words_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_words_business_id_idx" ON "business_words" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);