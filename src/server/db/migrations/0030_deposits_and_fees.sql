CREATE TABLE "appointment_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_charges_kind_check" CHECK ("appointment_charges"."kind" in ('deposit', 'no_show_fee', 'late_cancel_fee')),
	CONSTRAINT "appointment_charges_outcome_check" CHECK ("appointment_charges"."outcome" in ('posted', 'refunded', 'kept', 'charged')),
	CONSTRAINT "appointment_charges_amount_check" CHECK ("appointment_charges"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "appointment_payments" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"policy" text NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"no_show_fee_cents" integer DEFAULT 0 NOT NULL,
	"late_cancel_fee_cents" integer DEFAULT 0 NOT NULL,
	"payment_intent_id" text,
	"payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_payments_policy_check" CHECK ("appointment_payments"."policy" in ('deposit', 'card_on_file')),
	CONSTRAINT "appointment_payments_deposit_check" CHECK ("appointment_payments"."policy" <> 'deposit' or ("appointment_payments"."deposit_cents" > 0 and "appointment_payments"."payment_intent_id" is not null)),
	CONSTRAINT "appointment_payments_card_check" CHECK ("appointment_payments"."policy" <> 'card_on_file' or "appointment_payments"."payment_method_id" is not null),
	CONSTRAINT "appointment_payments_amounts_check" CHECK ("appointment_payments"."deposit_cents" >= 0 and "appointment_payments"."no_show_fee_cents" >= 0 and "appointment_payments"."late_cancel_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"processor" text NOT NULL,
	"processor_ref" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";--> statement-breakpoint
ALTER TABLE "changes" DROP CONSTRAINT "changes_kind_check";--> statement-breakpoint
DROP INDEX "ledger_accounts_owner_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "appointment_charges" ADD CONSTRAINT "appointment_charges_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_charges" ADD CONSTRAINT "appointment_charges_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_charges_once_key" ON "appointment_charges" USING btree ("appointment_id","kind");--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_key" ON "ledger_accounts" USING btree ("kind","asset",coalesce("user_id", 0),coalesce("business_id", 0),coalesce("offer_id", 0),coalesce("appointment_id", 0));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('confirmed', 'pending', 'cancelled', 'completed', 'no_show'));--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_kind_check" CHECK ("changes"."kind" IN ('booked', 'moved', 'swapped', 'cancelled', 'completed', 'reassigned',
		'offer_made', 'offer_countered', 'offer_accepted', 'offer_ended', 'offer_settled',
		'no_show'));