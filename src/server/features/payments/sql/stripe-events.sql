-- A Stripe webhook event received (POST /api/stripe/webhook, its signature already verified): kept
-- once by its id, and its job added in the same statement's transaction (decision 0028), so the
-- request answers at once and the work that follows runs in the job queue. Stripe delivers an event
-- at least once: a repeat inserts nothing, adds no job, and returns false.
CREATE OR REPLACE FUNCTION que_stripe_event_received(p_id text, p_type text, p_payload jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO stripe_events (id, type, payload) VALUES (p_id, p_type, p_payload) ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN RETURN false; END IF;
  PERFORM graphile_worker.add_job('payments_stripe_event', json_build_object('eventId', p_id),
    queue_name => 'stripe-events', job_key => 'stripe-event:' || p_id);
  RETURN true;
END
$$;
