-- A guest holds at most one confirmed reservation per restaurant and day (DESIGN section 5; a rule
-- the lead moves to rules.ts): one account cannot take a restaurant's seats table by table and sell
-- them back through offers. Raises QBONE (409 ONE_RESERVATION_PER_DAY) naming the one they hold.
-- p_exclude: appointments to leave out (the one being moved, or both sides of a swap). Does nothing
-- for a service business. Callers hold the restaurant's lock (que_require_slot takes the business
-- row) and call this after it, so of two parallel bookings the second sees the
-- first. Reads only that customer's appointments there that day (appointments_customer_business_starts_idx).
CREATE OR REPLACE FUNCTION que_require_one_reservation(p_customer integer, p_business integer, p_date date, p_exclude integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_held record;
BEGIN
  SELECT bz.business_name, o.starts_at INTO v_held
    FROM businesses bz JOIN appointments o ON o.business_id = bz.id
   WHERE bz.id = p_business AND bz.business_type = 'restaurant'
     AND o.customer_id = p_customer AND o.status = 'confirmed'
     AND o.starts_at >= p_date::timestamp AND o.starts_at < (p_date + 1)::timestamp
     AND (p_exclude IS NULL OR o.id <> ALL (p_exclude))
   ORDER BY o.starts_at LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'QBONE',
      MESSAGE = format('You already have a table at %s at %s. Each guest may hold one reservation per restaurant per day: change that one instead.',
                       v_held.business_name, que_slot_text(v_held.starts_at)),
      -- Whose table it names: the other side of a swap is told only that one is held (errors.ts).
      DETAIL = format('customer %s', p_customer);
  END IF;
END
$$;
