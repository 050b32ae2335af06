-- The follow job of a shard (decision 0039), first: up to p_limit changes of the shard still to
-- follow, oldest first, each with its subject;
-- a read: each is then taken and followed in a transaction of its own (que_follow_change_take).
-- A change is listed when it is due and every earlier change of its subject (its appointment, or an
-- offer's own id when it names none) is due too: a change whose follower failed waits for its
-- retry, and the changes of its subject after it wait behind it, so one appointment's follow-ups keep
-- their commit order (a "confirmed" e-mail never after the cancel's). Other subjects go on.
-- plpgsql, not sql: its plan is kept for the session (a sql function's body was planned at every call,
-- 0.3 ms of a run's 1 ms).
CREATE OR REPLACE FUNCTION que_due_changes(p_shard integer, p_limit integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $$
BEGIN
  RETURN (
  SELECT coalesce(jsonb_agg(to_jsonb(ch) || jsonb_build_object('subject', d.subject) ORDER BY ch.id), '[]'::jsonb)
    FROM (SELECT change_id, subject FROM (
            SELECT u.change_id, u.subject,
                   bool_and(u.retry_at <= now()) OVER (PARTITION BY u.subject ORDER BY u.change_id) AS ready
              FROM changes_unfollowed u WHERE u.shard = p_shard) pending
           WHERE ready ORDER BY change_id LIMIT p_limit) d
    JOIN changes ch ON ch.id = d.change_id);
END
$$;

-- A change taken to follow, in the transaction its followers run in: out of the changes to follow
-- and marked followed (changes_followed), so it commits with its follow-ups or not at all. False when
-- it was followed already (a job run again, or a second job of the shard). One transaction per change,
-- not per batch: a transaction that followed many changes held row locks of many appointments (their
-- rows' foreign keys) while owners lock two appointments to accept an offer, and the two deadlocked.
CREATE OR REPLACE FUNCTION que_follow_change_take(p_change bigint)
 RETURNS boolean
 LANGUAGE plpgsql
AS $$
BEGIN
  -- The follow transaction does not wait for the disk: the job's completion is committed after it,
  -- so a crash that loses this commit loses the completion too (the WAL is replayed in order) and
  -- the job runs again (decision 0028).
  PERFORM set_config('synchronous_commit', 'off', true);
  DELETE FROM changes_unfollowed WHERE change_id = p_change;
  IF NOT FOUND THEN RETURN false; END IF;
  INSERT INTO changes_followed (change_id) VALUES (p_change) ON CONFLICT DO NOTHING;
  RETURN true;
END
$$;

-- A change whose follower failed (its transaction rolled back, so it is still to follow): due again
-- after a backoff that grows with its failures (graphile-worker's own: e^attempts seconds, at most
-- e^10, about six hours). The changes of its subject after it wait behind it (que_due_changes).
CREATE OR REPLACE FUNCTION que_change_follow_failed(p_change bigint, p_error text)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE changes_unfollowed
     SET attempts = attempts + 1, retry_at = now() + make_interval(secs => exp(least(attempts + 1, 10))), last_error = left(p_error, 2000)
   WHERE change_id = p_change;
END
$$;

-- After the job's changes were followed, in a transaction of its own: when the shard has changes left, its
-- job runs again when the first of them is due (at once after a full batch, or for a change recorded
-- meanwhile). A recording of this shard holds the shard's advisory lock shared until it commits
-- (que_record_change_quietly), and one that found this job waiting or under way wrote no job: so the
-- lock is taken exclusively here, without waiting. Taken, no recording is in flight, and every one
-- that went before is seen. Not taken, one is in flight, and the job runs again at once to follow it.
-- Returns when the job runs next, or null when nothing is left.
CREATE OR REPLACE FUNCTION que_follow_changes_next(p_shard integer)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
AS $$
DECLARE
  v_next timestamptz;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  -- This job, about to end, first gives up its key (que_release_job_key), so a job added below or by
  -- a recording after this commit is a new one, not this one superseded: a superseded job that then
  -- failed (its completion's connection lost) would stay in the queue as failed for good.
  PERFORM que_release_job_key('changes:' || p_shard);
  IF NOT pg_try_advisory_xact_lock(hashtext('changes:' || p_shard)) THEN
    -- A recording of this shard is in flight. Waiting for it would make the shard's next recordings
    -- queue behind this lock, each holding its business's lock meanwhile (bookings of a busy shard
    -- went 30% slower): the job runs again instead, and follows it once it has committed.
    v_next := clock_timestamp();
    PERFORM que_add_job_unannounced('follow_changes', json_build_object('shard', p_shard), 'changes:' || p_shard, v_next, 'changes:' || p_shard, true);
    RETURN v_next;
  END IF;
  -- The first change of each subject decides when (the others wait behind it).
  SELECT min(retry_at) INTO v_next FROM (
    SELECT u.retry_at, row_number() OVER (PARTITION BY u.subject ORDER BY u.change_id) AS n
      FROM changes_unfollowed u WHERE u.shard = p_shard) first WHERE n = 1;
  IF v_next IS NOT NULL THEN
    v_next := greatest(v_next, clock_timestamp());
    PERFORM que_add_job_unannounced('follow_changes', json_build_object('shard', p_shard), 'changes:' || p_shard, v_next, 'changes:' || p_shard, true);
  END IF;
  RETURN v_next;
END
$$;

-- The shard of a change still to follow, for a follow_change job made before decision 0039 (its
-- change is followed by its shard's job); null when it was followed.
CREATE OR REPLACE FUNCTION que_change_shard(p_change bigint)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $$
  SELECT shard::int FROM changes_unfollowed WHERE change_id = p_change
$$;
