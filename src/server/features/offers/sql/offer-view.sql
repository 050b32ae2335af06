-- The offer as the app shapes it (OfferRow), both appointments (que_appointment_view), what its
-- open holds keep and both parties' public names (que_public_name, '' without a profile name; never a username): offer-view.ts makes the wire shape for the viewer from this.
CREATE OR REPLACE FUNCTION que_offer_view(p_offer integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'offer', jsonb_build_object(
        'id', o.id, 'fromUserId', o.from_user_id, 'toUserId', o.to_user_id, 'fromAppointmentId', o.from_appointment_id,
        'toAppointmentId', o.to_appointment_id, 'offerType', o.offer_type, 'paymentMethod', o.payment_method, 'feeKind', o.fee_kind,
        'offerCents', o.offer_cents, 'counterCents', o.counter_cents, 'message', o.message, 'counterMessage', o.counter_message,
        'status', o.status, 'negotiationRound', o.negotiation_round, 'lastNegotiationBy', o.last_negotiation_by,
        'temporaryReservation', o.temporary_reservation, 'paymentIntentId', o.payment_intent_id, 'agreedCents', o.agreed_cents, 'totalCents', o.total_cents, 'recipientCents', o.recipient_cents,
        'businessFeeCents', o.business_fee_cents, 'platformFeeCents', o.platform_fee_cents,
        'escrowStatus', o.escrow_status, 'expiresAt', o.expires_at, 'acceptedAt', o.accepted_at, 'settledAt', o.settled_at,
        'createdAt', o.created_at, 'updatedAt', o.updated_at, 'swapFromStartsAt', o.swap_from_starts_at, 'swapToStartsAt', o.swap_to_starts_at),
      'fromAppointment', que_appointment_view(o.from_appointment_id),
      'toAppointment', que_appointment_view(o.to_appointment_id),
      'heldCents', que_offer_held(o.id),
      'fromName', coalesce(que_public_name(fu.full_name), ''),
      'toName', coalesce(que_public_name(tu.full_name), ''))
    FROM offers o JOIN users fu ON fu.id = o.from_user_id JOIN users tu ON tu.id = o.to_user_id
   WHERE o.id = p_offer
  );
END
$$;
