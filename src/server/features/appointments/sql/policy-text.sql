-- The booking policies as the customer is told them before booking (policySentences in
-- src/contract/policies.ts, word for word; policy-text.test.ts holds the two together), for the
-- confirmation e-mail, which states the policies the booking was made under (DESIGN section 9).

-- A policy's minutes as people say them: '30 min', '2 h', '24 h', '36 h', '2 days' (formatPolicyMinutes).
CREATE OR REPLACE FUNCTION que_policy_minutes_text(p_minutes integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN p_minutes >= 2880 AND p_minutes % 1440 = 0 THEN (p_minutes / 1440) || ' days'
              WHEN p_minutes >= 60 AND p_minutes % 60 = 0 THEN (p_minutes / 60) || ' h'
              ELSE p_minutes || ' min' END
$$;

-- One sentence a policy, from the effective values an appointment was booked under (booked_policies);
-- none for a booking made before policies existed (NULL).
CREATE OR REPLACE FUNCTION que_policy_sentences(p_policies jsonb)
 RETURNS text[]
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  v_notice int := (p_policies->>'minNoticeMinutes')::int;
  v_cancel int := (p_policies->>'cancelCutoffMinutes')::int;
  v_reschedule int := que_booked_cutoff(p_policies, 'rescheduleCutoffMinutes');
  v_limit int := (p_policies->>'maxActivePerCustomer')::int;
  v_lines text[] := ARRAY[]::text[];
BEGIN
  IF p_policies IS NULL THEN RETURN v_lines; END IF;
  IF coalesce(v_notice, 0) > 0 THEN v_lines := v_lines || format('Needs %s notice', que_policy_minutes_text(v_notice)); END IF;
  v_lines := v_lines || CASE WHEN v_cancel IS NULL THEN 'Free cancellation any time before the start'
                             ELSE format('Free cancellation until %s before', que_policy_minutes_text(v_cancel)) END;
  IF v_reschedule IS NOT NULL THEN v_lines := v_lines || format('Rescheduling until %s before', que_policy_minutes_text(v_reschedule)); END IF;
  IF v_limit IS NOT NULL THEN
    v_lines := v_lines || format('At most %s upcoming %s per customer', v_limit, CASE WHEN v_limit = 1 THEN 'booking' ELSE 'bookings' END);
  END IF;
  RETURN v_lines;
END
$$;
