-- A restaurant offer's pending table (decision 10) is the sender's alone until the offer is answered:
-- the restaurant's lists never show it, and now neither can the restaurant cancel it by its id (it
-- could, ending the customer's offer): anyone but its customer gets 404, as for an id that does not
-- exist. CREATE OR REPLACE of que_appointment_cancel (signature and owner unchanged).
CREATE OR REPLACE FUNCTION que_appointment_cancel(p_user int, p_appointment int)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a record;
BEGIN
  SELECT ap.customer_id, ap.status, bz.owner_id INTO a
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
  UPDATE appointments SET status = 'cancelled', updated_at = now() WHERE id = p_appointment;
  PERFORM que_cancelled_effects(p_appointment, p_user);
  RETURN que_appointment_view(p_appointment);
END
$$;
