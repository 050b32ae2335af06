-- Ends a live offer: a decline or a cancel (que_offer_answer_end), the expiry sweep, a changed
-- appointment (que_offers_end_on; an accept ends the other offers on its two appointments). The
-- caller holds the offer's lock. The payer gets every open hold back and any card authorization is released; both
-- parties are told, except whoever ended it (expiry is news to both); a restaurant offer's pending
-- table is cancelled (it held no seats, had no queue entry, booking credit or e-mail, and its
-- sender is not told of it apart from the offer).
CREATE OR REPLACE FUNCTION que_offer_end(p_offer integer, p_status text, p_by_user integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  o record;
  h record;
  c record;
  v_user int;
  v_notices jsonb := '[]';
  v_verb text := CASE p_status WHEN 'declined' THEN 'was declined' WHEN 'cancelled' THEN 'was cancelled' ELSE 'expired' END;
BEGIN
  UPDATE offers SET status = p_status, updated_at = now() WHERE id = p_offer RETURNING * INTO o;
  FOR h IN SELECT t.id FROM ledger_transfers t
            WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold'
              AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)
            ORDER BY t.id LOOP
    PERFORM que_ledger_resolve(h.id, 0, 'offer_refund', format('Returned: offer #%s %s', p_offer, v_verb));
  END LOOP;
  IF o.payment_method = 'cash' THEN
    FOR h IN SELECT id FROM payment_intents WHERE offer_id = p_offer ORDER BY claimed_at, id LOOP
      PERFORM que_record_payment_action('cancel', h.id, NULL, NULL, 0);
    END LOOP;
  END IF;
  SELECT * INTO c FROM que_offer_context(p_offer);
  FOREACH v_user IN ARRAY ARRAY[o.from_user_id, o.to_user_id] LOOP
    CONTINUE WHEN p_status <> 'expired' AND v_user = p_by_user;
    -- Both read about the recipient's appointment the offer was on (changes end offers before they move it).
    v_notices := v_notices || jsonb_build_array(que_offer_notice(v_user, 'offer_' || p_status, 'Offer ' || p_status,
      format('%s %s offer for %s %s at %s at %s %s.%s',
             CASE WHEN v_user = o.from_user_id THEN 'Your' ELSE 'The' END, que_format_cents(coalesce(o.agreed_cents, o.counter_cents, o.offer_cents)),
             CASE WHEN v_user = o.from_user_id THEN 'the' ELSE 'your' END, c.visit, c.business_name, c.to_slot, v_verb,
             CASE WHEN v_user = o.from_user_id THEN ' Everything it held has been returned to you.' ELSE '' END)));
  END LOOP;
  PERFORM que_offer_record('offer_ended', p_offer, p_by_user, v_notices);
  IF o.temporary_reservation THEN
    PERFORM 1 FROM appointments WHERE id = o.from_appointment_id FOR UPDATE;
    UPDATE appointments SET status = 'cancelled', updated_at = now() WHERE id = o.from_appointment_id AND status = 'pending';
  END IF;
END
$$;

-- Every live offer on an appointment that changed ends (locked in id order, after the appointment).
CREATE OR REPLACE FUNCTION que_offers_end_on(p_appointment integer, p_by_user integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM offers WHERE (from_appointment_id = p_appointment OR to_appointment_id = p_appointment)
              AND status IN ('pending', 'negotiating') ORDER BY id FOR UPDATE LOOP
    PERFORM que_offer_end(r.id, 'cancelled', p_by_user);
  END LOOP;
END
$$;

-- A decline by the party whose turn it is, or a cancel by the sender (que_offer_lock_for_turn), in
-- one call: the offer ends as que_offer_end says. Returns que_offer_view.
CREATE OR REPLACE FUNCTION que_offer_answer_end(p_user integer, p_offer integer, p_status text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
BEGIN
  IF p_status NOT IN ('declined', 'cancelled') THEN RAISE EXCEPTION 'que_offer_answer_end: % is not an answer', p_status; END IF;
  PERFORM que_offer_lock_for_turn(p_user, p_offer, CASE p_status WHEN 'declined' THEN 'decline' ELSE 'cancel' END);
  PERFORM que_offer_end(p_offer, p_status, p_user);
  RETURN que_offer_view(p_offer);
END
$$;
