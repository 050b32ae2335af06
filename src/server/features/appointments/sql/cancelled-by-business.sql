-- Whether the business cancelled an appointment (its owner did): an appointment's fact, shown in its
-- view (cancelledByBusiness) and read by offers' settlement, where it is the one exception to paying
-- the recipient of an accepted swap (DESIGN section 5: the payer is refunded; que_offer_settle).
CREATE OR REPLACE FUNCTION que_cancelled_by_business(p_status text, p_cancelled_by integer, p_owner integer)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $$
  SELECT p_status = 'cancelled' AND p_cancelled_by IS NOT DISTINCT FROM p_owner AND p_owner IS NOT NULL
$$;
