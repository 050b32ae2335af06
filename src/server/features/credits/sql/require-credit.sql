-- Refuses a spend of Que Credit the payer does not have (INSUFFICIENT_CREDIT, 400).
CREATE OR REPLACE FUNCTION que_require_credit(p_needed bigint, p_have bigint)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
AS $$
BEGIN
  IF p_have < p_needed THEN
    RAISE EXCEPTION USING ERRCODE = 'QBCRD', MESSAGE = format(
      'You need $%s in Que Credit but only have $%s. Book more appointments to earn Que Credit!',
      que_cents_decimal(p_needed), que_cents_decimal(greatest(0, p_have)));
  END IF;
END
$$;
