-- A fee the card declined for good (issue 29): the ledger must not keep money that never arrived.
-- The fee was posted from the customer's card account to the business's earnings when the no-show or
-- late cancel happened (que_charge_fee); its card payment (payments' pi_fee_<appointment>_<kind>)
-- goes back to unpaid when the off-session charge is refused as declined (payment-jobs.ts) or Stripe's
-- payment_intent.payment_failed says so (stripe-events.ts). This trigger, in that same transaction,
-- marks the fee's settlement declined and posts the reversing transfer (business_fees -> user_card,
-- the same amount: transfers are never edited), and records the change whose follow-up tells the
-- owner. Exactly once: only the one 'charged' -> 'declined' update of appointment_charges moves money,
-- whether the action, the webhook or a repeated run reports the decline. The fee's payout stays
-- refused (its payment is not captured: payment-jobs.ts).
CREATE OR REPLACE FUNCTION que_fee_declined()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  c record;
BEGIN
  UPDATE appointment_charges ch SET outcome = 'declined'
    FROM appointments a JOIN services s ON s.id = a.service_id JOIN businesses bz ON bz.id = a.business_id
   WHERE ch.payment_intent_id = NEW.id AND ch.kind IN ('no_show_fee', 'late_cancel_fee') AND ch.outcome = 'charged' AND a.id = ch.appointment_id
  RETURNING ch.appointment_id, ch.kind, ch.amount_cents, a.business_id, a.customer_id, s.name AS service_name, bz.business_name INTO c;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM que_ledger_appointment_transfer(que_ledger_account('business_fees', 'USD', NULL, c.business_id, NULL, false),
    que_ledger_account('user_card', 'USD', c.customer_id, NULL, NULL, false), c.amount_cents, c.kind || '_declined',
    format('%s fee declined by the card, not charged: %s at %s', CASE c.kind WHEN 'no_show_fee' THEN 'No-show' ELSE 'Late cancellation' END,
      c.service_name, c.business_name),
    c.appointment_id, false);
  PERFORM que_record_change('fee_declined', c.appointment_id, NULL, c.business_id, NULL,
    jsonb_build_object('fee', c.kind, 'amountCents', c.amount_cents));
  RETURN NULL;
END
$$;

-- Fires only when a saved card's payment of an appointment goes from charged-pending back to unpaid.
CREATE OR REPLACE TRIGGER payment_intents_fee_declined AFTER UPDATE OF status ON payment_intents
  FOR EACH ROW WHEN (OLD.status = 'requires_capture' AND NEW.status = 'requires_payment_method'
    AND NEW.payment_method_id IS NOT NULL AND NEW.appointment_id IS NOT NULL) EXECUTE FUNCTION que_fee_declined();
