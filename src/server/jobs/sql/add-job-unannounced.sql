-- Adds a job as graphile_worker.add_job does (decision 0028), without its NOTIFY "jobs:insert".
-- Why: a transaction that notifies holds PostgreSQL's cluster-wide notify lock from just before its
-- commit until the commit is flushed, so every notifying transaction flushes the WAL one at a time.
-- Measured on a booking (bench/booking-throughput.ts, 16 clients): 121-152/s with add_job's
-- NOTIFY in the booking's transaction, 335-458/s without it. The job is still part of the
-- change's transaction (a rollback takes it back); runners learn of it from the NOTIFY the app
-- sends once that transaction has committed (job-queue.ts wakeJobRunners, without waiting for the
-- disk), or at their next poll when the process died in between.
-- This is graphile-worker 0.16.6's add_jobs (its sql/000018.sql) for one job, without the NOTIFY:
-- it writes the library's own tables, so a version bump must compare it with the new add_jobs
-- (src/server/jobs/job-queue.test.ts runs jobs added this way, keys and all, on both databases).
-- p_max_attempts and p_priority: add_job's max_attempts and priority (lower runs first), its defaults when not given.
-- p_no_later: a waiting job of that key keeps the earlier of its time and p_run_at, so it runs no
-- later than either caller asked; when it has not failed and is due by p_run_at already, nothing is
-- written (no row lock, so callers do not queue behind one another on the key's row). Only for a
-- task that looks again for what callers added, under a lock they hold until they commit: without
-- the write, a runner may take the waiting job before the caller commits (the reminders' one send
-- job, decision 0038; the change log's shard jobs, decision 0039, through que_ensure_job).
-- Otherwise p_run_at replaces the waiting job's time, as add_job's job_key_mode 'replace' (a failed
-- one waiting for its retry is run then, with its attempts reset).
CREATE OR REPLACE FUNCTION que_add_job_unannounced(p_task text, p_payload json, p_queue text, p_run_at timestamp with time zone, p_job_key text, p_no_later boolean, p_max_attempts int DEFAULT 25, p_priority int DEFAULT 0)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_task int;
  v_queue int;
BEGIN
  IF p_no_later AND EXISTS (SELECT 1 FROM graphile_worker._private_jobs j
                             WHERE j.key = p_job_key AND j.is_available AND j.attempts = 0 AND j.run_at <= coalesce(p_run_at, now())) THEN
    RETURN;
  END IF;
  -- The task's and the queue's rows exist after their first job: read them, and insert only when
  -- missing (an INSERT … ON CONFLICT DO NOTHING every time cost a booking two write statements).
  SELECT id INTO v_task FROM graphile_worker._private_tasks WHERE identifier = p_task;
  IF NOT FOUND THEN
    INSERT INTO graphile_worker._private_tasks (identifier) VALUES (p_task) ON CONFLICT DO NOTHING;
    SELECT id INTO v_task FROM graphile_worker._private_tasks WHERE identifier = p_task;
  END IF;
  IF p_queue IS NOT NULL THEN
    SELECT id INTO v_queue FROM graphile_worker._private_job_queues WHERE queue_name = p_queue;
    IF NOT FOUND THEN
      INSERT INTO graphile_worker._private_job_queues (queue_name) VALUES (p_queue) ON CONFLICT DO NOTHING;
      SELECT id INTO v_queue FROM graphile_worker._private_job_queues WHERE queue_name = p_queue;
    END IF;
  END IF;
  IF p_job_key IS NOT NULL THEN
    -- a job of that key already taken by a runner keeps running; its key goes to the new job
    UPDATE graphile_worker._private_jobs j SET key = NULL, attempts = j.max_attempts, updated_at = now()
     WHERE j.key = p_job_key AND j.is_available IS NOT TRUE;
  END IF;
  INSERT INTO graphile_worker._private_jobs AS j (job_queue_id, task_id, payload, run_at, max_attempts, key, priority, flags)
  VALUES (v_queue, v_task, coalesce(p_payload, '{}'::json), coalesce(p_run_at, now()), p_max_attempts, p_job_key, p_priority, NULL)
  ON CONFLICT (key) DO UPDATE SET
    job_queue_id = excluded.job_queue_id, task_id = excluded.task_id, payload = excluded.payload,
    max_attempts = excluded.max_attempts,
    run_at = CASE WHEN p_no_later THEN least(j.run_at, excluded.run_at) ELSE excluded.run_at END,
    priority = excluded.priority, revision = j.revision + 1, flags = excluded.flags,
    attempts = 0, last_error = NULL, updated_at = now()
  WHERE j.locked_at IS NULL;
END
$$;
