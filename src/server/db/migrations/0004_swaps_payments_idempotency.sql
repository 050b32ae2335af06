CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"from_appointment_id" integer NOT NULL,
	"to_appointment_id" integer NOT NULL,
	"offer_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"fee_kind" text NOT NULL,
	"offer_cents" integer NOT NULL,
	"counter_cents" integer,
	"message" text DEFAULT '' NOT NULL,
	"counter_message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"negotiation_round" integer DEFAULT 0 NOT NULL,
	"last_negotiation_by" integer,
	"temporary_reservation" boolean DEFAULT false NOT NULL,
	"payment_intent_id" text,
	"agreed_cents" integer,
	"escrow_status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_type_check" CHECK ("offers"."offer_type" in ('queue_jump', 'move_back')),
	CONSTRAINT "offers_payment_method_check" CHECK ("offers"."payment_method" in ('cash', 'credits')),
	CONSTRAINT "offers_fee_kind_check" CHECK ("offers"."fee_kind" in ('service', 'restaurant')),
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('pending', 'negotiating', 'accepted', 'declined', 'cancelled', 'expired')),
	CONSTRAINT "offers_escrow_status_check" CHECK ("offers"."escrow_status" in ('held', 'released', 'refunded')),
	CONSTRAINT "offers_amount_check" CHECK ("offers"."offer_cents" between 100 and 20000 and ("offers"."counter_cents" is null or "offers"."counter_cents" between 100 and 20000)),
	CONSTRAINT "offers_distinct_check" CHECK ("offers"."from_appointment_id" <> "offers"."to_appointment_id" and "offers"."from_user_id" <> "offers"."to_user_id"),
	CONSTRAINT "offers_settled_check" CHECK (("offers"."escrow_status" = 'held') = ("offers"."settled_at" is null))
);
--> statement-breakpoint
CREATE TABLE "payment_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payment_intent_id" text,
	"offer_id" integer,
	"user_id" integer,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "payment_actions_kind_check" CHECK ("payment_actions"."kind" in ('capture', 'cancel', 'payout', 'refund')),
	CONSTRAINT "payment_actions_status_check" CHECK ("payment_actions"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "payment_actions_amount_check" CHECK ("payment_actions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"processor" text NOT NULL,
	"processor_ref" text,
	"offer_id" integer,
	"claimed_at" timestamp with time zone,
	"captured_cents" integer,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_amount_check" CHECK ("payment_intents"."amount_cents" > 0),
	CONSTRAINT "payment_intents_status_check" CHECK ("payment_intents"."status" in ('requires_payment_method', 'requires_capture', 'succeeded', 'canceled')),
	CONSTRAINT "payment_intents_captured_check" CHECK ("payment_intents"."captured_cents" is null or "payment_intents"."captured_cents" between 0 and "payment_intents"."amount_cents")
);
--> statement-breakpoint
DROP INDEX "appointments_active_period_idx";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_from_appointment_id_appointments_id_fk" FOREIGN KEY ("from_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_to_appointment_id_appointments_id_fk" FOREIGN KEY ("to_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_last_negotiation_by_users_id_fk" FOREIGN KEY ("last_negotiation_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_offer_idx" ON "ledger_transfers" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offers_from_appointment_idx" ON "offers" USING btree ("from_appointment_id");--> statement-breakpoint
CREATE INDEX "offers_to_appointment_idx" ON "offers" USING btree ("to_appointment_id");--> statement-breakpoint
CREATE INDEX "offers_from_user_idx" ON "offers" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "offers_to_user_idx" ON "offers" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "offers_live_expiry_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" in ('pending', 'negotiating');--> statement-breakpoint
CREATE INDEX "offers_unsettled_idx" ON "offers" USING btree ("id") WHERE "offers"."status" = 'accepted' and "offers"."escrow_status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_live_per_pair_key" ON "offers" USING btree (least("from_appointment_id", "to_appointment_id"),greatest("from_appointment_id", "to_appointment_id")) WHERE "offers"."status" in ('pending', 'negotiating');--> statement-breakpoint
CREATE INDEX "payment_actions_due_idx" ON "payment_actions" USING btree ("run_after") WHERE "payment_actions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_actions_once_key" ON "payment_actions" USING btree ("kind",coalesce("payment_intent_id", ''),coalesce("offer_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_client_secret_key" ON "payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE INDEX "payment_intents_user_idx" ON "payment_intents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_intents_offer_idx" ON "payment_intents" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "appointments_active_period_idx" ON "appointments" USING gist ("business_id",tsrange("starts_at", "ends_at", '[)')) WHERE "appointments"."status" = 'confirmed';--> statement-breakpoint
-- Only confirmed appointments hold a slot (a restaurant offer's pending reservation holds none), and
-- the constraint can be deferred to the end of a transaction so that two appointments can trade times.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("business_id" WITH =, tsrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("exclusive" AND "status" = 'confirmed')
  DEFERRABLE INITIALLY IMMEDIATE;
