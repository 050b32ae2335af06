-- que_earliest_refresh answers how many rows it saved beside whether it was all of them (the
-- refresher reports it): a new return type, so the old function goes and its file
-- (features/availability/sql/earliest-refresh.sql) makes the new one (decision 0016).
DROP FUNCTION IF EXISTS que_earliest_refresh(timestamp with time zone, integer[], integer);
