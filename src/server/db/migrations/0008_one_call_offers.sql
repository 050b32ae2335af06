-- Offer create and offer accept, each one database call (issue 10, docs/decisions/0014-one-call-hot-paths.md).
-- The escrow hold through the ledger, the card payment claim, the restaurant's pending table, the
-- swap of two appointments or the table handed over, and what each sets off (notifications, queue
-- moves, e-mails, live events by pg_notify) live here, once; the TypeScript calls them.
-- Errors for clients are raised with SQLSTATEs of class QB (src/server/db/sql-state.ts); QBCRD is
-- "not enough Que Credit" (INSUFFICIENT_CREDIT, 400).

-- 2500 -> '$25.00', 123456 -> '$1,234.56' (formatCents in src/contract/money.ts).
CREATE FUNCTION que_format_cents(p_cents bigint)
RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN CASE WHEN p_cents < 0 THEN '-' ELSE '' END || '$' || trim(to_char(abs(p_cents) / 100, 'FM999,999,999,990')) || '.' || lpad((abs(p_cents) % 100)::text, 2, '0');
END
$$;
--> statement-breakpoint
-- 2500 -> '25.00' (centsToDecimal, the wire format).
CREATE FUNCTION que_cents_decimal(p_cents bigint)
RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN CASE WHEN p_cents < 0 THEN '-' ELSE '' END || (abs(p_cents) / 100)::text || '.' || lpad((abs(p_cents) % 100)::text, 2, '0');
END
$$;
--> statement-breakpoint
-- What the payer is charged for an offer at a price (splitOffer in src/contract/offer-fees.ts, whose
-- unit tests hold the rule): offer + $5, plus 5% (rounded half up) at a restaurant.
CREATE FUNCTION que_offer_total(p_cents int, p_fee_kind text)
RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN p_cents + 500 + CASE WHEN p_fee_kind = 'restaurant' THEN (p_cents * 5 + 50) / 100 ELSE 0 END;
END
$$;
--> statement-breakpoint
-- A ledger account by its owner key, created when missing (a concurrent creator wins quietly), as
-- getOrCreateAccount does.
CREATE FUNCTION que_ledger_account(p_kind text, p_asset text, p_user int, p_business int, p_offer int, p_no_overdraft boolean)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_id int;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts
   WHERE kind = p_kind AND asset = p_asset AND coalesce(user_id, 0) = coalesce(p_user, 0)
     AND coalesce(business_id, 0) = coalesce(p_business, 0) AND coalesce(offer_id, 0) = coalesce(p_offer, 0);
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, asset, user_id, business_id, offer_id, no_overdraft)
    VALUES (p_kind, p_asset, p_user, p_business, p_offer, p_no_overdraft) ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM ledger_accounts
     WHERE kind = p_kind AND asset = p_asset AND coalesce(user_id, 0) = coalesce(p_user, 0)
       AND coalesce(business_id, 0) = coalesce(p_business, 0) AND coalesce(offer_id, 0) = coalesce(p_offer, 0);
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- Settles a pending transfer once (two-phase.ts resolve): the resolution row first (the unique
-- pending_id makes a second settlement fail before any balance moves), then both balances in one
-- statement, rows locked in id order. p_posted > 0 posts that much (the rest goes back to the debit
-- account); 0 voids the hold. A transfer row is never edited.
CREATE FUNCTION que_ledger_resolve(p_pending int, p_posted int, p_code text, p_description text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  SELECT * INTO t FROM ledger_transfers WHERE id = p_pending AND flags = 'pending';
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Pending transfer not found'; END IF;
  IF p_posted > t.amount THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Cannot post more than the held amount'; END IF;
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, pending_id, code, description, appointment_id, offer_id)
  VALUES (t.debit_account_id, t.credit_account_id, CASE WHEN p_posted > 0 THEN p_posted ELSE t.amount END, t.asset,
          CASE WHEN p_posted > 0 THEN 'post_pending' ELSE 'void_pending' END, t.id, coalesce(p_code, t.code),
          coalesce(p_description, t.description), t.appointment_id, t.offer_id);
  UPDATE ledger_accounts l SET
    debits_pending = l.debits_pending - CASE WHEN l.id = t.debit_account_id THEN t.amount ELSE 0 END,
    debits_posted = l.debits_posted + CASE WHEN l.id = t.debit_account_id THEN p_posted ELSE 0 END,
    credits_pending = l.credits_pending - CASE WHEN l.id = t.credit_account_id THEN t.amount ELSE 0 END,
    credits_posted = l.credits_posted + CASE WHEN l.id = t.credit_account_id THEN p_posted ELSE 0 END
  FROM (SELECT id FROM ledger_accounts WHERE id IN (t.debit_account_id, t.credit_account_id) ORDER BY id FOR NO KEY UPDATE) locked
  WHERE l.id = locked.id AND l.asset = t.asset;
