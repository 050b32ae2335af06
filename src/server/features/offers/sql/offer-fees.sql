-- The one fee rule (DESIGN section 5; splitOffer in src/contract/offer-fees.ts, and
-- offer-sql-rules.test.ts holds the two equal for every price), with the fees of src/contract/rules.ts:
-- the platform fee is platformFeePercent of the price, rounded half up, and the business fee is
-- businessFeeCents. At a service business the payer is charged price + business fee and the
-- recipient gets the price less the platform fee; at a restaurant the payer is charged price +
-- platform fee + business fee and the recipient gets the whole price. total = recipient + fees.
CREATE OR REPLACE FUNCTION que_offer_split(p_cents integer, p_fee_kind text, OUT total_cents integer, OUT recipient_cents integer, OUT business_fee_cents integer, OUT platform_fee_cents integer)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_rules jsonb := (SELECT rules FROM app_rules WHERE id);
BEGIN
  -- One read of the rules row (que_rule reads it once per rule).
  platform_fee_cents := (p_cents * (v_rules->>'platformFeePercent')::int + 50) / 100;
  business_fee_cents := (v_rules->>'businessFeeCents')::int;
  IF p_fee_kind = 'restaurant' THEN
    recipient_cents := p_cents;
    total_cents := p_cents + platform_fee_cents + business_fee_cents;
  ELSE
    recipient_cents := p_cents - platform_fee_cents;
    total_cents := p_cents + business_fee_cents;
  END IF;
END
$$;

-- What the payer is charged for an offer at a price: que_offer_split's total.
CREATE OR REPLACE FUNCTION que_offer_total(p_cents integer, p_fee_kind text)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $$
  SELECT s.total_cents FROM que_offer_split(p_cents, p_fee_kind) s
$$;
