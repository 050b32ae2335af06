-- que_offer_context (offers/sql/offer-tell.sql) returns both appointments' slots as people read them
-- (que_slot_text) instead of the recipient's raw date and time, so every offer notification names the
-- slot its reader cares about: a new return type, which CREATE OR REPLACE cannot give (decision 16).
DROP FUNCTION IF EXISTS que_offer_context(integer);
