-- A rule of src/contract/rules.ts by its name (businessFeeCents, bookingCreditCents…), from the
-- app_rules row written at start-up (db/app-rules.ts). A missing rule is an error, never a default:
-- a number that is a rule lives in rules.ts only.
CREATE OR REPLACE FUNCTION que_rule(p_name text)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_value integer;
BEGIN
  SELECT (rules->>p_name)::integer INTO v_value FROM app_rules WHERE id;
  IF v_value IS NULL THEN
    RAISE EXCEPTION 'rule % is not in app_rules (is the app''s start-up done?)', p_name;
  END IF;
  RETURN v_value;
END
$$;
