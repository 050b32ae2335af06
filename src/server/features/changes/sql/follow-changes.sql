-- The follow job of a shard (decision 0039), in its transaction: takes up to p_limit changes of the
-- shard still to follow, oldest first, marks them followed (changes_followed) and returns them for
-- the followers (each feature's, run next in the same transaction by features/changes/follow-changes.ts),
-- each with its subject and how often its followers failed before (attempts).
-- A change is taken when it is due and every earlier change of its subject (its appointment, or an
-- offer's own id when it names none) is taken with it: a change whose follower failed waits for its
-- retry, and the changes of its subject after it wait behind it, so one appointment's follow-ups keep
-- their commit order (a "confirmed" e-mail never after the cancel's). Other subjects go on.
-- Jobs of one shard share a queue, so one runs at a time; were two to run, the DELETE's row locks give
-- each change to one of them. Empty when nothing is due.
CREATE OR REPLACE FUNCTION que_follow_changes(p_shard integer, p_limit integer)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  v_due jsonb;
BEGIN
  -- The follow transaction does not wait for the disk: the job's completion is committed after it,
  -- so a crash that loses this commit loses the completion too (the WAL is replayed in order) and
  -- the job runs again (decision 0028).
  PERFORM set_config('synchronous_commit', 'off', true);
  WITH pending AS (
    SELECT u.change_id,
           bool_and(u.retry_at <= now()) OVER (PARTITION BY u.subject ORDER BY u.change_id) AS ready
      FROM changes_unfollowed u WHERE u.shard = p_shard
  ), picked AS (
    SELECT change_id FROM pending WHERE ready ORDER BY change_id LIMIT p_limit
  ), taken AS (
    DELETE FROM changes_unfollowed u USING picked WHERE u.change_id = picked.change_id
    RETURNING u.change_id, u.subject, u.attempts
  ), marked AS (
    INSERT INTO changes_followed (change_id) SELECT change_id FROM taken ON CONFLICT DO NOTHING
  )
  SELECT coalesce(jsonb_agg(to_jsonb(ch) || jsonb_build_object('subject', t.subject, 'attempts', t.attempts) ORDER BY ch.id), '[]'::jsonb)
    INTO v_due
    FROM taken t JOIN changes ch ON ch.id = t.change_id;
  RETURN v_due;
END
$$;

-- A change whose follower failed (p_failed, after p_attempts failures before), with the changes of
-- its subject taken after it in the same batch (p_later): back to the changes to follow, unmarked.
-- The failed one is due again after a backoff that grows with its failures (graphile-worker's own:
-- e^attempts seconds, at most e^10, about 6 hours); the later ones wait behind it. The follower's
-- writes were rolled back to the savepoint before it (follow-changes.ts).
CREATE OR REPLACE FUNCTION que_changes_follow_failed(p_failed bigint, p_attempts integer, p_error text, p_later bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM changes_followed WHERE change_id = p_failed OR change_id = ANY (p_later);
  INSERT INTO changes_unfollowed (change_id, shard, subject, attempts, retry_at, last_error)
  SELECT ch.id, que_change_shard_of(ch.business_id, ch.appointment_id, ch.offer_id), que_change_subject_of(ch.id, ch.appointment_id, ch.offer_id),
         CASE WHEN ch.id = p_failed THEN p_attempts + 1 ELSE 0 END,
         CASE WHEN ch.id = p_failed THEN now() + make_interval(secs => exp(least(p_attempts + 1, 10))) ELSE '-infinity' END,
         CASE WHEN ch.id = p_failed THEN left(p_error, 2000) END
    FROM changes ch WHERE ch.id = p_failed OR ch.id = ANY (p_later);
END
$$;

-- After a follow transaction has committed, in one of its own: when the shard has changes left, its
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
  ELSE
    -- Nothing left: this job is about to end, so a change recorded after this commit adds a new one.
    PERFORM que_release_job_key('changes:' || p_shard);
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