END
$$;
--> statement-breakpoint
-- Binds the payer's authorized card payment (its id or clientSecret) of exactly p_amount, used by no
-- other offer, to the offer, in one conditional statement: of two offers claiming one payment the
-- second waits on the row lock and then matches nothing. Claiming again for the same offer returns
-- the same payment. Otherwise a 400 saying why (one message for unknown and someone else's).
CREATE FUNCTION que_claim_intent(p_key text, p_user int, p_amount int, p_offer int)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_id text;
  r record;
  v_why text;
BEGIN
  UPDATE payment_intents SET offer_id = p_offer, claimed_at = clock_timestamp(), updated_at = now()
   WHERE (id = p_key OR client_secret = p_key) AND user_id = p_user AND status = 'requires_capture'
     AND amount_cents = p_amount AND offer_id IS NULL
  RETURNING id INTO v_id;
  IF v_id IS NOT NULL THEN RETURN v_id; END IF;
  SELECT id, user_id, status, offer_id, amount_cents INTO r FROM payment_intents WHERE id = p_key OR client_secret = p_key LIMIT 1;
  IF FOUND AND r.user_id = p_user AND r.offer_id = p_offer THEN RETURN r.id; END IF;
  v_why := CASE
    WHEN NOT FOUND OR r.user_id <> p_user THEN 'Payment not found: authorize a card payment first and send its id'
    WHEN r.status = 'requires_payment_method' THEN 'The payment is not authorized yet: confirm the card first'
    WHEN r.status = 'canceled' THEN 'The payment was canceled: authorize a new one'
    WHEN r.offer_id IS NOT NULL OR r.status = 'succeeded' THEN 'The payment is already used by another offer'
    WHEN r.amount_cents <> p_amount THEN format('The payment authorizes %s but this offer charges %s: %s expected',
      que_format_cents(r.amount_cents), que_format_cents(p_amount), que_format_cents(p_amount))
    ELSE 'The payment cannot be used for this offer' END;
  RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = v_why;
END
$$;
--> statement-breakpoint
-- Refuses a spend of Que Credit the payer does not have (INSUFFICIENT_CREDIT, 400).
CREATE FUNCTION que_require_credit(p_needed bigint, p_have bigint)
RETURNS void LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF p_have < p_needed THEN
    RAISE EXCEPTION USING ERRCODE = 'QBCRD', MESSAGE = format(
      'You need $%s in Que Credit but only have $%s. Book more appointments to earn Que Credit!',
      que_cents_decimal(p_needed), que_cents_decimal(greatest(0, p_have)));
  END IF;
END
$$;
--> statement-breakpoint
-- Holds p_amount more for an offer (DESIGN section 5): from the payer's Que Credit (spendable credit
-- checked under the account's lock), or from an authorized card payment of exactly that amount that
-- no other offer uses (the payer's card funding account goes negative by it). A pending transfer
-- into the offer's escrow account; rows locked in id order. Returns the claimed payment's id.
CREATE FUNCTION que_offer_hold(p_offer int, p_amount int, p_intent text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  o record;
  v_asset text;
  v_claimed text;
  v_payer int;
  v_escrow int;
  v_have bigint;
BEGIN
  SELECT id, from_user_id, payment_method INTO o FROM offers WHERE id = p_offer;
  v_asset := CASE WHEN o.payment_method = 'credits' THEN 'CREDIT' ELSE 'USD' END;
  IF o.payment_method = 'cash' THEN
    IF coalesce(p_intent, '') = '' THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400',
        MESSAGE = format('paymentIntentId: an authorized card payment of $%s is required', que_cents_decimal(p_amount));
    END IF;
    v_claimed := que_claim_intent(p_intent, o.from_user_id, p_amount, p_offer);
    v_payer := que_ledger_account('user_card', 'USD', o.from_user_id, NULL, NULL, false);
  ELSE
    -- Checked before anything is written, as a spend of credit always was; again under the lock below.
    SELECT coalesce(max(credits_posted - debits_posted - debits_pending), 0) INTO v_have FROM ledger_accounts
     WHERE kind = 'user_credit' AND asset = 'CREDIT' AND coalesce(user_id, 0) = o.from_user_id
       AND coalesce(business_id, 0) = 0 AND coalesce(offer_id, 0) = 0;
    PERFORM que_require_credit(p_amount, v_have);
    v_payer := que_ledger_account('user_credit', 'CREDIT', o.from_user_id, NULL, NULL, true);
  END IF;
  v_escrow := que_ledger_account('offer_escrow', v_asset, NULL, NULL, p_offer, true);
  PERFORM 1 FROM ledger_accounts WHERE id IN (v_payer, v_escrow) ORDER BY id FOR NO KEY UPDATE;
  IF o.payment_method = 'credits' THEN
    SELECT credits_posted - debits_posted - debits_pending INTO v_have FROM ledger_accounts WHERE id = v_payer;
    PERFORM que_require_credit(p_amount, v_have);
  END IF;
  UPDATE ledger_accounts l SET
    debits_pending = l.debits_pending + CASE WHEN l.id = v_payer THEN p_amount ELSE 0 END,
    credits_pending = l.credits_pending + CASE WHEN l.id = v_escrow THEN p_amount ELSE 0 END
  WHERE l.id IN (v_payer, v_escrow);
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, asset, flags, code, description, offer_id)
  VALUES (v_payer, v_escrow, p_amount, v_asset, 'pending', 'offer_hold', format('Held for offer #%s', p_offer), p_offer);
  RETURN v_claimed;
END
$$;
--> statement-breakpoint
-- What the offer's open holds (neither posted nor voided) keep in escrow.
CREATE FUNCTION que_offer_held(p_offer int)
RETURNS int LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t
           WHERE t.offer_id = p_offer AND t.flags = 'pending' AND t.code = 'offer_hold'
             AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id));
