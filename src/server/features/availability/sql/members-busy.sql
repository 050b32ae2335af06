-- Step 3 of que_day_slots_within for a service: the working members' busy times, as minutes from the
-- day's midnight. p_day is que_slot_day's answer, p_ranges que_member_ranges'. Only appointments
-- that can touch a candidate start matter: one indexed range read over the whole business (the GiST
-- index of the overlap constraint, with its very predicate and period: the blocked one, the visit
-- widened by its buffers), the candidates' span widened by the service's buffers (and by three hours
-- on a day the clocks change). Ordered by member, so each member's bookings are one run of the list,
-- b_start[m_lo[m]:m_hi[m]] for the m-th member (empty: m_lo 1, m_hi 0). Without p_with_booked (an
-- "anyone" booking's check, where the exclusion constraint is the arbiter) nothing is read and
-- every member is free.
CREATE OR REPLACE FUNCTION que_members_busy(p_day record, p_ranges record, p_business integer, p_exclude integer[], p_with_booked boolean, OUT b_start integer[], OUT b_end integer[], OUT m_lo integer[], OUT m_hi integer[])
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $$
DECLARE
  v_members int := cardinality(p_ranges.member_ids);
  v_b_staff int[];
  m int;
  i int;
BEGIN
  m_lo := array_fill(1, ARRAY[v_members]);
  m_hi := array_fill(0, ARRAY[v_members]);
  IF NOT p_with_booked THEN RETURN; END IF;
  SELECT array_agg(floor(extract(epoch FROM a.blocked_starts_at - p_day.day_start) / 60)::int ORDER BY a.staff_id, a.id),
         array_agg(floor(extract(epoch FROM a.blocked_ends_at - p_day.day_start) / 60)::int ORDER BY a.staff_id, a.id), array_agg(a.staff_id ORDER BY a.staff_id, a.id)
    INTO b_start, b_end, v_b_staff
    FROM appointments a
   WHERE a.business_id = p_business AND a.occupies
     AND tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(p_day.day_start + (p_ranges.first_start - p_day.buffer_before) * interval '1 minute',
           p_day.day_start + (p_ranges.last_start + p_day.duration + p_day.buffer_after + CASE WHEN p_day.change_day THEN 180 ELSE 0 END) * interval '1 minute', '[)')
     AND a.exclusive
     AND (p_exclude IS NULL OR a.id <> ALL (p_exclude));
  IF v_b_staff IS NULL THEN RETURN; END IF;
  FOR m IN 1 .. v_members LOOP
    i := array_position(v_b_staff, p_ranges.member_ids[m]);
    CONTINUE WHEN i IS NULL;
    m_lo[m] := i;
    WHILE i < cardinality(v_b_staff) AND v_b_staff[i + 1] = p_ranges.member_ids[m] LOOP i := i + 1; END LOOP;
    m_hi[m] := i;
  END LOOP;
END
$$;
