-- Its customer says they will come (DESIGN section 11), from a reminder's signed link: sets
-- customer_confirmed_at once (a second confirmation keeps the first time). Only a confirmed
-- appointment can be: 409 otherwise. Returns the appointment as the API shows it.
CREATE OR REPLACE FUNCTION que_appointment_confirm_attendance(p_appointment integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  v_status text;
BEGIN
  SELECT status INTO v_status FROM appointments WHERE id = p_appointment FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
  END IF;
  IF v_status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This appointment is %s, so there is nothing to confirm', v_status);
  END IF;
  UPDATE appointments SET customer_confirmed_at = coalesce(customer_confirmed_at, p_now) WHERE id = p_appointment;
  RETURN que_appointment_view(p_appointment);
END
$$;
