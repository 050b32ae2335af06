-- The waitlist's follower of the change log (decision 0029), in the change's follow job: a change
-- that frees time on a day (cancelled, a hold lapsed: its start's day; moved: the day it left)
-- offers it to that day's waiting entries (que_waitlist_offer_freed). A released booking's cancel
-- passes itself as the slot's origin, as does a lapsed hold that came from one. Returns how many
-- entries were offered a hold.
CREATE OR REPLACE FUNCTION que_waitlist_follow(c changes, p_horizon integer, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  v_date date;
  v_released int;
BEGIN
  IF c.business_id IS NULL OR c.appointment_id IS NULL THEN RETURN 0; END IF;
  IF c.kind IN ('cancelled', 'hold_lapsed') THEN
    v_date := (c.data->>'startsAt')::timestamp::date;
  ELSIF c.kind = 'moved' AND c.data ? 'from' THEN
    v_date := left(c.data->>'from', 10)::date;
  ELSE
    RETURN 0;
  END IF;
  IF v_date IS NULL OR NOT EXISTS (SELECT 1 FROM waitlist_entries WHERE business_id = c.business_id AND date = v_date AND status = 'waiting') THEN
    RETURN 0;
  END IF;
  IF c.kind = 'cancelled' THEN
    SELECT id INTO v_released FROM appointments WHERE id = c.appointment_id AND release_outcome = 'pending';
  ELSIF c.kind = 'hold_lapsed' THEN
    SELECT released_appointment_id INTO v_released FROM waitlist_entries WHERE appointment_id = c.appointment_id ORDER BY id DESC LIMIT 1;
  END IF;
  RETURN que_waitlist_offer_freed(c.business_id, v_date, v_released, p_horizon, p_now);
END
$$;
