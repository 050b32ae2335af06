-- The appointment as the app shows it (AppointmentRow in appointments.repository.ts).
CREATE OR REPLACE FUNCTION que_appointment_view(p_appointment integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  a appointments;
  bz businesses;
BEGIN
  SELECT * INTO a FROM appointments WHERE id = p_appointment;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT * INTO bz FROM businesses WHERE id = a.business_id;
  RETURN que_appointment_view_of(a, bz, (SELECT name FROM services WHERE id = a.service_id));
END
$$;

-- The same, from the rows a caller has in hand (a booking: the row it inserted, its business and
-- service), so they are not read again.
CREATE OR REPLACE FUNCTION que_appointment_view_of(a appointments, bz businesses, p_service_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'id', a.id, 'businessId', a.business_id, 'serviceId', a.service_id, 'customerId', a.customer_id, 'ownerId', bz.owner_id,
      'date', to_char(a.starts_at, 'YYYY-MM-DD'), 'time', to_char(a.starts_at, 'HH24:MI'), 'duration', a.duration,
      'priceCents', a.price_cents, 'status', a.status, 'exclusive', a.exclusive, 'partySize', a.party_size, 'notes', a.notes,
      'blockOffers', a.block_offers, 'createdAt', a.created_at, 'serviceName', p_service_name, 'businessName', bz.business_name,
      'businessType', bz.business_type, 'timeZone', bz.time_zone, 'customerName', a.customer_name, 'customerEmail', a.customer_email,
      'customerPhone', a.customer_phone, 'seatingPreference', a.seating_preference, 'occasionType', a.occasion_type,
      'dietaryRestrictions', a.dietary_restrictions, 'cancelledBy', a.cancelled_by,
      -- The cut-offs it was booked under (DESIGN section 9) and whether its business takes offers now.
      'cancelCutoffMinutes', (a.booked_policies->>'cancelCutoffMinutes')::int,
      'rescheduleCutoffMinutes', que_booked_cutoff(a.booked_policies, 'rescheduleCutoffMinutes'),
      'swapMarket', (que_policies(bz.business_type, bz.policies, NULL)->>'swapMarket')::boolean,
      -- Who serves it (DESIGN section 9); null for a restaurant's table.
      'staffId', a.staff_id, 'staffName', sm.name, 'staffRequested', a.staff_requested,
      'cancelledByBusiness', que_cancelled_by_business(a.status, a.cancelled_by, bz.owner_id),
      -- Its review (DESIGN section 10) and, for a completed one, its completion (nothing changes it after).
      'updatedAt', a.updated_at, 'reviewId', rv.id, 'reviewRating', rv.rating,
      -- Confirmed by its customer from a reminder's link (DESIGN section 11).
      'customerConfirmedAt', a.customer_confirmed_at,
      -- Its deposit (DESIGN section 11): {amountCents, status}, or null.
      'deposit', que_appointment_deposit(a.id), 'cardFees', que_appointment_card_fees(a.id),
      -- A waitlist hold's end (DESIGN section 11).
      'heldUntil', CASE WHEN a.status = 'held' THEN a.held_until END)
    FROM (SELECT 1) one
    LEFT JOIN staff_members sm ON sm.id = a.staff_id LEFT JOIN reviews rv ON rv.appointment_id = a.id
  );
END
$$;

-- Its deposit as the API shows it (DESIGN section 11: {amountCents, status}), or null; the lists read it here too.
CREATE OR REPLACE FUNCTION que_appointment_deposit(p_appointment integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $$
  SELECT que_deposit_view(p_appointment)
$$;

-- Its card kept on file for fees (DESIGN section 11): {noShowFeeCents, lateCancelFeeCents, charged, declined}, or null.
CREATE OR REPLACE FUNCTION que_appointment_card_fees(p_appointment integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $$
  SELECT que_card_fees_view(p_appointment)
$$;
