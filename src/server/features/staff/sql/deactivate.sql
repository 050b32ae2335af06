-- Deactivating a staff member (DESIGN section 9), whole, in one call under the business's lock (the
-- one every booking takes in que_require_slot), so no booking lands on the member meanwhile. The
-- last active member stays: a service business always has one. While the member has future
-- confirmed appointments it is 409 naming how many, unless p_reassign: then each moves to another
-- free member who gives its service (que_reassign_appointment, as owner changes under bookings move
-- them). One that cannot move fails the whole call, naming it, and the exception undoes every move.
-- Returns how many moved.
CREATE OR REPLACE FUNCTION que_deactivate_staff(p_staff integer, p_reassign boolean, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  m record;
  v_business int;
  v_zone text;
  v_local timestamp;
  v_count int;
  a record;
  v_moved int := 0;
BEGIN
  SELECT business_id INTO v_business FROM staff_members WHERE id = p_staff;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Staff member not found'; END IF;
  -- Locks in the order every writer takes them (issue 26): the appointments first (in id order, as
  -- an accept, a reschedule and a cancel lock theirs before the business), then the business, then
  -- the member. NO KEY: the appointments' foreign key to the member may still be checked meanwhile.
  PERFORM 1 FROM appointments WHERE staff_id = p_staff AND status = 'confirmed' AND starts_at > now() - interval '1 day' ORDER BY id FOR UPDATE;
  SELECT time_zone INTO v_zone FROM businesses WHERE id = v_business FOR NO KEY UPDATE;
  SELECT * INTO m FROM staff_members WHERE id = p_staff FOR NO KEY UPDATE;
  IF NOT m.active THEN RETURN 0; END IF;
  IF NOT EXISTS (SELECT 1 FROM staff_members WHERE business_id = v_business AND active AND id <> p_staff) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409',
      MESSAGE = format('%s is the only active staff member of this business: add another before removing them', m.name);
  END IF;
  BEGIN
    v_local := coalesce(p_now, now()) AT TIME ZONE v_zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION USING ERRCODE = 'QBTZ1', DETAIL = v_zone,
      MESSAGE = format('This business''s time zone (%s) is not supported here, so its staff cannot change right now', v_zone);
  END;
  SELECT count(*) INTO v_count FROM appointments WHERE staff_id = p_staff AND status = 'confirmed' AND starts_at > v_local;
  IF v_count > 0 AND NOT p_reassign THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409',
      MESSAGE = format('%s has %s upcoming appointment%s: reassign %s or cancel %s first', m.name, v_count,
                       CASE WHEN v_count = 1 THEN '' ELSE 's' END, CASE WHEN v_count = 1 THEN 'it' ELSE 'them' END,
                       CASE WHEN v_count = 1 THEN 'it' ELSE 'them' END);
  END IF;
  UPDATE staff_members SET active = false WHERE id = p_staff;

  -- Each moves as que_reassign_appointment says (the member already inactive, so never a candidate).
  FOR a IN SELECT ap.id FROM appointments ap
            WHERE ap.staff_id = p_staff AND ap.status = 'confirmed' AND ap.starts_at > v_local
            ORDER BY ap.starts_at, ap.id LOOP
    PERFORM que_reassign_appointment(a.id, NULL, p_now);
    v_moved := v_moved + 1;
  END LOOP;
  -- Fewer members: the trigger of staff-slots-changed.sql makes the cached earliest starts stale.
  RETURN v_moved;
END
$$;
