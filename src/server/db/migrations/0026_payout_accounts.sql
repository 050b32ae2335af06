CREATE TABLE "payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"business_id" integer,
	"processor_ref" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_owner_check" CHECK (num_nonnulls("payout_accounts"."user_id", "payout_accounts"."business_id") = 1),
	CONSTRAINT "payout_accounts_status_check" CHECK ("payout_accounts"."status" in ('pending', 'ready'))
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_user_key" ON "payout_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_business_key" ON "payout_accounts" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_processor_ref_key" ON "payout_accounts" USING btree ("processor_ref");