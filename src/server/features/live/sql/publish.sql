-- Publishes live events (a jsonb array, in order) on the channel every app process LISTENs on;
-- PostgreSQL delivers them when the calling transaction commits.
CREATE OR REPLACE FUNCTION que_publish(p_events jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('que_live', e::text) FROM jsonb_array_elements(coalesce(p_events, '[]')) e;
END
$$;
