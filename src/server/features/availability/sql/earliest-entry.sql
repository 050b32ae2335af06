-- The first day of the coming week (the business's today and the six days after it) on which the
-- service has a free start, with that day's free starts, as que_day_slots gives them (a restaurant
-- for a party of one). Nulls when there is none. A restaurant's horizon is at least 7 days
-- (config.ts), so the week is inside every allowed horizon. Raises as que_day_slots does (QB404,
-- QBTZ1; 22023 for a zone the database cannot use).
CREATE OR REPLACE FUNCTION que_earliest_start(p_service integer, p_now timestamp with time zone, OUT day date, OUT starts text[])
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_business int;
  v_zone text;
  v_today date;
  v_slots text[];
BEGIN
  SELECT s.business_id, b.time_zone INTO v_business, v_zone
    FROM services s JOIN businesses b ON b.id = s.business_id WHERE s.id = p_service;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found'; END IF;
  v_today := (p_now AT TIME ZONE v_zone)::date;
  FOR i IN 0..6 LOOP
    SELECT d.slots INTO v_slots FROM que_day_slots(v_business, v_today + i, p_service, NULL, NULL, 7, p_now, true, NULL) d;
    IF cardinality(v_slots) > 0 THEN
      day := v_today + i;
      starts := v_slots;
      RETURN;
    END IF;
  END LOOP;
END
$$;

-- A fresh earliest_free_starts row for a service at p_now. p_day and p_starts are the stored day and
-- starts when they may still be trusted (same business version, computed for a "now" not after
-- p_now): time passing only ends starts (que_day_slots offers a start while its instant,
-- que_instant, is after now), so the first stored start still ahead is the answer, and nothing is
-- recomputed. Otherwise, or when all have passed, que_earliest_start walks the week again.
-- A deleted service is not listed (fresh until its business changes again); a business whose zone
-- the database cannot use is left out of the listings and looked at again a minute later. Every
-- answer is fresh for p_now, so each read that recomputes rows leaves fewer stale ones.
CREATE OR REPLACE FUNCTION que_earliest_entry(p_service integer, p_now timestamp with time zone, p_day date, p_starts text[], OUT business_id integer, OUT fresh_until timestamp with time zone, OUT day date, OUT starts text[], OUT start_local timestamp without time zone, OUT item text)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  r record;
  v_at timestamptz;
  v_start record;
  v_today date;
  -- A start closer than the minimum notice is not offered (que_day_slots), so a start stays the
  -- answer until its instant less the notice.
  v_notice interval;
BEGIN
  starts := '{}';
  SELECT s.id, s.business_id, s.deleted_at, b.time_zone, s.policies AS service_policies, b.policies AS business_policies
    INTO r FROM services s JOIN businesses b ON b.id = s.business_id WHERE s.id = p_service;
  IF NOT FOUND THEN RETURN; END IF;
  business_id := r.business_id;
  IF r.deleted_at IS NOT NULL THEN fresh_until := 'infinity'; RETURN; END IF;
  v_notice := coalesce((r.service_policies->>'minNoticeMinutes')::int, (r.business_policies->>'minNoticeMinutes')::int,
                       que_rule('defaultMinNoticeMinutes')) * interval '1 minute';

  BEGIN
    IF p_day IS NOT NULL THEN
      FOR v_start IN SELECT t, n FROM unnest(p_starts) WITH ORDINALITY u(t, n) LOOP
        v_at := que_instant(p_day + v_start.t::time, r.time_zone) - v_notice;
        IF v_at > p_now THEN
          day := p_day;
          starts := p_starts[v_start.n:];
          fresh_until := v_at;
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF day IS NULL THEN
      SELECT e.day, e.starts INTO day, starts FROM que_earliest_start(p_service, p_now) e;
      IF day IS NOT NULL THEN
        fresh_until := que_instant(day + starts[1]::time, r.time_zone) - v_notice;
      ELSE
        starts := '{}';
        -- Nothing this week; at the next midnight a new day joins it (its first instant: que_instant's
        -- first pass of a repeated midnight, PostgreSQL's reading of a skipped one).
        v_today := (p_now AT TIME ZONE r.time_zone)::date;
        fresh_until := coalesce(que_instant((v_today + 1)::timestamp, r.time_zone), (v_today + 1)::timestamp AT TIME ZONE r.time_zone);
        RETURN;
      END IF;
    END IF;
  EXCEPTION WHEN invalid_parameter_value OR SQLSTATE 'QBTZ1' THEN
    day := NULL;
    starts := '{}';
    -- looked at again a minute later (a tzdata update may bring the zone back)
    fresh_until := p_now + interval '1 minute';
    RETURN;
  END;
  start_local := day + starts[1]::time;
  item := que_earliest_item(p_service, day, starts[1]);
END
$$;

-- The item as GET /api/earliest-appointments shows it (EarliestAppointment in src/contract) for a
-- service's free start on p_day at p_time, in its key order, compact: the route sends the text as it
-- is. A restaurant's slot lasts its reservation, as que_day_slots books it. The business's zone says
-- whose clock the date and time are on. The stored rows' items (que_earliest_entry) and a search's
-- items for a service with nothing stored (a later date; earliest-page.repository.ts) are both made here.
CREATE OR REPLACE FUNCTION que_earliest_item(p_service integer, p_day date, p_time text)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $$
  SELECT '{"business":{"id":' || b.id || ',"businessName":' || to_json(b.business_name)::text
    || ',"businessType":' || to_json(b.business_type)::text || ',"category":' || to_json(b.category)::text
    || ',"timeZone":' || to_json(b.time_zone)::text
    || '},"service":{"id":' || s.id || ',"serviceName":' || to_json(s.name)::text || ',"duration":' || s.duration
    || ',"price":"' || CASE WHEN s.price_cents < 0 THEN '-' ELSE '' END || (abs(s.price_cents) / 100)::text || '.'
    || lpad((abs(s.price_cents) % 100)::text, 2, '0')
    || '"},"date":"' || to_char(p_day, 'YYYY-MM-DD') || '","time":"' || p_time || '","duration":'
    || CASE WHEN b.business_type = 'restaurant' THEN coalesce(b.reservation_duration, 120) ELSE s.duration END || '}'
  FROM services s JOIN businesses b ON b.id = s.business_id WHERE s.id = p_service
$$;
