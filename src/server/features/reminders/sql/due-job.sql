-- The reminders' one send job (decision 0038): `reminders_send`, keyed `reminders:due`, waits until
-- the first planned reminder is due, sends what is due then (send-reminders.ts), and waits again
-- for the next. One waiting job in all, not one per reminder: a runner's look for its next job walks
-- graphile-worker's index of every waiting job when none is due, so a job per future reminder made
-- every look cost more as bookings grew (2-4 ms a look at a few thousand, issue 28).
--
-- Why the advisory lock: a planner that finds the job already due early enough writes nothing, so
-- the job, when it runs, must see every reminder planned against it. The planners hold the lock
-- shared until they commit; the job tries to take it exclusively before it reads what is next:
-- taken, no planner is in flight and every one before has committed (each statement reads what has
-- committed), and a planner arriving meanwhile waits for the job's commit and then finds its new
-- time; not taken, the job looks again within a second (it never waits for planners, which may wait
-- for rows it holds).

-- A planner's side: the job runs no later than p_at (the first reminder it just planned). A job due
-- by then already is left as it is; one due now wakes the runners when this transaction commits.
CREATE OR REPLACE FUNCTION que_reminders_due_by(p_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('reminders:due'));
  -- Not when the job is under way (que_ensure_job): it gives up its key and tries the lock before it
  -- ends, so it sees this reminder or runs again within a second. Superseded instead, a job that then
  -- lost its connection stayed in the queue as failed for good (the fault run, 2026-12-06).
  PERFORM que_ensure_job('reminders_send', '{}'::json, NULL, p_at, 'reminders:due', 10);
  IF p_at <= now() THEN PERFORM pg_notify('jobs:insert', '{"count":1}'); END IF;
END
$$;

-- The job's side, after its batch was sent and committed, in a transaction of its own: when it runs
-- next. At once when the batch was full (more may be due), else when the first planned reminder is
-- due; none planned, no job. It reads without locking rows: it writes the job's row next, which a
-- planner may hold while it waits for a reminder's row (a cancel's), and a row locked here made the
-- two wait on each other. (A reminder another sender is sending makes the job run once more for nothing.)
CREATE OR REPLACE FUNCTION que_reminders_plan_next(p_batch_full boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_next timestamptz;
BEGIN
  -- This job, about to end, gives up its key first (que_release_job_key, jobs/sql/ensure-job.sql), so
  -- its next run is a new job, not this one superseded (which, failing after, stayed failed for good).
  PERFORM que_release_job_key('reminders:due');
  IF p_batch_full THEN
    v_next := now();
  ELSIF pg_try_advisory_xact_lock(hashtext('reminders:due')) THEN
    SELECT due_at INTO v_next FROM reminders WHERE status = 'planned' ORDER BY due_at LIMIT 1;
  ELSE
    -- A planner is in flight (a follow transaction, which may hold it through a batch of changes):
    -- waiting for it here deadlocked, this transaction holding the rows it sent and the planner
    -- waiting for one of them (a cancel's reminders). Look again within a second instead; what the
    -- planner adds is seen then.
    SELECT least(min(due_at), now() + interval '1 second') INTO v_next
      FROM (SELECT due_at FROM reminders WHERE status = 'planned' ORDER BY due_at LIMIT 1) first;
  END IF;
  IF v_next IS NOT NULL THEN PERFORM que_reminders_due_by(v_next); END IF;
END
$$;
