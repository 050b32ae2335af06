-- Who can serve a service on a day (DESIGN section 9): the business's active members who give the
-- service (empty service_ids: every service), are not on time off that day, and work that weekday,
-- each with their working ranges in minutes after midnight, in the owner's order. A member without
-- own hours works the business's hours; with own hours, the ranges set for that weekday (two
-- ranges around a lunch break; none: a day off). p_staff, when set, asks for that member alone.
CREATE OR REPLACE FUNCTION que_working_staff(p_business integer, p_service integer, p_date date, p_staff integer)
 RETURNS TABLE(staff_id integer, name text, opens integer[], closes integer[])
 LANGUAGE sql
 STABLE
AS $$
  SELECT m.id, m.name, r.opens, r.closes
    FROM staff_members m,
         LATERAL (
           SELECT array_agg(extract(epoch FROM h.open_time)::int / 60 ORDER BY h.open_time) AS opens,
                  array_agg(extract(epoch FROM h.close_time)::int / 60 ORDER BY h.open_time) AS closes
             FROM staff_hours h WHERE m.own_hours AND h.staff_id = m.id AND h.day_of_week = extract(dow FROM p_date)::int
           UNION ALL
           SELECT ARRAY[extract(epoch FROM bh.open_time)::int / 60], ARRAY[extract(epoch FROM bh.close_time)::int / 60]
             FROM business_hours bh WHERE NOT m.own_hours AND bh.business_id = p_business AND bh.day_of_week = extract(dow FROM p_date)::int
         ) r
   WHERE m.business_id = p_business AND m.active AND (p_staff IS NULL OR m.id = p_staff)
     AND (cardinality(m.service_ids) = 0 OR p_service = ANY (m.service_ids))
     AND r.opens IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM staff_time_off t WHERE t.staff_id = m.id AND t.start_date <= p_date AND t.end_date >= p_date)
   ORDER BY m.position, m.id
$$;
