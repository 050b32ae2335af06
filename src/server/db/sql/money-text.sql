-- 2500 -> '$25.00', 123456 -> '$1,234.56' (formatCents in src/contract/money.ts).
CREATE OR REPLACE FUNCTION que_format_cents(p_cents bigint)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $$
BEGIN
  RETURN CASE WHEN p_cents < 0 THEN '-' ELSE '' END || '$' || trim(to_char(abs(p_cents) / 100, 'FM999,999,999,990')) || '.' || lpad((abs(p_cents) % 100)::text, 2, '0');
END
$$;

-- 2500 -> '25.00' (centsToDecimal, the wire format).
CREATE OR REPLACE FUNCTION que_cents_decimal(p_cents bigint)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $$
BEGIN
  RETURN CASE WHEN p_cents < 0 THEN '-' ELSE '' END || (abs(p_cents) / 100)::text || '.' || lpad((abs(p_cents) % 100)::text, 2, '0');
END
$$;
