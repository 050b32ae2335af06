-- A rule of src/contract/rules.ts by its name (businessFeeCents, bookingCreditCents…), from the
-- app_rules row written at start-up (db/app-rules.ts). A missing rule is an error, never a default:
-- a number that is a rule lives in rules.ts only.
-- Why a session setting: a booking asks for nine rules, and each read of app_rules was a statement
-- of its own (executor set-up and an index scan: per-statement cost is what a booking's database
-- time is made of, issue 28). The session reads the row once, at its first rule, into settings
-- `que_rule.<name>`; later reads are an expression, no statement. A session keeps the rules of the
-- process that opened it, as its code does (processes of one version write the same row, and a new
-- version's processes open new sessions). A transaction that rolls back takes its settings with it,
-- so the next rule reads the row again.
CREATE OR REPLACE FUNCTION que_rule(p_name text)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_value integer := nullif(current_setting('que_rule.' || p_name, true), '')::integer;
  r record;
BEGIN
  IF v_value IS NOT NULL THEN RETURN v_value; END IF;
  FOR r IN SELECT e.key, e.value FROM app_rules, jsonb_each(rules) e WHERE id AND jsonb_typeof(e.value) = 'number' LOOP
    PERFORM set_config('que_rule.' || r.key, r.value::text, false);
  END LOOP;
  v_value := nullif(current_setting('que_rule.' || p_name, true), '')::integer;
  IF v_value IS NULL THEN
    RAISE EXCEPTION 'rule % is not in app_rules (is the app''s start-up done?)', p_name;
  END IF;
  RETURN v_value;
END
$$;
