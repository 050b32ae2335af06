-- What a change's job does in the database (decision 0029), in one transaction: marks the change
-- followed (so a job run again, after a crash between its commit and its completion, does nothing)
-- and runs each follower that lives in SQL on the row: the offers' live pushes
-- (que_offer_change_pushes), the in-app notices (que_change_notices, which return their live events)
-- and the e-mail (que_change_email). Returns {change: the row, events: the
-- live events to publish after commit}, or NULL when the change was followed already (or purged).
CREATE OR REPLACE FUNCTION que_follow_change(p_change bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  c changes;
  v_events jsonb;
BEGIN
  INSERT INTO changes_followed (change_id) VALUES (p_change) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT * INTO c FROM changes WHERE id = p_change;
  IF NOT FOUND THEN RETURN NULL; END IF;
  -- The offers' cards first, then the notices, as a reader's tab refetches then reads its bell.
  v_events := que_offer_change_pushes(c) || que_change_notices(c);
  PERFORM que_change_email(c);
  RETURN jsonb_build_object('change', to_jsonb(c), 'events', v_events);
END
$$;
