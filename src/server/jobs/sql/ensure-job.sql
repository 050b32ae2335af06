-- For a task that looks again before it ends (decision 0039: the change log's shard jobs, and the
-- reminders' send job, both of which give up their key and try their callers' lock before they end): makes sure
-- a job of key p_job_key will run by p_run_at. Nothing is written when one is waiting, unfailed and due
-- by then, or when one is under way (taken by a runner, or its runner killed: runner-liveness frees it
-- to run again): the task, before it ends, takes the caller's advisory lock exclusively and looks for
-- work left (que_release_job_key below when there is none), so what the caller adds is not missed.
-- Otherwise the job is added or brought forward (que_add_job_unannounced with p_no_later). Not
-- superseding a job under way keeps it a job that can fail and be retried: a superseded one that then
-- failed would stay in the queue for good (the fault run's "failed for good").
CREATE OR REPLACE FUNCTION que_ensure_job(p_task text, p_payload json, p_queue text, p_run_at timestamp with time zone, p_job_key text, p_max_attempts int DEFAULT 25)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM graphile_worker._private_jobs j
              WHERE j.key = p_job_key AND (j.locked_at IS NOT NULL OR (j.is_available AND j.attempts = 0 AND j.run_at <= p_run_at))) THEN
    RETURN;
  END IF;
  PERFORM que_add_job_unannounced(p_task, p_payload, p_queue, p_run_at, p_job_key, true, p_max_attempts);
END
$$;

-- A job under way about to end gives up its key: a caller after it adds a new job instead of counting
-- on this one (que_ensure_job), and the job's own next run is a new job rather than this one
-- superseded (add_job's way, its tries used up: one that then failed, its completion's connection
-- lost, stayed in the queue as failed for good). Its tries are left as they are, so such a failure
-- is retried, and the task does again what it does (each change followed once, each reminder sent once).
CREATE OR REPLACE FUNCTION que_release_job_key(p_job_key text)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE graphile_worker._private_jobs SET key = NULL, updated_at = now() WHERE key = p_job_key AND locked_at IS NOT NULL;
END
$$;
