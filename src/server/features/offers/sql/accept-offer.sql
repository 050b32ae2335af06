-- Accepts the price on the table (the offer, or the last counter) by the party whose turn it is
-- (que_offer_lock_for_turn; p_counter: accept-counter, which needs a counter on the table), and
-- trades the appointments, whole, in one call. Every rule of DESIGN section 6 is checked again on
-- the two appointments as they are now (que_swap_rule_broken), under their locks. The fee split is
-- recorded on the offer (que_offer_split at this price) and settlement pays exactly that record, as
-- are the two starts the swap trades (what later notifications about the deal name). The
-- hold is posted into escrow (a raise the payer accepts is held first; a lower price returns the
-- difference; card payments are captured for what was posted, or cancelled), the appointments swap
-- times or the restaurant table changes hands (another accepted offer on the table handed over
-- settles: que_cancelled_effects), every other live offer on the two appointments ends
-- (que_offer_end), and the other party is told. The escrow is settled once both visits are finished
-- (que_offer_settle). Returns que_offer_view.
CREATE OR REPLACE FUNCTION que_offer_accept(p_user integer, p_offer integer, p_counter boolean, p_intent text, p_horizon integer, p_zone text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  o offers;
  h record;
  sp record;
  v_broken record;
  v_price int;
  v_total int;
  v_held int;
  v_intent text;
  v_claimed text;
  v_intents text[];
  v_remaining int;
  v_take int;
  v_i int := 0;
  c record;
BEGIN
  o := que_offer_lock_for_turn(p_user, p_offer, CASE WHEN p_counter THEN 'accept_counter' ELSE 'accept' END);
  v_broken := que_swap_rule_broken(o.offer_type, o.from_user_id, o.from_appointment_id, o.to_appointment_id, o.temporary_reservation);
  IF v_broken.errcode IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This offer can no longer be accepted: ' || v_broken.message;
  END IF;

  v_price := coalesce(o.agreed_cents, o.counter_cents, o.offer_cents);
  sp := que_offer_split(v_price, o.fee_kind);
  v_total := sp.total_cents;
  v_held := que_offer_held(p_offer);
  v_intent := o.payment_intent_id;
  IF v_total > v_held THEN
    -- Only a raise by the recipient can be uncovered, and only the payer can accept it.
    IF p_user <> o.from_user_id THEN RAISE EXCEPTION 'offer #%: payer''s own counter was not covered', p_offer; END IF;
    v_claimed := que_offer_hold(p_offer, v_total - v_held, p_intent);
    v_intent := coalesce(v_claimed, v_intent);
  END IF;

  -- Exactly the total is posted from the holds, oldest first; what was held beyond it goes back.
  -- Holds and card payments are made together, one for one, in the same order.
  IF o.payment_method = 'cash' THEN
    v_intents := ARRAY(SELECT id FROM payment_intents WHERE offer_id = p_offer ORDER BY claimed_at, id);
  END IF;
  v_remaining := v_total;
  FOR h IN SELECT t.id, t.amount FROM ledger_transfers t
            WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold'
              AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)
            ORDER BY t.id LOOP
    v_i := v_i + 1;
    v_take := least(h.amount, v_remaining);
    v_remaining := v_remaining - v_take;
    IF v_take > 0 THEN
      PERFORM que_ledger_resolve(h.id, v_take, 'offer_hold', format('Escrow for accepted offer #%s', p_offer));
    ELSE
      PERFORM que_ledger_resolve(h.id, 0, 'offer_refund', format('Returned: offer #%s was agreed at a lower price', p_offer));
    END IF;
    IF v_intents[v_i] IS NOT NULL THEN
      PERFORM que_record_payment_action(CASE WHEN v_take > 0 THEN 'capture' ELSE 'cancel' END, v_intents[v_i], NULL, NULL, v_take);
    END IF;
  END LOOP;
  IF v_remaining > 0 THEN RAISE EXCEPTION 'offer #%: holds cover % of % cents', p_offer, v_total - v_remaining, v_total; END IF;

  UPDATE offers SET status = 'accepted', agreed_cents = v_price, accepted_at = now(), payment_intent_id = v_intent, updated_at = now(),
         total_cents = sp.total_cents, recipient_cents = sp.recipient_cents, business_fee_cents = sp.business_fee_cents,
         platform_fee_cents = sp.platform_fee_cents,
         swap_from_starts_at = (SELECT starts_at FROM appointments WHERE id = o.from_appointment_id),
         swap_to_starts_at = (SELECT starts_at FROM appointments WHERE id = o.to_appointment_id)
   WHERE id = p_offer;
  IF o.temporary_reservation THEN
    PERFORM que_hand_over_table(o.from_appointment_id, o.to_appointment_id, p_user, p_horizon, p_zone);
  ELSE
    PERFORM que_swap_appointments(o.from_appointment_id, o.to_appointment_id, p_user, p_horizon, p_zone);
  END IF;

  -- The party who did not accept hears that the deal is done, and where they stand now: the slot the
  -- other held before the swap (que_offer_context gives the recorded starts): the recipient is at the
  -- sender's, the payer at the recipient's, the one they paid for; a restaurant's table went to the
  -- sender, at the time it always had.
  SELECT * INTO c FROM que_offer_context(p_offer);
  PERFORM que_offer_record('offer_accepted', p_offer, p_user, jsonb_build_array(que_offer_notice(
    CASE WHEN p_user = o.from_user_id THEN o.to_user_id ELSE o.from_user_id END, 'offer_accepted',
    'Offer accepted: ' || que_format_cents(v_price),
    format('%s accepted %s. %s; the money is held until both visits are completed.',
           CASE WHEN p_user = o.from_user_id THEN c.from_name ELSE c.to_name END, que_format_cents(v_price),
           CASE WHEN o.temporary_reservation AND p_user = o.from_user_id THEN format('Your table at %s at %s is handed over', c.business_name, c.to_slot)
                WHEN o.temporary_reservation THEN format('The table at %s at %s is yours', c.business_name, c.from_slot)
                WHEN p_user = o.from_user_id THEN format('Your appointment at %s is now at %s', c.business_name, c.from_slot)
                ELSE format('Your appointment at %s is now at %s', c.business_name, c.to_slot) END))));
  RETURN que_offer_view(p_offer);
END
$$;
