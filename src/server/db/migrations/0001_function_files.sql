-- Which function files are applied (db/function-files.ts): each database function now lives in one
-- file with its feature, run again whenever its checksum changes.
CREATE TABLE "function_files" (
	"file" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Reached from nowhere (bookings call que_book_returning_events and publish after the commit).
DROP FUNCTION IF EXISTS que_book(integer, integer, integer, date, text, integer, text, boolean, text, text, text, text, text, text, integer, timestamp with time zone, text);
--> statement-breakpoint
-- Appointments booked before the live queue existed get their entry once (this was a scan of every
-- appointment at each start-up): confirmed ones wait, completed ones were served.
INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
SELECT a.id, a.business_id, a.service_id, a.customer_id, a.starts_at, CASE a.status WHEN 'confirmed' THEN 'waiting' ELSE 'served' END
  FROM appointments a
 WHERE a.status IN ('confirmed', 'completed')
   AND NOT EXISTS (SELECT 1 FROM queue_entries q WHERE q.appointment_id = a.id)
ON CONFLICT (appointment_id) DO NOTHING;
