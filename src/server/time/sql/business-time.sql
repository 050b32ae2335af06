-- Time (DESIGN section 4), once for every slot list, booking, reschedule and swap: the instant a
-- business's wall clock means. NULL for a time the clocks skip; a time they repeat means its first
-- occurrence. (PostgreSQL alone reads a repeated time as its second occurrence and a skipped one as
-- if the clocks had not changed yet, so both are decided here.)
CREATE OR REPLACE FUNCTION que_instant(p_local timestamp without time zone, p_zone text)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_pick timestamptz := p_local AT TIME ZONE p_zone;
  v_before timestamptz := v_pick - interval '3 hours';
  v_first timestamptz;
BEGIN
  IF v_pick AT TIME ZONE p_zone <> p_local THEN RETURN NULL; END IF;
  -- The same reading under the offset in force before a change: the first pass of a repeated hour.
  v_first := (p_local - ((v_before AT TIME ZONE p_zone) - (v_before AT TIME ZONE 'UTC'))) AT TIME ZONE 'UTC';
  IF v_first < v_pick AND v_first AT TIME ZONE p_zone = p_local THEN RETURN v_first; END IF;
  RETURN v_pick;
END
$$;

-- The earliest wall clock whose instant (que_instant) is not before p_instant. Usually the instant's
-- own wall clock; in the second pass of a repeated hour that reading means the first pass, so the
-- answer is where the repeat ends (a visit over at 01:30 EST is over, as a wall clock, at 02:00).
CREATE OR REPLACE FUNCTION que_wall_clock_at_or_after(p_instant timestamp with time zone, p_zone text)
 RETURNS timestamp without time zone
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_own timestamp := date_trunc('minute', p_instant AT TIME ZONE p_zone);
BEGIN
  IF que_instant(v_own, p_zone) >= p_instant THEN RETURN v_own; END IF;
  RETURN (SELECT min(w) FROM generate_series(v_own + interval '1 minute', v_own + interval '3 hours', interval '1 minute') w
           WHERE que_instant(w, p_zone) >= p_instant);
END
$$;

-- Why a local time cannot be booked: it does not exist that day (the clocks spring forward).
CREATE OR REPLACE FUNCTION que_missing_time_message(p_date date, p_time text, p_zone text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $$
BEGIN
  RETURN format('time: %s does not exist on %s in %s (the clocks skip it that day); please choose another time',
                p_time, to_char(p_date, 'YYYY-MM-DD'), p_zone);
END
$$;

-- An appointment's stored period (wall clocks): it starts at its local time and lasts p_duration
-- real minutes, so across a clock change the end's wall clock moves with the clocks (the earliest
-- wall clock not before the real end; appointments_duration_near_period_check allows it). A start the clocks
-- skip is refused (QB400).
CREATE OR REPLACE FUNCTION que_period(p_date date, p_time text, p_duration integer, p_zone text, OUT starts_at timestamp without time zone, OUT ends_at timestamp without time zone)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_at timestamptz;
BEGIN
  starts_at := p_date + (split_part(p_time, ':', 1)::int * 60 + split_part(p_time, ':', 2)::int) * interval '1 minute';
  v_at := que_instant(starts_at, p_zone);
  IF v_at IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'QB400', MESSAGE = que_missing_time_message(p_date, p_time, p_zone);
  END IF;
  ends_at := que_wall_clock_at_or_after(v_at + p_duration * interval '1 minute', p_zone);
END
$$;
