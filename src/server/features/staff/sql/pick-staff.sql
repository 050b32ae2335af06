-- The "anyone" pick (DESIGN section 9): of the members free at a time, the one with the fewest
-- confirmed appointments that day, then the one booked least recently (never booked: first), then
-- the owner's order. The booking tries them in this order (que_book_returning_events), and a row
-- written without a member goes to the first (que_appointment_default_member). Read under
-- the business lock the slot check takes, so the counts cannot change meanwhile.
CREATE OR REPLACE FUNCTION que_pick_order(p_staff integer[], p_date date)
 RETURNS integer[]
 LANGUAGE sql
 STABLE
AS $$
  SELECT coalesce(array_agg(m.id ORDER BY d.n, m.last_booked_at NULLS FIRST, m.position, m.id), '{}')
    FROM staff_members m,
         LATERAL (SELECT count(*) AS n FROM appointments a
                   WHERE a.staff_id = m.id AND a.status = 'confirmed' AND a.starts_at >= p_date AND a.starts_at < p_date + 1) d
   WHERE m.id = ANY (p_staff)
$$;
