-- que_reschedule takes the member chosen again in the reschedule dialog (issue 27): a new signature,
-- so the old function goes and its file (features/appointments/sql/reschedule.sql) makes the new one
-- (decision 0016).
DROP FUNCTION IF EXISTS que_reschedule(integer, integer, date, text, integer, timestamp with time zone, text);
