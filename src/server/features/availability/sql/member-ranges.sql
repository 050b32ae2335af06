-- Step 2 of que_day_slots_within for a service: the members who work that day and give the service
-- (que_working_staff; p_staff: that member alone), in the owner's order, and their working ranges
-- flattened (range_member is the member's ordinal in member_ids; a lunch break ends one range), and
-- the span the candidate starts cover: first_start to last_start, the first and the last start of the
-- ranges' grids (every p_step minutes from a range's opening while the visit ends by its closing;
-- p_only: that start alone, where it is on a grid), found without building the grids. first_start
-- is null when no member can take the visit (the bookings need not be read then).
CREATE OR REPLACE FUNCTION que_member_ranges(p_business integer, p_service integer, p_date date, p_staff integer, p_duration integer, p_step integer, p_only integer, OUT member_ids integer[], OUT range_member integer[], OUT range_open integer[], OUT range_close integer[], OUT first_start integer, OUT last_start integer)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  w record;
  r int;
  v_members int := 0;
BEGIN
  member_ids := '{}';
  range_member := '{}';
  range_open := '{}';
  range_close := '{}';
  FOR w IN SELECT * FROM que_working_staff(p_business, p_service, p_date, p_staff) LOOP
    v_members := v_members + 1;
    member_ids := member_ids || w.staff_id;
    FOR r IN 1 .. cardinality(w.opens) LOOP
      range_member := range_member || v_members;
      range_open := range_open || w.opens[r];
      range_close := range_close || w.closes[r];
      IF w.opens[r] + p_duration <= w.closes[r] THEN
        IF p_only IS NULL THEN
          first_start := least(first_start, w.opens[r]);
          last_start := greatest(last_start, w.opens[r] + (w.closes[r] - p_duration - w.opens[r]) / p_step * p_step);
        ELSIF p_only >= w.opens[r] AND p_only + p_duration <= w.closes[r] AND (p_only - w.opens[r]) % p_step = 0 THEN
          first_start := least(first_start, p_only);
          last_start := greatest(last_start, p_only);
        END IF;
      END IF;
    END LOOP;
  END LOOP;
END
$$;
