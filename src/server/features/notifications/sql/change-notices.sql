-- The in-app notices a change gives (decision 0029), written by its follow job: one row per notice,
-- and for each the live event that tells the reader's open tabs. Returns the events (a jsonb array)
-- for the job to publish after commit. Appointment changes are told here from the change's data
-- (the times it was recorded with, not the row's now: a later move is its own change) and the
-- appointment's names; an offer's change carries its notices (que_offer_notice), as its texts need
-- the offer's state at that moment.
--   booked      the customer, when they booked it themselves
--   moved       the customer: the new time and the old one
--   cancelled   the customer (not a restaurant offer's table never confirmed: notice false)
--   completed   the customer, asked for a review (not a business's owner at their own business)
--   no_show     the customer: the business marked the visit missed, and what was kept or charged (DESIGN section 11)
--   reassigned  the customer, when they had chosen the member who left (notice true)
--   fee_declined the business's owner: a no-show or late-cancel fee the card declined, so not earned (issue 29);
--                and the customer, whose no-show or cancel notice had said the fee was charged
--   swapped     nobody: the offer's acceptance is the notice
CREATE OR REPLACE FUNCTION que_change_notices(c changes)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  n jsonb;
  v_slot text;
  v_kind text;
  v_title text;
  v_body text;
  v_link text := '/appointments';
  v_note int;
  v_events jsonb := '[]';
BEGIN
  IF c.offer_id IS NOT NULL THEN
    FOR n IN SELECT * FROM jsonb_array_elements(coalesce(c.data->'notices', '[]')) LOOP
      INSERT INTO notifications (user_id, kind, title, body, link, offer_id)
      VALUES ((n->>'userId')::int, n->>'kind', n->>'title', n->>'body', '/appointments', c.offer_id)
      RETURNING id INTO v_note;
      v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array((n->>'userId')::int),
                                                                   'notificationId', v_note));
    END LOOP;
    RETURN v_events;
  END IF;
  IF c.kind NOT IN ('booked', 'moved', 'cancelled', 'completed', 'reassigned', 'no_show', 'fee_declined') OR (c.data->>'notice')::boolean IS FALSE THEN RETURN v_events; END IF;
  SELECT ap.customer_id, bz.owner_id, s.name AS service_name, bz.business_name INTO a
    FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = c.appointment_id;
  IF NOT FOUND THEN RETURN v_events; END IF;
  IF c.kind = 'fee_declined' THEN
    -- "no-show fee of $15.00": what both notices name (deposits' que_fee_text)
    v_body := que_fee_text(c.data->>'fee', (c.data->>'amountCents')::int);
    INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
    VALUES (a.owner_id, 'fee_declined', 'Fee not charged',
            format('The %s could not be charged: the card was declined. It is not in your earnings (%s at %s, appointment #%s).',
                   v_body, a.service_name, a.business_name, c.appointment_id),
            '/business-dashboard', c.appointment_id)
    RETURNING id INTO v_note;
    v_events := jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.owner_id), 'notificationId', v_note));
    IF a.customer_id IS NOT NULL AND a.customer_id <> a.owner_id THEN
      INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
      VALUES (a.customer_id, 'fee_declined', 'Fee not charged',
              format('Your card declined the %s for %s at %s: nothing was charged.', v_body, a.service_name, a.business_name),
              '/appointments', c.appointment_id)
      RETURNING id INTO v_note;
      v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.customer_id), 'notificationId', v_note));
    END IF;
    RETURN v_events;
  END IF;
  v_slot := que_slot_text((c.data->>'startsAt')::timestamp);
  CASE c.kind
    WHEN 'booked' THEN
      IF c.actor_id IS DISTINCT FROM a.customer_id THEN RETURN v_events; END IF;
      v_kind := 'booking_confirmed'; v_title := 'Booking confirmed';
      v_body := format('%s at %s at %s.', a.service_name, a.business_name, v_slot);
    WHEN 'moved' THEN
      v_kind := 'booking_rescheduled'; v_title := 'Booking rescheduled';
      v_body := format('%s at %s is now at %s (was %s).', a.service_name, a.business_name, v_slot, que_slot_text((c.data->>'from')::timestamp));
    WHEN 'cancelled' THEN
      v_kind := 'booking_cancelled';
      v_title := CASE WHEN (c.data->>'handedOver')::boolean THEN 'Table handed over' ELSE 'Booking cancelled' END;
      v_body := CASE WHEN (c.data->>'handedOver')::boolean THEN format('You handed your table at %s at %s to another guest.', a.business_name, v_slot)
                     WHEN c.actor_id = a.customer_id THEN format('You cancelled %s at %s at %s.', a.service_name, a.business_name, v_slot)
                     ELSE format('%s cancelled your %s at %s.', a.business_name, a.service_name, v_slot) END;
    WHEN 'completed' THEN
      IF a.customer_id = a.owner_id THEN RETURN v_events; END IF;
      v_kind := 'review_request'; v_title := 'How was your visit?';
      v_body := format('Your %s at %s on %s is complete. A review helps others choose: it takes a minute.', a.service_name, a.business_name, v_slot);
      v_link := format('/appointments?review=%s', c.appointment_id);
    WHEN 'no_show' THEN
      v_kind := 'booking_no_show'; v_title := 'Marked as a no-show';
      v_body := format('%s marked your %s at %s as missed. %s', a.business_name, a.service_name, v_slot, que_no_show_outcome_text(c.appointment_id));
    WHEN 'reassigned' THEN
      v_kind := 'staff_reassigned'; v_title := 'New staff member for your booking';
      v_body := format('%s is no longer available for your %s at %s, %s; %s will serve you instead.',
                       c.data->>'fromStaff', a.service_name, a.business_name, v_slot, c.data->>'toStaff');
  END CASE;
  INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
  VALUES (a.customer_id, v_kind, v_title, v_body, v_link, c.appointment_id)
  RETURNING id INTO v_note;
  RETURN jsonb_build_array(jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(a.customer_id), 'notificationId', v_note));
END
$$;