END
$$;
--> statement-breakpoint
-- An in-app notification about an offer, pushed with pg_notify on commit (offer-notifications.ts
-- tell): a sentence ending in a name that ends with a period keeps one period.
CREATE FUNCTION que_offer_tell(p_user int, p_offer int, p_kind text, p_title text, p_body text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_note int;
BEGIN
  INSERT INTO notifications (user_id, kind, title, body, link, offer_id)
  VALUES (p_user, p_kind, p_title, regexp_replace(p_body, '\.\.$', '.'), '/appointments', p_offer)
  RETURNING id INTO v_note;
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(p_user), 'notificationId', v_note)::text);
END
$$;
--> statement-breakpoint
-- Who and what an offer is about, for its notifications (notifications.repository.ts offerContext):
-- the recipient's appointment as it is now.
CREATE FUNCTION que_offer_context(p_offer int, OUT from_name text, OUT to_name text, OUT business_name text, OUT target_date text, OUT target_time text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT fu.username, tu.username, b.business_name, to_char(a.starts_at, 'YYYY-MM-DD'), to_char(a.starts_at, 'HH24:MI')
    INTO from_name, to_name, business_name, target_date, target_time
    FROM offers o JOIN users fu ON fu.id = o.from_user_id JOIN users tu ON tu.id = o.to_user_id
    JOIN appointments a ON a.id = o.to_appointment_id JOIN businesses b ON b.id = a.business_id
   WHERE o.id = p_offer;
END
$$;
--> statement-breakpoint
-- The offer as the app shapes it (OfferRow), both appointments (que_appointment_view) and what its
-- open holds keep: offer-view.ts makes the wire shape for the viewer from this.
CREATE FUNCTION que_offer_view(p_offer int)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'offer', jsonb_build_object(
        'id', o.id, 'fromUserId', o.from_user_id, 'toUserId', o.to_user_id, 'fromAppointmentId', o.from_appointment_id,
        'toAppointmentId', o.to_appointment_id, 'offerType', o.offer_type, 'paymentMethod', o.payment_method, 'feeKind', o.fee_kind,
        'offerCents', o.offer_cents, 'counterCents', o.counter_cents, 'message', o.message, 'counterMessage', o.counter_message,
        'status', o.status, 'negotiationRound', o.negotiation_round, 'lastNegotiationBy', o.last_negotiation_by,
        'temporaryReservation', o.temporary_reservation, 'paymentIntentId', o.payment_intent_id, 'agreedCents', o.agreed_cents,
        'escrowStatus', o.escrow_status, 'expiresAt', o.expires_at, 'acceptedAt', o.accepted_at, 'settledAt', o.settled_at,
        'createdAt', o.created_at, 'updatedAt', o.updated_at),
      'fromAppointment', que_appointment_view(o.from_appointment_id),
      'toAppointment', que_appointment_view(o.to_appointment_id),
      'heldCents', que_offer_held(o.id))
    FROM offers o WHERE o.id = p_offer
  );
