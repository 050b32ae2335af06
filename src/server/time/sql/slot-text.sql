-- How times read in notifications, e-mails and messages: one family, so no function formats a time
-- itself. They print exactly what the screens print (src/contract/time.ts and src/web/lib/
-- business-time.ts; slot-text.test.ts holds them together). FM drops the padding to_char puts in
-- (' 9:00', 'Thursday ', '06'); the English names do not follow lc_time (no TM prefix).
-- STABLE as to_char is: declared IMMUTABLE over a stable body, a call was not inlined into its
-- caller's statement but run as a function of its own, planned at each call (33 µs a slot text).

-- A wall-clock time: '9:00 AM', '12:00 PM', '12:30 AM' (formatTime12h).
CREATE OR REPLACE FUNCTION que_clock_text(p_at timestamp without time zone)
 RETURNS text
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $$
  SELECT to_char(p_at, 'FMHH12:MI AM')
$$;

-- A slot on a business's wall clock (appointments' starts_at): '9:00 AM, Thursday, November 26' (formatSlot).
CREATE OR REPLACE FUNCTION que_slot_text(p_starts_at timestamp without time zone)
 RETURNS text
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $$
  SELECT que_clock_text(p_starts_at) || to_char(p_starts_at, ', FMDay, FMMonth FMDD')
$$;

-- Whose clock a time is on, for a reader who may be elsewhere: 'America/New_York' -> 'New York time',
-- 'UTC' -> 'UTC time' (zoneLabel).
CREATE OR REPLACE FUNCTION que_zone_label(p_zone text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$
  SELECT replace(regexp_replace(p_zone, '^.*/', ''), '_', ' ') || ' time'
$$;
