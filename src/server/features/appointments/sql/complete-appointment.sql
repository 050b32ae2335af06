-- A completion, whole, in one call: the business's owner marks a confirmed appointment served, from
-- p_from_minutes before its start (COMPLETE_FROM_MINUTES_BEFORE_START; DESIGN section 4), not
-- earlier, so neither the booking credit nor an offer's escrow is released days ahead; p_now is
-- the app's clock. Its booking credit becomes spendable, its live offers end, accepted offers on it
-- are paid out once both visits are completed, and its queue entry is served (published on
-- commit). The visit keeps holding its time (appointments.occupies). The change is recorded
-- ('completed': its followers ask the customer for a review, issue 27). Returns the
-- appointment as que_appointment_view shows it.
CREATE OR REPLACE FUNCTION que_appointment_complete(p_user integer, p_appointment integer, p_now timestamp with time zone, p_zone text, p_from_minutes integer)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  v_hold record;
  v_entry int;
  v_zone text;
  v_from_at timestamptz;
  v_from timestamp;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.customer_id, ap.starts_at, ap.status, bz.owner_id, bz.time_zone, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO a FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.owner_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the owner of this business can do this'; END IF;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('Only a confirmed appointment can be completed; this one is %s', a.status);
  END IF;
  -- The earliest completion as a wall clock in the business's zone (a start the zone's clocks now
  -- skip, after the business changed zones, is read as PostgreSQL reads it).
  v_zone := coalesce(p_zone, a.time_zone);
  BEGIN
    v_from_at := coalesce(que_instant(a.starts_at, v_zone), a.starts_at AT TIME ZONE v_zone) - p_from_minutes * interval '1 minute';
    v_from := v_from_at AT TIME ZONE v_zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = v_zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so its appointments cannot be completed right now', v_zone);
  END;
  IF coalesce(p_now, now()) < v_from_at THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409', MESSAGE = format('This appointment starts at %s; it can be marked completed from %s',
      que_slot_text(a.starts_at), CASE WHEN v_from::date = a.starts_at::date THEN que_clock_text(v_from) ELSE que_slot_text(v_from) END);
  END IF;
  UPDATE appointments SET status = 'completed', updated_at = now() WHERE id = p_appointment;
  -- The change, once (decision 0029): its followers ask the customer for a review. Recorded first,
  -- so what the completion settles (a payout) is the newer notice, shown above it.
  PERFORM que_record_change('completed', p_appointment, NULL, a.business_id, p_user, jsonb_build_object('startsAt', a.starts_at));
  SELECT h.id, h.amount INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_appointment AND h.code = 'earned_booking' AND h.flags = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id)
   ORDER BY h.id LIMIT 1;
  IF v_hold.id IS NOT NULL THEN PERFORM que_ledger_resolve(v_hold.id, v_hold.amount::int, NULL, NULL); END IF;
  PERFORM que_offers_end_on(p_appointment, p_user);
  PERFORM que_offers_settle_on(p_appointment);
  -- A deposit is posted to the business (DESIGN section 11).
  PERFORM que_completed_payments(p_appointment);
  UPDATE queue_entries SET status = 'served', updated_at = now() WHERE appointment_id = p_appointment RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    INSERT INTO queue_entries (appointment_id, business_id, service_id, customer_id, starts_at, status)
    VALUES (p_appointment, a.business_id, a.service_id, a.customer_id, a.starts_at, 'served')
    ON CONFLICT (appointment_id) DO UPDATE
      SET starts_at = excluded.starts_at, status = excluded.status, service_id = excluded.service_id,
          customer_id = excluded.customer_id, updated_at = now()
    RETURNING id INTO v_entry;
  END IF;
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_status_update',
    'userIds', CASE WHEN a.customer_id = a.owner_id THEN jsonb_build_array(a.customer_id) ELSE jsonb_build_array(a.customer_id, a.owner_id) END,
    'businessId', a.business_id, 'date', a.date, 'queueEntryId', v_entry, 'line', jsonb_build_object('from', a.time, 'to', NULL))::text);
  RETURN que_appointment_view(p_appointment);
END
$$;