END
$$;
--> statement-breakpoint
-- A restaurant offer's sender wants a table at a time that is full: their reservation is stored
-- with status 'pending', which holds no seats and is not shown to the restaurant.
CREATE FUNCTION que_pending_reservation(p_user int, p_business int, p_wanted jsonb, p_zone text)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  b record;
  s record;
  u record;
  v_party int := (p_wanted->>'partySize')::int;
  v_max int;
  v_duration int;
  v_period record;
  v_id int;
BEGIN
  SELECT id, business_type, reservation_duration, max_party_size, time_zone INTO b FROM businesses WHERE id = p_business;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Business not found'; END IF;
  IF b.business_type <> 'restaurant' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'temporaryReservation is only for restaurants'; END IF;
  v_max := coalesce(b.max_party_size, 20);
  IF v_party > v_max THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = format('Party size must be between 1 and %s', v_max); END IF;
  -- The table service, as que_book picks it.
  SELECT id, duration, price_cents INTO s FROM services WHERE business_id = p_business AND deleted_at IS NULL
   ORDER BY (name = 'Table reservation') DESC, id LIMIT 1;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB409', MESSAGE = 'This restaurant is not taking reservations'; END IF;
  SELECT username, email INTO u FROM users WHERE id = p_user;
  v_duration := coalesce(b.reservation_duration, s.duration);
  SELECT * INTO v_period FROM que_period((p_wanted->>'date')::date, p_wanted->>'time', v_duration, coalesce(p_zone, b.time_zone));
  INSERT INTO appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
    notes, block_offers, customer_name, customer_email, customer_phone, seating_preference, occasion_type, dietary_restrictions)
  VALUES (p_business, s.id, p_user, v_period.starts_at, v_period.ends_at, v_duration, s.price_cents, 'pending', false, v_party, '', false,
    coalesce(nullif(p_wanted->>'customerName', ''), u.username), coalesce(nullif(p_wanted->>'customerEmail', ''), u.email),
    coalesce(nullif(p_wanted->>'customerPhone', ''), ''), nullif(p_wanted->>'seatingPreference', ''), nullif(p_wanted->>'occasionType', ''),
    nullif(p_wanted->>'dietaryRestrictions', ''))
  RETURNING id INTO v_id;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- Makes an offer, whole, in one call (DESIGN section 6): whose appointment it is first (someone
-- else's is a 403 whatever else is wrong), the target's rules, the offer type's rule or the
-- restaurant's pending table, one live offer per pair, the expiry (24 hours, never past the earlier
-- start), the hold (nothing is written unless the money is held), the recipient's notification.
-- Returns que_offer_view.
CREATE FUNCTION que_offer_create(p_user int, p_from_appointment int, p_to_appointment int, p_to_user int, p_offer_type text,
  p_payment_method text, p_offer_cents int, p_message text, p_intent text, p_temporary jsonb, p_lifetime_hours int, p_zone text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t record;
  m record;
  v_own int;
  v_id int;
  v_expires timestamptz;
  v_claimed text;
  v_from_name text;
BEGIN
  SELECT ap.id, ap.customer_id, ap.status, ap.block_offers, ap.business_id, ap.service_id, bz.business_type, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO t FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_to_appointment;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Target appointment not found'; END IF;
  IF p_from_appointment IS NOT NULL THEN
    SELECT ap.id, ap.customer_id, ap.status, ap.business_id, ap.service_id,
           to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'YYYY-MM-DD HH24:MI') AS start
      INTO m FROM appointments ap WHERE ap.id = p_from_appointment FOR UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found'; END IF;
    IF m.customer_id <> p_user THEN
      RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'fromAppointmentId must be one of your own appointments';
    END IF;
  END IF;
  -- The target: another customer's confirmed appointment that accepts offers.
  IF p_to_user IS NOT NULL AND p_to_user <> t.customer_id THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'toUserId must be the customer of the target appointment';
  END IF;
  IF t.customer_id = p_user THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'That appointment is your own: choose another customer’s appointment';
  END IF;
  IF t.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('That appointment is %s and cannot receive offers', t.status);
  END IF;
  IF t.block_offers THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'That appointment does not accept queue jump or move back offers';
  END IF;
  IF p_from_appointment IS NOT NULL THEN
    -- The sender's own appointment and the rule of the offer type.
    IF m.status <> 'confirmed' THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('Your appointment is %s, so it cannot be swapped', m.status);
    END IF;
    IF m.business_id <> t.business_id THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Both appointments must be at the same business'; END IF;
    IF p_offer_type = 'queue_jump' THEN
      IF m.date <> t.date THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A queue jump targets an appointment on the same date as yours'; END IF;
      IF t.date || ' ' || t.time >= m.start THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A queue jump targets an appointment earlier than yours'; END IF;
    ELSE
      IF m.service_id <> t.service_id THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A move back targets an appointment for the same service'; END IF;
      IF t.date || ' ' || t.time <= m.start THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A move back targets an appointment later than yours'; END IF;
    END IF;
    v_own := m.id;
    IF EXISTS (SELECT 1 FROM offers WHERE status IN ('pending', 'negotiating')
                AND ((from_appointment_id = v_own AND to_appointment_id = t.id) OR (from_appointment_id = t.id AND to_appointment_id = v_own))) THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'There is already an open offer between these two appointments';
    END IF;
  ELSE
    -- A pending reservation for the restaurant table that is full.
    IF t.business_type <> 'restaurant' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'temporaryReservation is only for restaurant offers'; END IF;
    IF p_offer_type <> 'queue_jump' THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'A temporary reservation goes with a queue jump offer'; END IF;
    IF p_temporary->>'date' <> t.date OR p_temporary->>'time' <> t.time THEN
      RAISE EXCEPTION USING ERRCODE = 'QB400',
        MESSAGE = format('temporaryReservation must be for the chosen reservation''s table: %s at %s', t.date, t.time);
    END IF;
    v_own := que_pending_reservation(p_user, t.business_id, p_temporary, p_zone);
  END IF;

  -- The unique index offers_one_live_per_pair_key is the arbiter between concurrent offers.
  INSERT INTO offers (from_user_id, to_user_id, from_appointment_id, to_appointment_id, offer_type, payment_method, fee_kind, offer_cents,
    message, temporary_reservation, expires_at)
  VALUES (p_user, t.customer_id, v_own, t.id, p_offer_type, p_payment_method, CASE WHEN t.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END,
    p_offer_cents, coalesce(p_message, ''), p_from_appointment IS NULL,
    least(now() + make_interval(hours => p_lifetime_hours),
          (SELECT min(a.starts_at AT TIME ZONE b.time_zone) FROM appointments a JOIN businesses b ON b.id = a.business_id WHERE a.id IN (v_own, t.id))))
  ON CONFLICT (least(from_appointment_id, to_appointment_id), greatest(from_appointment_id, to_appointment_id))
    WHERE status IN ('pending', 'negotiating') DO NOTHING
  RETURNING id, expires_at INTO v_id, v_expires;
  IF v_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'There is already an open offer between these two appointments';
  END IF;
  IF v_expires <= clock_timestamp() THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'Too late: the earlier appointment has already started';
  END IF;
  v_claimed := que_offer_hold(v_id, que_offer_total(p_offer_cents, CASE WHEN t.business_type = 'restaurant' THEN 'restaurant' ELSE 'service' END), p_intent);
  IF v_claimed IS NOT NULL THEN UPDATE offers SET payment_intent_id = v_claimed, updated_at = now() WHERE id = v_id; END IF;

  SELECT username INTO v_from_name FROM users WHERE id = p_user;
  PERFORM que_offer_tell(t.customer_id, v_id, 'offer_received', 'New offer: ' || que_format_cents(p_offer_cents),
    format('%s offers %s to %s your %s appointment on %s at %s.', v_from_name, que_format_cents(p_offer_cents),
           CASE WHEN p_offer_type = 'move_back' THEN 'swap to a later time with you' ELSE 'take' END, t.time, t.date, t.business_name));
  RETURN que_offer_view(v_id);
