CREATE TABLE "reminder_link_uses" (
	"appointment_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_link_uses_appointment_id_purpose_expires_at_pk" PRIMARY KEY("appointment_id","purpose","expires_at"),
	CONSTRAINT "reminder_link_uses_purpose_check" CHECK ("reminder_link_uses"."purpose" in ('confirm', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"offset_minutes" integer NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"starts_at" timestamp NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "reminders_status_check" CHECK ("reminders"."status" in ('planned', 'sent', 'skipped', 'cancelled')),
	CONSTRAINT "reminders_channel_check" CHECK ("reminders"."channel" in ('email'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "customer_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_link_uses" ADD CONSTRAINT "reminder_link_uses_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_appointment_offset_start_key" ON "reminders" USING btree ("appointment_id","offset_minutes","starts_at");