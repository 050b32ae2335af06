-- A buffer's minutes in a service's policies (DESIGN section 9, decision 21): 0 when unset (or no
-- policies: a restaurant's table). Availability's, as the slots are: the slot check widens a visit by
-- these, and appointments' blocked period (appointments/sql/blocked-period.sql) and a swap use the same.
CREATE OR REPLACE FUNCTION que_buffer_minutes(p_policies jsonb, p_key text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $$
  SELECT greatest(coalesce((p_policies->>p_key)::int, 0), 0)
$$;
