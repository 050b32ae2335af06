-- Makes an offer, whole, in one call (DESIGN section 6). Both appointments are locked first, in id
-- order (the order every appointment change takes), so an offer made while its target is swapped,
-- moved, cancelled or completed sees the change or waits for it: it is never made on the old state.
-- Then: whose appointment it is (someone else's is a 403 whatever else is wrong), the rules of
-- que_swap_rule_broken, the restaurant's pending table, whether the swap could ever fit, the live
-- offer limits (maxLiveOffersPerTarget, maxLiveOffersPerSenderPerTarget of rules.ts, decided under
-- the target's lock; one per pair of appointments), the expiry (offerLifetimeHours, never past the
-- earlier start), the hold (nothing is written unless the money is held), the recipient's
-- notification. Returns que_offer_view.
CREATE OR REPLACE FUNCTION que_offer_create(p_user integer, p_from_appointment integer, p_to_appointment integer, p_to_user integer, p_offer_type text, p_payment_method text, p_offer_cents integer, p_message text, p_intent text, p_temporary jsonb, p_lifetime_hours integer, p_zone text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  t record;
  v_locked int;
  v_own int;
  v_id int;
  v_expires timestamptz;
  v_claimed text;
  c record;
  v_broken record;
  v_misfit text;
  v_fee_kind text;
BEGIN
  SELECT count(*) INTO v_locked
    FROM (SELECT id FROM appointments WHERE id IN (p_to_appointment, p_from_appointment) ORDER BY id FOR UPDATE) l;
  SELECT ap.id, ap.customer_id, ap.business_id, bz.business_type, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO t FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_to_appointment;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Target appointment not found'; END IF;
  IF p_from_appointment IS NOT NULL THEN
    IF v_locked < 2 AND p_from_appointment <> p_to_appointment THEN
      RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
    END IF;
    IF (SELECT customer_id FROM appointments WHERE id = p_from_appointment) <> p_user THEN
      RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'fromAppointmentId must be one of your own appointments';
    END IF;
  END IF;
  IF p_to_user IS NOT NULL AND p_to_user <> t.customer_id THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'toUserId must be the customer of the target appointment';
  END IF;
  v_broken := que_swap_rule_broken(p_offer_type, p_user, coalesce(p_from_appointment, p_to_appointment), t.id, p_from_appointment IS NULL);
  IF v_broken.errcode IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = v_broken.errcode, MESSAGE = v_broken.message; END IF;
  IF p_from_appointment IS NOT NULL THEN
    v_own := p_from_appointment;
    IF EXISTS (SELECT 1 FROM offers WHERE status IN ('pending', 'negotiating')
                AND ((from_appointment_id = v_own AND to_appointment_id = t.id) OR (from_appointment_id = t.id AND to_appointment_id = v_own))) THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'There is already an open offer between these two appointments';
    END IF;
    v_misfit := que_swap_misfit(v_own, t.id, p_zone);
    IF v_misfit IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = v_misfit; END IF;
  ELSE
    -- A pending reservation for the restaurant table that is full.
    IF t.business_type <> 'restaurant' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'temporaryReservation is only for restaurant offers'; END IF;
    IF p_offer_type <> 'queue_jump' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A temporary reservation goes with a queue jump offer'; END IF;
    IF p_temporary->>'date' <> t.date OR p_temporary->>'time' <> t.time THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400',
        MESSAGE = format('temporaryReservation must be for the chosen reservation''s table: %s at %s', t.date, t.time);
    END IF;
  END IF;
  -- The live offer limits, under the target's lock.
  IF (SELECT count(*) FROM offers WHERE to_appointment_id = t.id AND from_user_id = p_user AND status IN ('pending', 'negotiating'))
     >= que_rule('maxLiveOffersPerSenderPerTarget') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'You already have an open offer on that appointment: wait for its answer or cancel it first';
  END IF;
  IF (SELECT count(*) FROM offers WHERE to_appointment_id = t.id AND status IN ('pending', 'negotiating')) >= que_rule('maxLiveOffersPerTarget') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('That appointment already has %s open offers: try again when one of them is answered', que_rule('maxLiveOffersPerTarget'));
  END IF;
  IF p_from_appointment IS NULL THEN
    v_own := que_pending_reservation(p_user, t.business_id, p_temporary, p_zone);
  END IF;

  v_fee_kind := CASE WHEN t.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END;
  -- The unique indexes offers_one_live_per_pair_key and offers_one_live_per_sender_target_key stand behind the checks above.
  INSERT INTO offers (from_user_id, to_user_id, from_appointment_id, to_appointment_id, offer_type, payment_method, fee_kind, offer_cents,
    message, temporary_reservation, expires_at)
  VALUES (p_user, t.customer_id, v_own, t.id, p_offer_type, p_payment_method, v_fee_kind,
    p_offer_cents, coalesce(p_message, ''), p_from_appointment IS NULL,
    least(now() + make_interval(hours => p_lifetime_hours),
          (SELECT min(que_instant(a.starts_at, coalesce(p_zone, b.time_zone))) FROM appointments a JOIN businesses b ON b.id = a.business_id
            WHERE a.id IN (v_own, t.id))))
  RETURNING id, expires_at INTO v_id, v_expires;
  IF v_expires <= clock_timestamp() THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'Too late: the earlier appointment has already started';
  END IF;
  -- Its expiry, a job at expires_at in this transaction (decision 0028; offer-jobs.ts).
  PERFORM graphile_worker.add_job('offers_expire', json_build_object('offerId', v_id), run_at => v_expires, job_key => 'offers:expire:' || v_id);
  v_claimed := que_offer_hold(v_id, que_offer_total(p_offer_cents, v_fee_kind), p_intent);
  IF v_claimed IS NOT NULL THEN UPDATE offers SET payment_intent_id = v_claimed, updated_at = now() WHERE id = v_id; END IF;

  -- The recipient reads about their own appointment.
  SELECT * INTO c FROM que_offer_context(v_id);
  PERFORM que_offer_record('offer_made', v_id, p_user, jsonb_build_array(que_offer_notice(t.customer_id, 'offer_received', 'New offer: ' || que_format_cents(p_offer_cents),
    format('%s offers %s to %s your %s at %s at %s.', c.from_name, que_format_cents(p_offer_cents),
           CASE WHEN p_offer_type = 'move_back' THEN 'trade their earlier time for' ELSE 'take' END, c.visit, c.business_name, c.to_slot))));
  RETURN que_offer_view(v_id);
END
$$;
