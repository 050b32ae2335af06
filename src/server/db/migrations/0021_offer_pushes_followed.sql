-- The offers' live pushes follow the change log (decision 0029: que_offer_change_pushes in the change's
-- follow job) instead of triggers on offers and appointments; their notices are written by the
-- notifications feature's follower, no longer by que_offer_tell, and e-mail by its follower (que_offer_email
-- is called by nothing). Function files create, never drop.
DROP TRIGGER IF EXISTS "offers_changed" ON "offers";--> statement-breakpoint
DROP TRIGGER IF EXISTS "appointments_offer_changed" ON "appointments";--> statement-breakpoint
DROP FUNCTION IF EXISTS que_offer_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS que_offer_appointment_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS que_offer_tell(integer, integer, text, text, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS que_offer_email(integer, text, text);
