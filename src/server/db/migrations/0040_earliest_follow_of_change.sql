-- The earliest cache's follower takes the change's row, as every other follower of the change log
-- does (decision 0040: the SQL followers run in one statement over `changes c`):
-- que_earliest_follow(text[], integer[]) gives way to que_earliest_follow(changes)
-- (availability/sql/earliest-follow.sql).
DROP FUNCTION IF EXISTS que_earliest_follow(text[], integer[]);
