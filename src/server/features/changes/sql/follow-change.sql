-- What a change's job does in the database (decision 0029), in one transaction: marks the change
-- followed (so a job run again, after a crash between its commit and its completion, does nothing)
-- and runs each follower that lives in SQL on the row: the in-app notices (que_change_notices, which
-- return their live events), the e-mail (que_change_email) and the earliest free starts (que_earliest_follow). Returns {change: the row, events: the
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
  -- Without waiting for the disk: the job's completion is committed after this, so a crash that
  -- loses this commit loses the completion too (the WAL is replayed in order) and the job runs again.
  PERFORM set_config('synchronous_commit', 'off', true);
  -- Notices first: the e-mail's job may start before this commits, but it sends only what committed.
  v_events := que_change_notices(c);
  PERFORM que_change_email(c);
  -- The earliest free starts of its business (availability), so a list read after this commits no
  -- longer offers a time the change took. Last: it locks the business's rows, which every follow
  -- job of that business's changes waits for, until this commits.
  PERFORM que_earliest_follow(c.kind, c.business_id);
  RETURN jsonb_build_object('change', to_jsonb(c), 'events', v_events);
END
$$;
