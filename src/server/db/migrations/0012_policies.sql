-- Booking policies (issue 19, DESIGN section 9): a business's and a service's own settings, only the
-- keys set (defaults live in src/contract/rules.ts), and on each appointment the effective values it
-- was booked under. Existing appointments keep null: booked before cut-offs existed, none apply.
ALTER TABLE "appointments" ADD COLUMN "booked_policies" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "policies" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "policies" jsonb DEFAULT '{}'::jsonb NOT NULL;