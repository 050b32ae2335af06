-- One upcoming confirmed appointment moves to another member at the same time (DESIGN sections 4 and
-- 9): deactivating its member, or an owner change that leaves it without one (time off, hours), with
-- reassign. The caller holds the business's lock. The new member gives its service and is free for
-- the whole visit then (que_day_slots_within at that one time, the appointment itself left out);
-- p_to names them, else the "anyone" booking's order picks (que_pick_order); never its current
-- member. None free raises 409 naming it, which undoes the caller's whole change. A customer who had
-- chosen the member is told in-app, and their choice is cleared: the new member was not their pick.
-- Returns the new member's id.
CREATE OR REPLACE FUNCTION que_reassign_appointment(p_appointment integer, p_to integer, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  d record;
  v_free int[];
  v_to int;
  v_to_name text;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.party_size, ap.customer_id, ap.staff_id, ap.staff_requested, ap.starts_at,
         s.name AS service_name, bz.business_name, bz.business_type, m.name AS staff_name, que_slot_text(ap.starts_at) AS slot
    INTO a
    FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id
    LEFT JOIN staff_members m ON m.id = ap.staff_id
   WHERE ap.id = p_appointment FOR UPDATE OF ap;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
  IF a.business_type = 'restaurant' THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409',
      MESSAGE = format('The table at %s has no staff member to move to: nothing was changed. Cancel those reservations instead', a.slot);
  END IF;
  BEGIN
    SELECT * INTO d FROM que_day_slots_within(a.business_id, a.starts_at::date, a.service_id, a.party_size, ARRAY[a.id], NULL, p_now, true, NULL,
                                              extract(hour FROM a.starts_at)::int * 60 + extract(minute FROM a.starts_at)::int, NULL, true);
    v_free := coalesce((SELECT array_agg(x::int) FROM jsonb_array_elements_text(d.slot_staff->0) x WHERE x::int IS DISTINCT FROM a.staff_id), '{}');
  EXCEPTION WHEN SQLSTATE 'QB404' THEN
    -- A service deleted since: nobody gives it any more.
    v_free := '{}';
  END;
  IF p_to IS NOT NULL THEN
    SELECT name INTO v_to_name FROM staff_members WHERE id = p_to AND business_id = a.business_id;
    IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'toStaffId must be a staff member of this business'; END IF;
    IF NOT p_to = ANY (v_free) THEN
      RAISE EXCEPTION USING ERRCODE = 'QB409',
        MESSAGE = format('%s is not free for the %s at %s: nothing was changed. Pick someone else, or any free member', v_to_name, a.service_name, a.slot);
    END IF;
    v_to := p_to;
  ELSE
    v_to := (que_pick_order(v_free, a.starts_at::date))[1];
  END IF;
  IF v_to IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'QB409',
      MESSAGE = format('No other staff member is free for the %s at %s: nothing was changed. Cancel that appointment or free someone, then try again',
                       a.service_name, a.slot);
  END IF;
  UPDATE appointments SET staff_id = v_to, staff_requested = false, updated_at = now() WHERE id = a.id;
  -- The change, once (decision 0029): a customer who had chosen the member is told in-app.
  SELECT name INTO v_to_name FROM staff_members WHERE id = v_to;
  PERFORM que_record_change('reassigned', a.id, NULL, a.business_id, NULL,
    jsonb_build_object('startsAt', a.starts_at, 'notice', a.staff_requested, 'fromStaff', a.staff_name, 'toStaff', v_to_name));
  RETURN v_to;
END
$$;
