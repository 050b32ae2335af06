-- The earliest-start items (GET /api/earliest-appointments) now carry the business's time zone
-- (que_earliest_entry), so the Skip the Line banner and the earliest list can say whose clock a time
-- is on. Stored items were built without it: marking every row no longer fresh makes the next read
-- or the refresher rebuild its item. The rows stay trusted (same version, computed for an earlier
-- "now"), so their stored day and starts are reused and no week is walked again. Plain SQL: the
-- function files run after the versioned migrations (decision 16).
UPDATE earliest_free_starts SET fresh_until = '-infinity';
