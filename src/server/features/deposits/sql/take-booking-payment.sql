-- A booking under a service's payment policy (DESIGN section 11) takes its payment in the booking's
-- own transaction: a confirmed appointment inserted (booked), or a waitlist hold claimed (held →
-- confirmed: the claim is its booking), whose booked policies say deposit or card_on_file. The card the customer sent comes as the transaction's setting que.booking_payment
-- ({paymentIntentId, paymentMethodId}; deposits/take-booking-payment.ts sets it before the booking
-- statement), so the booking function keeps its arguments. A payment missing or refused raises 402
-- and the whole booking rolls back: the slot is not taken. A business's owner booking at their own
-- business is exempt, as from the booking policies.
--   deposit       the authorized card payment of exactly depositCents is claimed, and held from the
--                 customer's card account into the appointment's escrow account (a pending transfer)
--   card_on_file  the saved card is checked; fees are charged to it later (settle-payments.sql)
CREATE OR REPLACE FUNCTION que_take_booking_payment()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  v_policy text := coalesce(NEW.booked_policies->>'paymentPolicy', 'none');
  v_sent jsonb := coalesce(nullif(current_setting('que.booking_payment', true), ''), '{}')::jsonb;
  v_deposit int := coalesce((NEW.booked_policies->>'depositCents')::int, 0);
  v_intent text;
  v_names record;
BEGIN
  IF v_policy = 'none' THEN RETURN NULL; END IF;
  SELECT bz.owner_id, bz.business_name, s.name AS service_name INTO v_names
    FROM businesses bz JOIN services s ON s.id = NEW.service_id WHERE bz.id = NEW.business_id;
  IF v_names.owner_id = NEW.customer_id THEN RETURN NULL; END IF;
  IF v_policy = 'deposit' THEN
    v_intent := que_claim_deposit_intent(v_sent->>'paymentIntentId', NEW.customer_id, v_deposit, NEW.id);
    PERFORM que_ledger_appointment_transfer(que_ledger_account('user_card', 'USD', NEW.customer_id, NULL, NULL, false),
      que_ledger_appointment_account(NEW.id), v_deposit, 'deposit_hold',
      format('Deposit held for %s at %s', v_names.service_name, v_names.business_name), NEW.id, true);
    INSERT INTO appointment_payments (appointment_id, policy, deposit_cents, payment_intent_id)
    VALUES (NEW.id, 'deposit', v_deposit, v_intent);
  ELSE
    PERFORM que_require_payment_method(v_sent->>'paymentMethodId', NEW.customer_id);
    INSERT INTO appointment_payments (appointment_id, policy, no_show_fee_cents, late_cancel_fee_cents, payment_method_id)
    VALUES (NEW.id, 'card_on_file', coalesce((NEW.booked_policies->>'noShowFeeCents')::int, 0),
            coalesce((NEW.booked_policies->>'lateCancelFeeCents')::int, 0), v_sent->>'paymentMethodId');
  END IF;
  RETURN NULL;
END
$$;

-- Fires only under a payment policy (WHEN): a booking without one (most) queues no AFTER event.
CREATE OR REPLACE TRIGGER appointments_take_booking_payment AFTER INSERT ON appointments
  FOR EACH ROW WHEN (NEW.status = 'confirmed' AND coalesce(NEW.booked_policies->>'paymentPolicy', 'none') <> 'none') EXECUTE FUNCTION que_take_booking_payment();
-- A claimed waitlist hold is booked by its claim: the same payment, taken then (the claim sends the card).
CREATE OR REPLACE TRIGGER appointments_take_claim_payment AFTER UPDATE OF status ON appointments
  FOR EACH ROW WHEN (OLD.status = 'held' AND NEW.status = 'confirmed') EXECUTE FUNCTION que_take_booking_payment();
