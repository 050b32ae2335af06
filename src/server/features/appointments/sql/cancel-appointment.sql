-- A cancel by the appointment's customer or its business, whole, in one call. A restaurant offer's
-- pending table (decision 10) is the sender's alone until the offer is answered: the restaurant's
-- lists never show it, nor can the restaurant cancel it by its id: anyone but its customer gets 404,
-- as for an id that does not exist. A customer cancels only until the cancel cut-off of the policies
-- the appointment was booked under (409 CANCEL_WINDOW_CLOSED); the business's owner at any time.
CREATE OR REPLACE FUNCTION que_appointment_cancel(p_user integer, p_appointment integer)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
BEGIN
  SELECT ap.customer_id, ap.status, bz.owner_id, ap.booked_policies, ap.starts_at, bz.time_zone INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND OR (a.status = 'pending' AND p_user <> a.customer_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
  END IF;
  IF p_user NOT IN (a.customer_id, a.owner_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the customer or the business can cancel this appointment';
  END IF;
  IF a.status NOT IN ('confirmed', 'pending') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This appointment is already %s', a.status);
  END IF;
  IF p_user <> a.owner_id AND a.status = 'confirmed' AND que_cutoff_passed(a.booked_policies, 'cancelCutoffMinutes', a.starts_at, a.time_zone, NULL) THEN
    RAISE EXCEPTION USING ERRCODE = 'QBCWC',
      MESSAGE = format('This booking can be cancelled up to %s minutes before it starts; please contact the business',
                       a.booked_policies->>'cancelCutoffMinutes');
  END IF;
  UPDATE appointments SET status = 'cancelled', cancelled_by = p_user, updated_at = now() WHERE id = p_appointment;
  PERFORM que_cancelled_effects(p_appointment, p_user);
  RETURN que_appointment_view(p_appointment);
END
$$;

-- What a cancellation sets off, in its transaction (a cancel, and the recipient's table handed over
-- by a restaurant offer): the booking credit voided, every live offer on it ended, accepted offers
-- on it settled once both are finished (que_offer_settle), the queue entry ended (its live event by
-- pg_notify, on commit), and the change recorded ('cancelled': its followers tell the customer in-app
-- and by e-mail, decision 0029).
CREATE OR REPLACE FUNCTION que_cancelled_effects(p_appointment integer, p_by_user integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  t record;
  v_hold int;
  v_entry int;
  v_pending_table boolean;
  v_handed_over boolean;
BEGIN
  SELECT ap.id, ap.business_id, ap.customer_id, bz.owner_id, s.name AS service_name, bz.business_name, ap.booked_policies, bz.time_zone,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time, ap.starts_at,
         que_slot_text(ap.starts_at) AS slot, ap.release_outcome
    INTO t FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment;
  SELECT h.id INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_appointment AND h.code = 'earned_booking' AND h.flags = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id)
   ORDER BY h.id LIMIT 1;
  IF v_hold IS NOT NULL THEN
    PERFORM que_ledger_resolve(v_hold, 0, NULL, format('Voided: booking of %s at %s was cancelled', t.service_name, t.business_name));
  END IF;
  PERFORM que_offers_end_on(p_appointment, p_by_user);
  PERFORM que_offers_settle_on(p_appointment);
  -- Its deposit and fees (DESIGN section 11): a customer's cancel past the cut-off it was booked under
  -- is late (the business keeps the deposit, the late-cancel fee is charged); a business's never is.
  -- A release to the waitlist (release_outcome pending) waits: on time if someone claims its slot,
  -- late if nobody does before the start (que_appointment_release_outcome settles them then).
  IF t.release_outcome IS DISTINCT FROM 'pending' THEN
    PERFORM que_cancel_payment_consequences(p_appointment, p_by_user = t.customer_id AND t.customer_id <> t.owner_id
      AND que_cutoff_passed(t.booked_policies, 'cancelCutoffMinutes', t.starts_at, t.time_zone, NULL)
      AND NOT EXISTS (SELECT 1 FROM offers WHERE temporary_reservation AND status = 'accepted' AND to_appointment_id = p_appointment));
  END IF;
  UPDATE queue_entries SET status = 'cancelled', updated_at = now() WHERE appointment_id = p_appointment RETURNING id INTO v_entry;
  IF v_entry IS NOT NULL THEN
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_status_update',
      'userIds', CASE WHEN t.customer_id = t.owner_id THEN jsonb_build_array(t.customer_id) ELSE jsonb_build_array(t.customer_id, t.owner_id) END,
      'businessId', t.business_id, 'date', t.date, 'queueEntryId', v_entry, 'line', jsonb_build_object('from', t.time, 'to', NULL))::text);
  END IF;
  -- The change, once (decision 0029). Its followers tell the customer in-app, unless it was a
  -- restaurant offer's table never confirmed (notice false: the offer said it), and by e-mail.
  v_pending_table := EXISTS (SELECT 1 FROM offers WHERE temporary_reservation AND status <> 'accepted' AND from_appointment_id = p_appointment);
  v_handed_over := EXISTS (SELECT 1 FROM offers WHERE temporary_reservation AND status = 'accepted' AND to_appointment_id = p_appointment);
  PERFORM que_record_change('cancelled', p_appointment, NULL, t.business_id, p_by_user,
    jsonb_build_object('startsAt', t.starts_at, 'notice', NOT v_pending_table, 'handedOver', v_handed_over));
END
$$;
