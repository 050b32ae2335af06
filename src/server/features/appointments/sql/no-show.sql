-- A no-show, whole, in one call (DESIGN section 11): the business's owner marks a confirmed
-- appointment missed, from p_after_minutes after its start (rules.ts noShowFromMinutesAfterStart; 409
-- before, saying from when), p_now the app's clock. Its booking credit is voided, its live offers
-- end, an accepted offer on it is settled as a finished visit (que_offer_settle counts any status but
-- confirmed and pending as finished), its queue entry ends, and the business keeps its deposit and
-- charges the no-show fee to a card kept on file (que_no_show_payments, once). The change is recorded
-- ('no_show': its followers tell the customer). The row lock makes a second no-show, in parallel or
-- later, a 409 that changes nothing. Returns the appointment as que_appointment_view shows it.
CREATE OR REPLACE FUNCTION que_appointment_no_show(p_user integer, p_appointment integer, p_now timestamp with time zone, p_zone text, p_after_minutes integer)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  v_hold int;
  v_entry int;
  v_zone text;
  v_from_at timestamptz;
  v_from timestamp;
BEGIN
  SELECT ap.id, ap.business_id, ap.customer_id, ap.starts_at, ap.status, bz.owner_id, bz.time_zone, s.name AS service_name, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO a FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id JOIN services s ON s.id = ap.service_id
   WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.owner_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the owner of this business can do this'; END IF;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('Only a confirmed appointment can be marked a no-show; this one is %s', replace(a.status, '_', '-'));
  END IF;
  v_zone := coalesce(p_zone, a.time_zone);
  BEGIN
    v_from_at := coalesce(que_instant(a.starts_at, v_zone), a.starts_at AT TIME ZONE v_zone) + p_after_minutes * interval '1 minute';
    v_from := v_from_at AT TIME ZONE v_zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = v_zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so its appointments cannot be marked right now', v_zone);
  END;
  IF coalesce(p_now, now()) < v_from_at THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409', MESSAGE = format('This appointment starts at %s; it can be marked a no-show from %s',
      que_slot_text(a.starts_at), CASE WHEN v_from::date = a.starts_at::date THEN que_clock_text(v_from) ELSE que_slot_text(v_from) END);
  END IF;
  UPDATE appointments SET status = 'no_show', updated_at = now() WHERE id = p_appointment;
  PERFORM que_record_change('no_show', p_appointment, NULL, a.business_id, p_user, jsonb_build_object('startsAt', a.starts_at));
  SELECT h.id INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_appointment AND h.code = 'earned_booking' AND h.flags = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id)
   ORDER BY h.id LIMIT 1;
  IF v_hold IS NOT NULL THEN
    PERFORM que_ledger_resolve(v_hold, 0, NULL, format('Voided: missed %s at %s', a.service_name, a.business_name));
  END IF;
  PERFORM que_offers_end_on(p_appointment, p_user);
  PERFORM que_offers_settle_on(p_appointment);
  PERFORM que_no_show_payments(p_appointment);
  UPDATE queue_entries SET status = 'cancelled', updated_at = now() WHERE appointment_id = p_appointment AND status <> 'cancelled' RETURNING id INTO v_entry;
  IF v_entry IS NOT NULL THEN
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_status_update',
      'userIds', CASE WHEN a.customer_id = a.owner_id THEN jsonb_build_array(a.customer_id) ELSE jsonb_build_array(a.customer_id, a.owner_id) END,
      'businessId', a.business_id, 'date', a.date, 'queueEntryId', v_entry, 'line', jsonb_build_object('from', a.time, 'to', NULL))::text);
  END IF;
  RETURN que_appointment_view(p_appointment);
END
$$;
