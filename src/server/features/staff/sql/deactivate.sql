-- Deactivating a staff member (DESIGN section 9), whole, in one call under the business's lock (the
-- one every booking takes in que_require_slot), so no booking lands on the member meanwhile. The
-- last active member stays: a service business always has one. While the member has future
-- confirmed appointments it is 409 naming how many, unless p_reassign: then each moves to another
-- active member who gives its service and is free for the whole visit then (que_day_slots_within at
-- that one time, the appointment itself left out, the member already inactive so never a
-- candidate), picked as the "anyone" booking picks (que_pick_order). One that cannot move fails the
-- whole call, naming it, and the exception undoes every move. A customer who had chosen the member
-- is told in-app, and their choice is cleared: the new member was not their pick. Returns how many moved.
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
  d record;
  v_free int[];
  v_to int;
  v_to_name text;
  v_moved int := 0;
  v_note int;
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

  FOR a IN SELECT ap.id, ap.service_id, ap.party_size, ap.customer_id, ap.staff_requested, ap.starts_at,
                  s.name AS service_name, bz.business_name, que_slot_text(ap.starts_at) AS slot
             FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id
            WHERE ap.staff_id = p_staff AND ap.status = 'confirmed' AND ap.starts_at > v_local
            ORDER BY ap.starts_at, ap.id FOR UPDATE OF ap LOOP
    BEGIN
      SELECT * INTO d FROM que_day_slots_within(v_business, a.starts_at::date, a.service_id, a.party_size, ARRAY[a.id], NULL, p_now, true, NULL,
                                                extract(hour FROM a.starts_at)::int * 60 + extract(minute FROM a.starts_at)::int, NULL, true);
      v_free := coalesce((SELECT array_agg(x::int) FROM jsonb_array_elements_text(d.slot_staff->0) x), '{}');
    EXCEPTION WHEN SQLSTATE 'QB404' THEN
      -- A service deleted since: nobody gives it any more.
      v_free := '{}';
    END;
    v_to := (que_pick_order(v_free, a.starts_at::date))[1];
    IF v_to IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'QB409',
        MESSAGE = format('No other staff member is free for the %s at %s: nothing was changed. Cancel that appointment or free someone, then try again',
                         a.service_name, a.slot);
    END IF;
    UPDATE appointments SET staff_id = v_to, staff_requested = false, updated_at = now() WHERE id = a.id;
    v_moved := v_moved + 1;
    IF a.staff_requested THEN
      SELECT name INTO v_to_name FROM staff_members WHERE id = v_to;
      INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
      VALUES (a.customer_id, 'staff_reassigned', 'New staff member for your booking',
              format('%s is no longer available for your %s at %s, %s; %s will serve you instead.', m.name, a.service_name, a.business_name, a.slot, v_to_name),
              '/appointments', a.id)
      RETURNING id INTO v_note;
      PERFORM pg_notify('que_live', jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.customer_id),
                                                       'notificationId', v_note)::text);
    END IF;
  END LOOP;
  -- Fewer members: the trigger of staff-slots-changed.sql makes the cached earliest starts stale.
  RETURN v_moved;
END
$$;
