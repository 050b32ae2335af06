-- Booking policies (DESIGN section 9, decision 21): what applies, and the checks of a booking, a
-- reschedule and a cancel. The owner acting on their own business's appointments is exempt: callers
-- skip these for them. Times are instants on the database's clock (p_now, else now()); a business's
-- wall clock becomes one by que_instant.

-- The policies in effect: the defaults (rules.ts, via que_rule), under the business's settings, under
-- the service's overrides (each stores only the keys set). A restaurant's maxAdvanceDays default is
-- null: its reservation horizon (config) applies, as before policies; slotIntervalMinutes null: a
-- service's starts every min(30, duration) minutes (a restaurant's follow its time slots).
CREATE OR REPLACE FUNCTION que_policies(p_kind text, p_business jsonb, p_service jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $$
  SELECT jsonb_build_object(
    'minNoticeMinutes', que_rule('defaultMinNoticeMinutes'),
    'maxAdvanceDays', CASE WHEN p_kind = 'restaurant' THEN NULL ELSE que_rule('serviceBookingWindowDays') END,
    'slotIntervalMinutes', NULL, 'cancelCutoffMinutes', NULL, 'rescheduleCutoffMinutes', NULL, 'maxActivePerCustomer', NULL,
    'swapCutoffMinutes', que_rule('defaultSwapCutoffMinutes'), 'swapMarket', true)
    || coalesce(p_business, '{}') || coalesce(p_service, '{}')
$$;

-- A start the policies refuse for a new booking or a move: closer than the minimum notice (QBSON,
-- 409 TOO_SOON) or further ahead than a maximum advance the business or service set (QBFAR, 409
-- TOO_FAR). Without a set maximum the booking window of rules.ts (or a restaurant's horizon) refuses
-- as it always did, in que_require_slot. A time already past, or one the clocks skip, is left to
-- que_require_slot, which says why.
CREATE OR REPLACE FUNCTION que_require_booking_time(p_policies jsonb, p_advance_set boolean, p_date date, p_time text, p_zone text, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_now timestamptz := coalesce(p_now, now());
  v_notice int := (p_policies->>'minNoticeMinutes')::int;
  v_days int := (p_policies->>'maxAdvanceDays')::int;
  v_at timestamptz;
BEGIN
  IF p_time !~ '^[0-9]{2}:[0-9]{2}$' THEN RETURN; END IF;
  v_at := que_instant(p_date + (split_part(p_time, ':', 1)::int * 60 + split_part(p_time, ':', 2)::int) * interval '1 minute', p_zone);
  IF v_at IS NULL OR v_at <= v_now THEN RETURN; END IF;
  IF v_notice > 0 AND v_at < v_now + v_notice * interval '1 minute' THEN
    RAISE EXCEPTION USING ERRCODE = 'QBSON',
      MESSAGE = format('This business needs %s minutes'' notice: please choose a time at least %s minutes from now', v_notice, v_notice);
  END IF;
  IF p_advance_set AND v_days IS NOT NULL AND p_date > (v_now AT TIME ZONE p_zone)::date + v_days THEN
    RAISE EXCEPTION USING ERRCODE = 'QBFAR',
      MESSAGE = format('This business takes bookings at most %s days ahead: please choose an earlier date', v_days);
  END IF;
END
$$;

-- A customer at their limit of upcoming bookings at a business (maxActivePerCustomer): their future
-- confirmed or held (a restaurant offer's pending table) bookings there. QBLIM, 409 CUSTOMER_LIMIT.
-- Callers hold the business's row lock (que_require_slot takes it), so of two parallel bookings the
-- second counts the first. Reads that customer's rows there (appointments_customer_business_starts_idx).
CREATE OR REPLACE FUNCTION que_require_customer_limit(p_customer integer, p_business integer, p_limit integer, p_zone text, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_now timestamptz := coalesce(p_now, now());
  v_held int;
BEGIN
  IF p_limit IS NULL THEN RETURN; END IF;
  -- The wall clock narrows the read to the index; que_instant decides at the edge of a clock change.
  SELECT count(*) INTO v_held FROM appointments
   WHERE customer_id = p_customer AND business_id = p_business AND status IN ('confirmed', 'pending')
     AND starts_at >= (v_now AT TIME ZONE p_zone) - interval '3 hours' AND que_instant(starts_at, p_zone) > v_now;
  IF v_held >= p_limit THEN
    RAISE EXCEPTION USING ERRCODE = 'QBLIM',
      MESSAGE = format('This business takes at most %s upcoming booking%s per customer, and you have %s', p_limit, CASE WHEN p_limit = 1 THEN '' ELSE 's' END, v_held);
  END IF;
END
$$;

-- A cut-off of the policies an appointment was booked under, in minutes before its start: p_key is
-- 'cancelCutoffMinutes' or 'rescheduleCutoffMinutes'. Moving a booking frees its time as cancelling
-- does, so where only a cancel cut-off is set it also closes rescheduling (DESIGN section 9); the
-- appointment's view, the policy text and the reschedule check all read it from here. Null policies
-- (booked before policies) or a null cut-off: any time before the start.
CREATE OR REPLACE FUNCTION que_booked_cutoff(p_booked jsonb, p_key text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN p_key = 'rescheduleCutoffMinutes'
              THEN coalesce(p_booked->>'rescheduleCutoffMinutes', p_booked->>'cancelCutoffMinutes')
              ELSE p_booked->>p_key END::int
$$;

-- Whether that cut-off has passed.
CREATE OR REPLACE FUNCTION que_cutoff_passed(p_booked jsonb, p_key text, p_starts_at timestamp without time zone, p_zone text, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $$
  SELECT que_booked_cutoff(p_booked, p_key) IS NOT NULL
     AND coalesce(p_now, now()) > que_instant(p_starts_at, p_zone) - que_booked_cutoff(p_booked, p_key) * interval '1 minute'
$$;
