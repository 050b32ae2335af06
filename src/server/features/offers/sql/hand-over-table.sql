-- Gives the recipient's table to the sender of a restaurant offer: the recipient's reservation is
-- cancelled with everything a cancellation sets off (que_cancelled_effects: its customer is told
-- the table was handed over, and another accepted offer on it settles) and the sender's pending
-- one confirmed with the seats re-checked for their party (que_on_booked then does what a booking
-- sets off).
CREATE OR REPLACE FUNCTION que_hand_over_table(p_pending integer, p_target integer, p_by_user integer, p_horizon integer, p_zone text)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  r record;
  p record;
  v_wanted text;
BEGIN
  FOR r IN SELECT ap.id, ap.status, s.name AS service_name, que_slot_text(ap.starts_at) AS slot
             FROM appointments ap JOIN services s ON s.id = ap.service_id WHERE ap.id IN (p_target, p_pending)
            ORDER BY ap.id = p_pending LOOP
    v_wanted := CASE WHEN r.id = p_target THEN 'confirmed' ELSE 'pending' END;
    IF r.status <> v_wanted THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV',
        MESSAGE = format('The %s appointment at %s is %s, so the swap cannot happen', r.service_name, r.slot, r.status);
    END IF;
  END LOOP;
  UPDATE appointments SET status = 'cancelled', cancelled_by = p_by_user, updated_at = now() WHERE id = p_target;
  UPDATE appointments SET status = 'confirmed', updated_at = now() WHERE id = p_pending;
  SELECT ap.business_id, ap.service_id, ap.customer_id, ap.party_size, to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO p FROM appointments ap WHERE ap.id = p_pending;
  PERFORM que_require_slot(p.business_id, p.date::date, p.time, p.service_id, p.party_size, ARRAY[p_pending], p_horizon, NULL, true, p_zone, NULL);
  -- One table per guest, restaurant and day: the sender may hold another that day.
  PERFORM que_require_one_reservation(p.customer_id, p.business_id, p.date::date, ARRAY[p_pending, p_target]);
  PERFORM que_cancelled_effects(p_target, p_by_user);
  -- The sender's table is booked.
  PERFORM que_on_booked(p_pending, p_by_user);
END
$$;
