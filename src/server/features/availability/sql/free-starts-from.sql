-- Availability search (DESIGN section 10, GET /api/earliest-appointments with a date, time or party
-- size): a service's free starts ("HH:MM", ascending) on p_date at or after p_from, at most p_count,
-- for a party of p_party; the nearest to the time asked come first. p_day and p_starts are the
-- service's stored earliest_free_starts day and starts (a party of one, brought up to now before the
-- page is read): when they answer the question (that very day, a party of one) nothing is computed;
-- otherwise que_day_slots_within (the slot rules, once) gives the day. A business whose zone the
-- database cannot use, a service deleted or a party the restaurant cannot seat since the page's rows
-- were read has no starts, rather than failing the whole page.
CREATE OR REPLACE FUNCTION que_free_starts_from(p_business integer, p_service integer, p_date date, p_from text, p_party integer, p_horizon integer, p_now timestamp with time zone, p_day date, p_starts text[], p_count integer)
 RETURNS text[]
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_slots text[];
  v_out text[] := '{}';
  v_t text;
BEGIN
  IF p_day = p_date AND coalesce(p_party, 1) <= 1 THEN
    v_slots := p_starts;
  ELSE
    BEGIN
      SELECT w.slots INTO v_slots
        FROM que_day_slots_within(p_business, p_date, p_service, p_party, NULL, p_horizon, p_now, true, NULL, NULL, NULL, false) w;
    EXCEPTION WHEN invalid_parameter_value OR SQLSTATE 'QBTZ1' OR SQLSTATE 'QB404' OR SQLSTATE 'QB400' THEN
      RETURN v_out;
    END;
  END IF;
  -- ascending, as the slot rules give them: the first p_count at or after p_from
  FOREACH v_t IN ARRAY coalesce(v_slots, '{}') LOOP
    CONTINUE WHEN p_from IS NOT NULL AND v_t < p_from;
    v_out := v_out || v_t;
    EXIT WHEN cardinality(v_out) >= p_count;
  END LOOP;
  RETURN v_out;
END
$$;
