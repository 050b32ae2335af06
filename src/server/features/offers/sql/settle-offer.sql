-- Settles an accepted offer's escrow once its appointments are finished (DESIGN section 5, decision
-- 10). The swap happened at acceptance, so once both appointments are finished (completed, a no-show
-- or cancelled, by anyone) the escrow goes to the recipient (Que Credit, or earnings and a processor
-- payout for a card offer), the business and the platform, exactly as the split recorded on the
-- offer when it was accepted; the recipient is told. One exception: when the business cancelled the
-- appointment the payer bought (the sender's appointment, at its new time), the payer gets it all
-- back (card payments refunded). A restaurant offer's recipient has no table left after the hand-
-- over, so only the sender's reservation counts. Both notices name the slot as the swap traded it
-- (the recipient's start recorded at acceptance: given up by one, paid for by the other; a table's
-- sender paid for their own reservation's time), not where a later reschedule took it. Returns whether it settled (false: not yet, or
-- already settled). The caller holds the offer's lock.
CREATE OR REPLACE FUNCTION que_offer_settle(p_offer integer)
 RETURNS boolean
 LANGUAGE plpgsql
AS $$
DECLARE
  o offers;
  h record;
  c record;
  v_asset text;
  v_business int;
  v_escrow int;
  v_to int;
  v_intents text[];
  v_i int := 0;
  v_refund boolean;
BEGIN
  SELECT * INTO o FROM offers WHERE id = p_offer;
  IF NOT FOUND OR o.status <> 'accepted' OR o.escrow_status <> 'held' THEN RETURN false; END IF;
  IF EXISTS (SELECT 1 FROM appointments WHERE status IN ('confirmed', 'pending')
              AND id IN (o.from_appointment_id, CASE WHEN o.temporary_reservation THEN o.from_appointment_id ELSE o.to_appointment_id END)) THEN
    RETURN false;
  END IF;
  SELECT ap.business_id, que_cancelled_by_business(ap.status, ap.cancelled_by, bz.owner_id) INTO v_business, v_refund
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = o.from_appointment_id;
  v_asset := CASE WHEN o.payment_method = 'credits' THEN 'CREDIT' ELSE 'USD' END;
  v_escrow := que_ledger_account('offer_escrow', v_asset, NULL, NULL, p_offer, true);

  IF NOT v_refund THEN
    v_to := CASE WHEN v_asset = 'CREDIT' THEN que_ledger_account('user_credit', 'CREDIT', o.to_user_id, NULL, NULL, true)
                 ELSE que_ledger_account('user_earnings', 'USD', o.to_user_id, NULL, NULL, true) END;
    IF o.recipient_cents > 0 THEN
      PERFORM que_ledger_transfer(v_escrow, v_to, o.recipient_cents, v_asset, 'offer_release',
        format('Received for swapping your appointment (offer #%s)', p_offer), p_offer);
    END IF;
    IF o.business_fee_cents > 0 THEN
      PERFORM que_ledger_transfer(v_escrow, que_ledger_account('business_fees', v_asset, NULL, v_business, NULL, false), o.business_fee_cents,
        v_asset, 'offer_fee', format('Business fee for offer #%s', p_offer), p_offer);
    END IF;
    IF o.platform_fee_cents > 0 THEN
      PERFORM que_ledger_transfer(v_escrow, que_ledger_account('platform_fees', v_asset, NULL, NULL, NULL, false), o.platform_fee_cents,
        v_asset, 'offer_fee', format('Platform fee for offer #%s', p_offer), p_offer);
    END IF;
    IF v_asset = 'USD' THEN
      PERFORM que_record_payment_action('payout', NULL, p_offer, o.to_user_id, o.recipient_cents);
    END IF;
    UPDATE offers SET escrow_status = 'released', settled_at = now(), updated_at = now() WHERE id = p_offer;
    SELECT * INTO c FROM que_offer_context(p_offer);
    PERFORM que_offer_record('offer_settled', p_offer, NULL, jsonb_build_array(que_offer_notice(o.to_user_id, 'offer_paid_out', 'Paid out: ' || que_format_cents(o.recipient_cents),
      format('The swap with %s at %s is complete: %s has been released to you for the %s slot you gave up.', c.from_name, c.business_name,
             que_format_cents(o.recipient_cents), c.to_slot))));
  ELSE
    PERFORM que_ledger_transfer(v_escrow,
      CASE WHEN v_asset = 'CREDIT' THEN que_ledger_account('user_credit', 'CREDIT', o.from_user_id, NULL, NULL, true)
           ELSE que_ledger_account('user_card', 'USD', o.from_user_id, NULL, NULL, false) END,
      o.total_cents, v_asset, 'offer_refund',
      format('Refunded: the business cancelled the appointment offer #%s paid for', p_offer), p_offer);
    IF o.payment_method = 'cash' THEN
      -- Holds and card payments were made together, one for one, in the same order.
      v_intents := ARRAY(SELECT id FROM payment_intents WHERE offer_id = p_offer ORDER BY claimed_at, id);
      FOR h IN SELECT (SELECT coalesce(sum(r.amount), 0) FROM ledger_transfers r WHERE r.pending_id = t.id AND r.flags = 'post_pending') AS captured
                 FROM ledger_transfers t WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold' ORDER BY t.id LOOP
        v_i := v_i + 1;
        IF h.captured > 0 AND v_intents[v_i] IS NOT NULL THEN
          PERFORM que_record_payment_action('refund', v_intents[v_i], p_offer, NULL, h.captured::int);
        END IF;
      END LOOP;
    END IF;
    UPDATE offers SET escrow_status = 'refunded', settled_at = now(), updated_at = now() WHERE id = p_offer;
    SELECT * INTO c FROM que_offer_context(p_offer);
    PERFORM que_offer_record('offer_settled', p_offer, NULL, jsonb_build_array(que_offer_notice(o.from_user_id, 'offer_refunded', 'Refunded: ' || que_format_cents(o.total_cents),
      format('%s cancelled the %s you paid for (%s), so the %s you paid for the swap has been returned to you.', c.business_name,
             c.visit, CASE WHEN o.temporary_reservation THEN c.from_slot ELSE c.to_slot END, que_format_cents(o.total_cents)))));
  END IF;
  RETURN true;
END
$$;

-- appointments are now all done (offers locked in id order, after the appointment).
CREATE OR REPLACE FUNCTION que_offers_settle_on(p_appointment integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM offers WHERE (from_appointment_id = p_appointment OR to_appointment_id = p_appointment)
              AND status = 'accepted' AND escrow_status = 'held' ORDER BY id FOR UPDATE LOOP
    PERFORM que_offer_settle(r.id);
  END LOOP;
END
$$;

-- The sweep (offer-jobs.ts): settles up to p_limit accepted offers whose appointments are done,
-- claimed with SKIP LOCKED so several processes never take the same one. Returns how many settled.
CREATE OR REPLACE FUNCTION que_offers_settle_due(p_limit integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  r record;
  v_settled int := 0;
BEGIN
  FOR r IN SELECT o.id FROM offers o
            WHERE o.status = 'accepted' AND o.escrow_status = 'held'
              AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.id IN (o.from_appointment_id, o.to_appointment_id)
                                AND a.status IN ('confirmed', 'pending'))
            ORDER BY o.id LIMIT p_limit FOR UPDATE OF o SKIP LOCKED LOOP
    IF que_offer_settle(r.id) THEN v_settled := v_settled + 1; END IF;
  END LOOP;
  RETURN v_settled;
END
$$;
