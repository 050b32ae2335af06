-- The waitlist's follower of the change log (decision 0029), in the change's follow job: a change
-- that frees time (cancelled, a hold lapsed: its period; moved: the period it left) offers it to the
-- waiting entries of that day whose window it can serve (que_waitlist_offer_freed). A released booking's cancel
-- passes itself as the slot's origin, as does a lapsed hold that came from one. Capacity the
-- business opened (capacity_opened) is offered by que_waitlist_offer_opened. Returns how many
-- entries were offered a hold.
CREATE OR REPLACE FUNCTION que_waitlist_follow(c changes, p_horizon integer, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  v_start timestamp;
  v_released int;
BEGIN
  -- Time opened by the business itself (no appointment freed it): its days' entries ask availability.
  IF c.kind = 'capacity_opened' AND c.business_id IS NOT NULL THEN RETURN que_waitlist_offer_opened(c, p_horizon, p_now); END IF;
  IF c.business_id IS NULL OR c.appointment_id IS NULL OR c.kind NOT IN ('cancelled', 'hold_lapsed', 'moved') THEN RETURN 0; END IF;
  SELECT starts_at, duration, release_outcome INTO a FROM appointments WHERE id = c.appointment_id;
  IF NOT FOUND THEN RETURN 0; END IF;
  -- The period freed: the row's own (a cancel, a lapse), or the one a move left.
  v_start := CASE WHEN c.kind = 'moved' THEN (c.data->>'from')::timestamp ELSE coalesce((c.data->>'startsAt')::timestamp, a.starts_at) END;
  IF v_start IS NULL THEN RETURN 0; END IF;
  IF c.kind = 'cancelled' AND a.release_outcome = 'pending' THEN
    v_released := c.appointment_id;
  ELSIF c.kind = 'hold_lapsed' THEN
    SELECT released_appointment_id INTO v_released FROM waitlist_entries WHERE appointment_id = c.appointment_id ORDER BY id DESC LIMIT 1;
  END IF;
  RETURN que_waitlist_offer_freed(c.business_id, v_start::date, to_char(v_start, 'HH24:MI'),
    to_char(v_start + a.duration * interval '1 minute', 'HH24:MI'), v_released, p_horizon, p_now);
END
$$;
