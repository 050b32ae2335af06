-- The offers' live pushes, as a follower of the change log (decision 0029): every change to an offer
-- (made, countered, accepted, ended, settled) is pushed to both of its customers' open tabs as an
-- offer_changed event, the actor's other tabs included, so each refetches the offer, the
-- appointments it moves, the wallet and the credit. A change to an appointment of an accepted offer
-- whose escrow is still held (cancelled, completed, moved) changes what that offer's card says (whose
-- visit the escrow waits for, where each moved), so both customers hear of it too. Returns the
-- events (a jsonb array) for the follow job to publish.
-- PL/pgSQL, not SQL: PostgreSQL planned the SQL function's query again on every change followed,
-- and its one WHERE (a CASE) could use no index; each branch here keeps its plan and its index.
CREATE OR REPLACE FUNCTION que_offer_change_pushes(c changes)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $$
BEGIN
  IF c.offer_id IS NOT NULL THEN
    RETURN (SELECT coalesce(jsonb_agg(jsonb_build_object('type', 'offer_changed', 'userIds', jsonb_build_array(o.from_user_id, o.to_user_id), 'offerId', o.id)
                                      ORDER BY o.id), '[]')
              FROM offers o WHERE o.id = c.offer_id);
  END IF;
  IF c.kind NOT IN ('moved', 'swapped', 'cancelled', 'completed', 'booked') OR c.appointment_id IS NULL THEN RETURN '[]'; END IF;
  RETURN (SELECT coalesce(jsonb_agg(jsonb_build_object('type', 'offer_changed', 'userIds', jsonb_build_array(o.from_user_id, o.to_user_id), 'offerId', o.id)
                                    ORDER BY o.id), '[]')
            FROM offers o
           WHERE (o.from_appointment_id = c.appointment_id OR o.to_appointment_id = c.appointment_id)
             AND o.status = 'accepted' AND o.escrow_status = 'held');
END
$$;