END
$$;
--> statement-breakpoint
-- An appointment's e-mail, unless it has no address to go to.
CREATE FUNCTION que_offer_email(p_appointment int, p_kind text, p_previous text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM appointments WHERE id = p_appointment AND coalesce(customer_email, '') <> '') THEN
    PERFORM que_appointment_email(p_appointment, p_kind, p_previous);
  END IF;
END
$$;
--> statement-breakpoint
-- Ends a live offer (end-offer.ts calls it for a decline, a cancel, the expiry sweep and a changed
-- appointment; an accept for the other offers on its two appointments). The caller holds the
-- offer's lock. The payer gets every open hold back and any card authorization is released; both
-- parties are told, except whoever ended it (expiry is news to both); a restaurant offer's pending
-- table is cancelled (it held no seats, had no queue entry, booking credit or e-mail, and its
-- sender is not told of it apart from the offer).
CREATE FUNCTION que_offer_end(p_offer int, p_status text, p_by_user int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
  h record;
  c record;
  v_user int;
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
    INSERT INTO payment_actions (kind, payment_intent_id, amount_cents)
    SELECT 'cancel', id, 0 FROM payment_intents WHERE offer_id = p_offer ORDER BY claimed_at, id
    ON CONFLICT DO NOTHING;
  END IF;
  SELECT * INTO c FROM que_offer_context(p_offer);
  FOREACH v_user IN ARRAY ARRAY[o.from_user_id, o.to_user_id] LOOP
    CONTINUE WHEN p_status <> 'expired' AND v_user = p_by_user;
    PERFORM que_offer_tell(v_user, p_offer, 'offer_' || p_status, 'Offer ' || p_status,
      format('The %s offer for the %s slot on %s at %s %s.%s', que_format_cents(coalesce(o.agreed_cents, o.counter_cents, o.offer_cents)),
             c.target_time, c.target_date, c.business_name, v_verb,
             CASE WHEN v_user = o.from_user_id THEN ' Everything it held has been returned to you.' ELSE '' END));
  END LOOP;
  IF o.temporary_reservation THEN
    PERFORM 1 FROM appointments WHERE id = o.from_appointment_id FOR UPDATE;
    UPDATE appointments SET status = 'cancelled', updated_at = now() WHERE id = o.from_appointment_id AND status = 'pending';
  END IF;
END
$$;
--> statement-breakpoint
-- Every live offer on an appointment that changed ends (locked in id order, after the appointment).
CREATE FUNCTION que_offers_end_on(p_appointment int, p_by_user int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM offers WHERE (from_appointment_id = p_appointment OR to_appointment_id = p_appointment)
              AND status IN ('pending', 'negotiating') ORDER BY id FOR UPDATE LOOP
    PERFORM que_offer_end(r.id, 'cancelled', p_by_user);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Trades the date and time of two confirmed appointments of one business, each keeping its own
-- duration (trade-appointments.ts had it): both move with the overlap constraint deferred, then
-- each is re-checked where it landed against everything else, the other included, and the
-- constraint is checked at once, so a conflict is a clean 409 here. Each appointment's other live
-- offers end, its queue entry follows it and its customer gets the e-mail. The caller holds both
-- appointments' locks.
CREATE FUNCTION que_swap_appointments(p_a int, p_b int, p_by_user int, p_horizon int, p_zone text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a record;
  b record;
BEGIN
  SELECT ap.id, ap.business_id, ap.service_id, ap.status, ap.party_size, ap.duration, s.name AS service_name, bz.time_zone,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO a FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_a;
  SELECT ap.id, ap.business_id, ap.service_id, ap.status, ap.party_size, ap.duration, s.name AS service_name, bz.time_zone,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO b FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_b;
  IF a.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('The %s appointment on %s at %s is %s, so the swap cannot happen', a.service_name, a.date, a.time, a.status);
  END IF;
  IF b.status <> 'confirmed' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV',
      MESSAGE = format('The %s appointment on %s at %s is %s, so the swap cannot happen', b.service_name, b.date, b.time, b.status);
  END IF;
  IF a.business_id <> b.business_id THEN RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = 'Only appointments at the same business can be swapped'; END IF;
  SET CONSTRAINTS appointments_no_overlap DEFERRED;
  UPDATE appointments ap SET starts_at = pr.starts_at, ends_at = pr.ends_at, updated_at = now()
    FROM que_period(b.date::date, b.time, a.duration, coalesce(p_zone, a.time_zone)) pr WHERE ap.id = a.id;
  UPDATE appointments ap SET starts_at = pr.starts_at, ends_at = pr.ends_at, updated_at = now()
    FROM que_period(a.date::date, a.time, b.duration, coalesce(p_zone, b.time_zone)) pr WHERE ap.id = b.id;
  PERFORM que_require_slot(a.business_id, b.date::date, b.time, a.service_id, a.party_size, ARRAY[a.id], p_horizon, NULL, true, p_zone);
  PERFORM que_require_slot(b.business_id, a.date::date, a.time, b.service_id, b.party_size, ARRAY[b.id], p_horizon, NULL, true, p_zone);
  SET CONSTRAINTS appointments_no_overlap IMMEDIATE;
  PERFORM que_offers_end_on(a.id, p_by_user);
  PERFORM que_queue_moved(a.id, a.date, a.time);
  PERFORM que_offer_email(a.id, 'swapped', a.date || ' ' || a.time);
  PERFORM que_offers_end_on(b.id, p_by_user);
  PERFORM que_queue_moved(b.id, b.date, b.time);
  PERFORM que_offer_email(b.id, 'swapped', b.date || ' ' || b.time);
END
$$;
--> statement-breakpoint
-- Gives the recipient's table to the sender of a restaurant offer: the recipient's reservation is
-- cancelled (its booking credit voided, its other live offers ended, its queue entry ended, its customer told the table was
-- handed over, in-app and by e-mail) and the sender's pending one confirmed with the seats
-- re-checked for their party (que_on_booked then does what a booking sets off).
CREATE FUNCTION que_hand_over_table(p_pending int, p_target int, p_by_user int, p_horizon int, p_zone text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  t record;
  p record;
  v_hold int;
  v_entry int;
  v_note int;
  v_wanted text;
BEGIN
  FOR r IN SELECT ap.id, ap.status, s.name AS service_name, to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
             FROM appointments ap JOIN services s ON s.id = ap.service_id WHERE ap.id IN (p_target, p_pending)
            ORDER BY ap.id = p_pending LOOP
    v_wanted := CASE WHEN r.id = p_target THEN 'confirmed' ELSE 'pending' END;
    IF r.status <> v_wanted THEN
      RAISE EXCEPTION USING ERRCODE = 'QBINV',
        MESSAGE = format('The %s appointment on %s at %s is %s, so the swap cannot happen', r.service_name, r.date, r.time, r.status);
    END IF;
  END LOOP;
  UPDATE appointments SET status = 'cancelled', updated_at = now() WHERE id = p_target;
  UPDATE appointments SET status = 'confirmed', updated_at = now() WHERE id = p_pending;
  SELECT ap.business_id, ap.service_id, ap.party_size, to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO p FROM appointments ap WHERE ap.id = p_pending;
  PERFORM que_require_slot(p.business_id, p.date::date, p.time, p.service_id, p.party_size, ARRAY[p_pending], p_horizon, NULL, true, p_zone);

  -- The target was cancelled (the 'cancelled' change of appointment-changes.ts).
  SELECT ap.id, ap.business_id, ap.customer_id, bz.owner_id, s.name AS service_name, bz.business_name,
         to_char(ap.starts_at, 'YYYY-MM-DD') AS date, to_char(ap.starts_at, 'HH24:MI') AS time
    INTO t FROM appointments ap JOIN services s ON s.id = ap.service_id JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_target;
  SELECT h.id INTO v_hold FROM ledger_transfers h
   WHERE h.appointment_id = p_target AND h.code = 'earned_booking' AND h.flags = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.pending_id = h.id)
   ORDER BY h.id LIMIT 1;
  IF v_hold IS NOT NULL THEN
    PERFORM que_ledger_resolve(v_hold, 0, NULL, format('Voided: booking of %s at %s was cancelled', t.service_name, t.business_name));
  END IF;
  PERFORM que_offers_end_on(p_target, p_by_user);
  UPDATE queue_entries SET status = 'cancelled', updated_at = now() WHERE appointment_id = p_target RETURNING id INTO v_entry;
  IF v_entry IS NOT NULL THEN
    PERFORM pg_notify('que_live', jsonb_build_object('type', 'queue_status_update',
      'userIds', CASE WHEN t.customer_id = t.owner_id THEN jsonb_build_array(t.customer_id) ELSE jsonb_build_array(t.customer_id, t.owner_id) END,
      'businessId', t.business_id, 'date', t.date, 'queueEntryId', v_entry, 'line', jsonb_build_object('from', t.time, 'to', NULL))::text);
  END IF;
  INSERT INTO notifications (user_id, kind, title, body, link, appointment_id)
  VALUES (t.customer_id, 'booking_cancelled', 'Table handed over',
          format('You handed your table at %s on %s at %s to another guest.', t.business_name, t.date, t.time), '/appointments', p_target)
  RETURNING id INTO v_note;
  PERFORM pg_notify('que_live', jsonb_build_object('type', 'notification', 'userIds', jsonb_build_array(t.customer_id), 'notificationId', v_note)::text);
  PERFORM que_offer_email(p_target, 'cancelled', NULL);
  -- The sender's table is booked.
  PERFORM que_on_booked(p_pending, p_by_user);
END
$$;
--> statement-breakpoint
-- Accepts the price on the table (the offer, or the last counter) by the party whose turn it is,
-- and trades the appointments, whole, in one call: the hold is posted into escrow (a raise the
-- payer accepts is held first; a lower price returns the difference; card payments are captured for
-- what was posted, or cancelled), the appointments swap times or the restaurant table changes
-- hands, every other live offer on the two appointments ends (que_offer_end), and the other party
-- is told. The escrow is paid out once both visits are completed. A table handed over whose
-- reservation is part of another accepted, unsettled offer needs that offer settled by the
-- TypeScript settlement (settle-offer.ts): unless p_offers_end_after, that raises QBOFR before
-- anything changes, and the app accepts in a transaction that settles it (accept-offer.ts).
-- Returns que_offer_view.
CREATE FUNCTION que_offer_accept(p_user int, p_offer int, p_intent text, p_horizon int, p_zone text, p_offers_end_after boolean)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  o record;
  h record;
  v_price int;
  v_total int;
  v_held int;
  v_intent text;
  v_claimed text;
  v_intents text[];
  v_remaining int;
  v_take int;
  v_i int := 0;
  v_turn int;
  c record;
BEGIN
  SELECT from_user_id, to_user_id, from_appointment_id, to_appointment_id INTO o FROM offers WHERE id = p_offer;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Offer not found'; END IF;
  IF p_user NOT IN (o.from_user_id, o.to_user_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'Only the two customers of this offer can act on it';
  END IF;
  -- The appointments first, in id order, then the offer: the order an appointment change takes.
  IF (SELECT count(*) FROM (SELECT id FROM appointments WHERE id IN (o.from_appointment_id, o.to_appointment_id) ORDER BY id FOR UPDATE) l) < 2 THEN
    RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Appointment not found';
  END IF;
  SELECT * INTO o FROM offers WHERE id = p_offer FOR UPDATE;
  IF o.status NOT IN ('pending', 'negotiating') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This offer is already %s', o.status);
  END IF;
  IF o.expires_at <= clock_timestamp() THEN RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'This offer has expired'; END IF;
  -- The party whose turn it is: the recipient of a pending offer, else whoever did not counter last.
  v_turn := CASE WHEN o.status = 'pending' OR o.last_negotiation_by IS DISTINCT FROM o.to_user_id THEN o.to_user_id ELSE o.from_user_id END;
  IF p_user <> v_turn THEN
    RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'It is not your turn to answer this offer';
  END IF;
  IF NOT p_offers_end_after AND o.temporary_reservation AND EXISTS (
       SELECT 1 FROM offers WHERE id <> p_offer AND status = 'accepted' AND escrow_status = 'held'
          AND o.to_appointment_id IN (from_appointment_id, to_appointment_id)) THEN
    RAISE EXCEPTION USING ERRCODE = 'QBOFR', MESSAGE = 'The table handed over has an accepted offer to settle';
  END IF;

  v_price := coalesce(o.agreed_cents, o.counter_cents, o.offer_cents);
  v_total := que_offer_total(v_price, o.fee_kind);
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
      INSERT INTO payment_actions (kind, payment_intent_id, amount_cents)
      VALUES (CASE WHEN v_take > 0 THEN 'capture' ELSE 'cancel' END, v_intents[v_i], v_take) ON CONFLICT DO NOTHING;
    END IF;
  END LOOP;
  IF v_remaining > 0 THEN RAISE EXCEPTION 'offer #%: holds cover % of % cents', p_offer, v_total - v_remaining, v_total; END IF;

  UPDATE offers SET status = 'accepted', agreed_cents = v_price, accepted_at = now(), payment_intent_id = v_intent, updated_at = now()
   WHERE id = p_offer;
  IF o.temporary_reservation THEN
    PERFORM que_hand_over_table(o.from_appointment_id, o.to_appointment_id, p_user, p_horizon, p_zone);
  ELSE
    PERFORM que_swap_appointments(o.from_appointment_id, o.to_appointment_id, p_user, p_horizon, p_zone);
  END IF;

  -- The party who did not accept hears that the deal is done.
  SELECT * INTO c FROM que_offer_context(p_offer);
  PERFORM que_offer_tell(CASE WHEN p_user = o.from_user_id THEN o.to_user_id ELSE o.from_user_id END, p_offer, 'offer_accepted',
    'Offer accepted: ' || que_format_cents(v_price),
    format('%s accepted %s for the %s slot on %s at %s. %s; the money is held until both visits are completed.',
           CASE WHEN p_user = o.from_user_id THEN c.from_name ELSE c.to_name END, que_format_cents(v_price), c.target_time, c.target_date,
           c.business_name, CASE WHEN o.temporary_reservation THEN 'The table is handed over' ELSE 'Your appointments have swapped' END));
  RETURN que_offer_view(p_offer);
END
$$;
