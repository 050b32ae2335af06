-- The customer claims the time offered to their entry: the held appointment becomes a booking
-- (que_appointment_claim_hold), the entry claimed, and a released booking whose slot it was counts
-- as cancelled on time. Under the entry's lock, so of a claim and the hold's lapse (which locks the
-- entry first too) exactly one happens. Refused with the reason (409) when nothing is offered or the
-- offer has ended. Returns the held appointment's id.
CREATE OR REPLACE FUNCTION que_waitlist_claim(p_user integer, p_entry integer, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  e waitlist_entries;
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE id = p_entry FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Waitlist entry not found'; END IF;
  IF e.customer_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'That waitlist entry is not yours'; END IF;
  CASE e.status
    WHEN 'waiting' THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'Nothing has opened for this entry yet: you will be told when a time is held for you';
    WHEN 'claimed' THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'You have already claimed this time: it is in My Appointments';
    WHEN 'cancelled' THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'You left this waitlist entry';
    WHEN 'expired' THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'The time held for you was not claimed in time and has passed to the next person waiting';
    ELSE NULL;
  END CASE;
  -- Past its held_until it is refused there (409), even before the lapse job has run.
  PERFORM que_appointment_claim_hold(p_user, e.appointment_id, p_now);
  UPDATE waitlist_entries SET status = 'claimed', updated_at = now() WHERE id = p_entry;
  IF e.released_appointment_id IS NOT NULL THEN PERFORM que_appointment_release_outcome(e.released_appointment_id, 'on_time'); END IF;
  RETURN e.appointment_id;
END
$$;
