-- A counter by the party whose turn it is (que_offer_lock_for_turn), whole, in one call. A price the
-- payer raises binds them at once, so the shortfall is held now (credit, or an authorized card
-- payment of exactly that amount); a raise by the recipient is covered when the payer accepts it.
-- The other party is told. Returns que_offer_view.
CREATE OR REPLACE FUNCTION que_offer_counter(p_user integer, p_offer integer, p_cents integer, p_message text, p_intent text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  o offers;
  c record;
  v_shortfall int;
  v_claimed text;
BEGIN
  o := que_offer_lock_for_turn(p_user, p_offer, 'counter');
  IF p_user = o.from_user_id THEN
    v_shortfall := que_offer_total(p_cents, o.fee_kind) - que_offer_held(p_offer);
    IF v_shortfall > 0 THEN v_claimed := que_offer_hold(p_offer, v_shortfall, p_intent); END IF;
  END IF;
  UPDATE offers SET status = 'negotiating', counter_cents = p_cents, counter_message = p_message,
         negotiation_round = negotiation_round + 1, last_negotiation_by = p_user,
         payment_intent_id = coalesce(v_claimed, payment_intent_id), updated_at = now()
   WHERE id = p_offer;
  -- The offer is on the recipient's appointment: the recipient's own, the slot the sender wants.
  SELECT * INTO c FROM que_offer_context(p_offer);
  PERFORM que_offer_record('offer_countered', p_offer, p_user, jsonb_build_array(que_offer_notice(
    CASE WHEN p_user = o.from_user_id THEN o.to_user_id ELSE o.from_user_id END, 'offer_countered',
    'Counter offer: ' || que_format_cents(p_cents),
    format('%s answered with %s for %s %s at %s at %s.', CASE WHEN p_user = o.from_user_id THEN c.from_name ELSE c.to_name END,
           que_format_cents(p_cents), CASE WHEN p_user = o.from_user_id THEN 'your' ELSE 'their' END, c.visit, c.business_name, c.to_slot))));
  RETURN que_offer_view(p_offer);
END
$$;
