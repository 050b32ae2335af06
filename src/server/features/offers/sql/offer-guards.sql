-- The guards of an offer's lifecycle, in one place for accept, counter, decline and cancel (DESIGN
-- section 6): the offer exists and the caller is one of its two customers (else 404/403), its two
-- appointments are locked first in id order and then the offer (the order every appointment change
-- takes, so the two never wait on each other crosswise), it is still live and not past its expiry on
-- the database's clock (409), and it is the caller's turn: the recipient of a pending offer, else
-- whoever did not counter last (403); only the sender cancels. Returns the locked offer.
CREATE OR REPLACE FUNCTION que_offer_lock_for_turn(p_user integer, p_offer integer, p_action text)
 RETURNS offers
 LANGUAGE plpgsql
AS $$
DECLARE
  o offers;
  v_turn int;
BEGIN
  SELECT * INTO o FROM offers WHERE id = p_offer;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Offer not found'; END IF;
  IF p_user NOT IN (o.from_user_id, o.to_user_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the two customers of this offer can act on it';
  END IF;
  IF (SELECT count(*) FROM (SELECT id FROM appointments WHERE id IN (o.from_appointment_id, o.to_appointment_id) ORDER BY id FOR UPDATE) l) < 2 THEN
    RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
  END IF;
  SELECT * INTO o FROM offers WHERE id = p_offer FOR UPDATE;
  IF p_action = 'cancel' AND p_user <> o.from_user_id THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the customer who made this offer can cancel it';
  END IF;
  IF o.status NOT IN ('pending', 'negotiating') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This offer is already %s', o.status);
  END IF;
  IF o.expires_at <= clock_timestamp() THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This offer has expired'; END IF;
  IF p_action = 'cancel' THEN RETURN o; END IF;
  v_turn := CASE WHEN o.status = 'pending' OR o.last_negotiation_by IS DISTINCT FROM o.to_user_id THEN o.to_user_id ELSE o.from_user_id END;
  IF p_user <> v_turn THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = CASE
      WHEN p_action = 'counter' AND o.status = 'pending' THEN 'Only the recipient of an offer may start a negotiation'
      WHEN p_action = 'counter' THEN 'Wait for the other customer to answer your counter offer'
      ELSE 'It is not your turn to answer this offer' END;
  END IF;
  IF p_action = 'accept_counter' AND o.status <> 'negotiating' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'There is no counter offer to accept';
  END IF;
  RETURN o;
END
$$;

-- Which rule of DESIGN section 6 a swap of these two appointments breaks, as they are now (the
-- caller holds both rows locked): null when none. errcode: QB400 for an offer that never could be
-- (wrong direction, another business, one's own appointment), QB403 for a sender who owns the
-- business, QBINV for a state that changed (not confirmed, blocked, the owner's own appointment).
-- p_from is the sender's own appointment, or their pending table (p_temporary) at a restaurant.
-- Checked when an offer is made and again when it is accepted. Booking policies (DESIGN section 9):
-- a business with its swap market off takes no offers, and none is made or accepted closer than the
-- swap cut-off in effect (the target's service's, else the business's) to the earlier start (QBINV).
-- Staff (DESIGN section 9): a swap trades the two appointments' staff members with their times, so an
-- appointment whose customer chose their member swaps only with one of the same member (QBINV).
CREATE OR REPLACE FUNCTION que_swap_rule_broken(p_offer_type text, p_sender integer, p_from integer, p_to integer, p_temporary boolean, OUT errcode text, OUT message text)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  m record;
  t record;
BEGIN
  SELECT ap.customer_id, ap.status, ap.block_offers, ap.business_id, ap.service_id, bz.owner_id, ap.starts_at, bz.time_zone, ap.staff_id, ap.staff_requested,
         que_policies(bz.business_type, bz.policies, s.policies) AS policies
    INTO t FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id JOIN services s ON s.id = ap.service_id WHERE ap.id = p_to;
  SELECT ap.customer_id, ap.status, ap.business_id, ap.service_id, ap.starts_at, ap.staff_id, ap.staff_requested INTO m FROM appointments ap WHERE ap.id = p_from;
  IF t.customer_id = p_sender THEN
    errcode := 'QB400'; message := 'That appointment is your own: choose another customer’s appointment';
  ELSIF p_sender = t.owner_id THEN
    errcode := 'QB403'; message := 'You own this business: offers are between its customers';
  ELSIF t.customer_id = t.owner_id THEN
    errcode := 'QBINV'; message := 'That appointment is the business’s own and cannot receive offers';
  ELSIF t.status <> 'confirmed' THEN
    errcode := 'QBINV'; message := format('That appointment is %s and cannot receive offers', t.status);
  ELSIF t.block_offers THEN
    errcode := 'QBINV'; message := 'That appointment does not accept queue jump or move back offers';
  ELSIF NOT (t.policies->>'swapMarket')::boolean THEN
    errcode := 'QBINV'; message := 'This business does not take swap offers';
  ELSIF clock_timestamp() > que_instant(least(t.starts_at, coalesce(m.starts_at, t.starts_at)), t.time_zone)
                             - (t.policies->>'swapCutoffMinutes')::int * interval '1 minute' THEN
    errcode := 'QBINV';
    message := format('Offers close %s minutes before the earlier appointment starts', t.policies->>'swapCutoffMinutes');
  ELSIF p_temporary THEN
    RETURN;
  ELSIF m.status <> 'confirmed' THEN
    errcode := 'QBINV'; message := format('Your appointment is %s, so it cannot be swapped', m.status);
  ELSIF m.business_id <> t.business_id THEN
    errcode := 'QB400'; message := 'Both appointments must be at the same business';
  ELSIF p_offer_type = 'queue_jump' AND m.starts_at::date <> t.starts_at::date THEN
    errcode := 'QB400'; message := 'A queue jump targets an appointment on the same date as yours';
  ELSIF p_offer_type = 'queue_jump' AND t.starts_at >= m.starts_at THEN
    errcode := 'QB400'; message := 'A queue jump targets an appointment earlier than yours';
  ELSIF p_offer_type = 'move_back' AND m.service_id <> t.service_id THEN
    errcode := 'QB400'; message := 'A move back targets an appointment for the same service';
  ELSIF p_offer_type = 'move_back' AND t.starts_at <= m.starts_at THEN
    errcode := 'QB400'; message := 'A move back targets an appointment later than yours';
  ELSIF m.staff_id IS DISTINCT FROM t.staff_id AND (m.staff_requested OR t.staff_requested) THEN
    errcode := 'QBINV';
    message := CASE WHEN m.staff_requested
      THEN format('You chose %s for your appointment, so it can only swap with another of %s''s appointments',
                  (SELECT name FROM staff_members WHERE id = m.staff_id), (SELECT name FROM staff_members WHERE id = m.staff_id))
      ELSE format('That customer chose %s for their appointment, so it can only swap with another of %s''s appointments',
                  (SELECT name FROM staff_members WHERE id = t.staff_id), (SELECT name FROM staff_members WHERE id = t.staff_id)) END;
  END IF;
END
$$;
