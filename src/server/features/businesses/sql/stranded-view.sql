-- The bookings a refusal names, for the business's owner (who sees everything): id, date, time,
-- service (archived ones too), customer and member, by start.
CREATE OR REPLACE FUNCTION que_stranded_view(p_ids integer[])
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'id', a.id, 'date', to_char(a.starts_at, 'YYYY-MM-DD'), 'time', to_char(a.starts_at, 'HH24:MI'),
           'serviceId', a.service_id, 'serviceName', s.name, 'customerName', a.customer_name, 'partySize', a.party_size,
           'staffId', a.staff_id, 'staffName', m.name) ORDER BY a.starts_at, a.id), '[]'::jsonb)
    FROM appointments a JOIN services s ON s.id = a.service_id LEFT JOIN staff_members m ON m.id = a.staff_id
   WHERE a.id = ANY (p_ids)
$$;
