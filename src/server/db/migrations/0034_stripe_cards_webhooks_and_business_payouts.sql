CREATE TABLE "payment_customers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"processor_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_processor_ref_key" UNIQUE("processor_ref")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_actions" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "setup_ref" text;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_setup_ref_key" ON "payment_methods" USING btree ("setup_ref");