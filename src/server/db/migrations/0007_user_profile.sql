-- The profile's contact details (issue 18): a customer's full name and phone prefill every booking
-- instead of being typed again. Both stay null until set (PATCH /api/user) or taken from a booking;
-- the phone is E.164, as src/contract/phone.ts writes it.
ALTER TABLE "users" ADD COLUMN "full_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_e164_check" CHECK ("users"."phone" ~ '^[+][1-9][0-9]{1,14}$');
