-- The first step of a change's follow job (decision 0029), in the job's transaction: marks the
-- change followed, so a job run again (after a crash between its commit and its completion) finds it
-- and does nothing. Returns the row for the followers (each feature's, run next in the same
-- transaction by features/changes/follow-changes.ts), or NULL when it was followed already (or purged).
CREATE OR REPLACE FUNCTION que_follow_change(p_change bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  c changes;
BEGIN
  -- The follow transaction does not wait for the disk: the job's completion is committed after it,
  -- so a crash that loses this commit loses the completion too (the WAL is replayed in order) and
  -- the job runs again (decision 0028).
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO changes_followed (change_id) VALUES (p_change) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT * INTO c FROM changes WHERE id = p_change;
  IF NOT FOUND THEN RETURN NULL; END IF;
  RETURN to_jsonb(c);
END
$$;
