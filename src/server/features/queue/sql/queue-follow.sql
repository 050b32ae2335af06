-- The live queue follows the change log (decision 0029, issue 28): a new booking's entry joins its
-- day's line in the booking's follow job, not in the booking's transaction, and the line's push
-- (queue_update: the entry and those ranked after it move down one place) goes out once that job
-- has committed. The entry mirrors the appointment as it is when the job runs: its changes are
-- followed in the order they committed, and a move, completion or hand-over that came first wrote
-- the entry already (que_queue_moved, que_appointment_complete, que_booked_effects_of), which is
-- kept. A booking cancelled before its job ran gets its entry as cancelled, as a cancel would have
-- left it. Returns the live events (a jsonb array) for the job to publish.
CREATE OR REPLACE FUNCTION que_queue_follow_change(c changes)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  v_entry int;
BEGIN
  IF c.kind <> 'booked' OR c.appointment_id IS NULL THEN RETURN '[]'; END IF;
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.starts_at, ap.status, bz.owner_id INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = c.appointment_id;
  IF NOT FOUND OR a.status NOT IN ('confirmed', 'cancelled', 'completed') THEN RETURN '[]'; END IF;
  INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
  VALUES (a.id, a.business_id, a.service_id, a.customer_id, a.starts_at,
          CASE a.status WHEN 'confirmed' THEN 'waiting' WHEN 'completed' THEN 'served' ELSE 'cancelled' END)
  ON CONFLICT (appointment_id) DO NOTHING
  RETURNING id INTO v_entry;
  IF v_entry IS NULL OR a.status <> 'confirmed' THEN RETURN '[]'; END IF;
  RETURN jsonb_build_array(jsonb_build_object('type', 'queue_update',
    'userIds', CASE WHEN a.customer_id = a.owner_id THEN jsonb_build_array(a.customer_id) ELSE jsonb_build_array(a.customer_id, a.owner_id) END,
    'businessId', a.business_id, 'date', to_char(a.starts_at, 'YYYY-MM-DD'), 'queueEntryId', v_entry,
    'line', jsonb_build_object('from', NULL, 'to', to_char(a.starts_at, 'HH24:MI'))));
END
$$;
