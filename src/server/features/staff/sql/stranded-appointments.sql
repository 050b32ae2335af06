-- Owner changes under existing bookings (DESIGN section 4; businesses/strand-guard.ts guards them, this
-- says which bookings a change leaves without a place): a business's upcoming confirmed bookings
-- that no longer have a place where they are: on a blocked date; a restaurant's table at a time no
-- active time slot of that weekday holds; a service visit whose member is inactive, on time off, no
-- longer gives the service, or does not work the whole visit then (que_working_staff: the member's
-- own hours or the business's). The caller compares the list before and after its change, under the
-- business's lock, so only what the change strands counts. Wall-clock minutes, as the hours are.
-- The scope is what the change can touch, so that a change reads only those bookings: days from
-- p_from to p_to (a range of appointments_business_starts_idx), one member's visits (and visits with
-- no member, which any member may serve), starts on the weekdays p_weekdays (0 Sunday); null: all.
CREATE OR REPLACE FUNCTION que_stranded_appointments(p_business integer, p_now timestamp with time zone, p_from date, p_to date, p_staff integer, p_weekdays integer[])
 RETURNS integer[]
 LANGUAGE sql
 STABLE
AS $$
  SELECT coalesce(array_agg(a.id ORDER BY a.starts_at, a.id), '{}')
    FROM businesses bz
    JOIN appointments a ON a.business_id = bz.id
   WHERE bz.id = p_business AND a.status = 'confirmed'
     AND a.starts_at > (coalesce(p_now, now()) AT TIME ZONE bz.time_zone)
     AND a.starts_at >= coalesce(p_from::timestamp, '-infinity'::timestamp)
     AND a.starts_at < coalesce((p_to + 1)::timestamp, 'infinity'::timestamp)
     AND (p_staff IS NULL OR a.staff_id = p_staff OR a.staff_id IS NULL)
     AND (p_weekdays IS NULL OR extract(dow FROM a.starts_at)::int = ANY (p_weekdays))
     AND (EXISTS (SELECT 1 FROM blocked_dates bd WHERE bd.business_id = bz.id AND bd.date = a.starts_at::date)
          OR CASE WHEN bz.business_type = 'restaurant' THEN
               NOT EXISTS (SELECT 1 FROM restaurant_time_slots rt
                            WHERE rt.business_id = bz.id AND rt.is_active AND rt.day_of_week = extract(dow FROM a.starts_at)::int
                              AND rt.start_time <= a.starts_at::time AND a.starts_at::time < rt.end_time)
             ELSE
               NOT EXISTS (SELECT 1 FROM que_working_staff(bz.id, a.service_id, a.starts_at::date, a.staff_id) w,
                                         generate_subscripts(w.opens, 1) r
                            WHERE w.opens[r] <= extract(hour FROM a.starts_at)::int * 60 + extract(minute FROM a.starts_at)::int
                              AND extract(hour FROM a.starts_at)::int * 60 + extract(minute FROM a.starts_at)::int + a.duration <= w.closes[r])
             END)
$$;
