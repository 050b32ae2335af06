-- The reminders' one send job (decision 0038): `reminders_send`, keyed `reminders:due`, waits until
-- the first planned reminder is due, sends what is due then (send-reminders.ts), and waits again
-- for the next. One waiting job in all, not one per reminder: a runner's look for its next job walks
-- graphile-worker's index of every waiting job when none is due, so a job per future reminder made
-- every look cost more as bookings grew (2-4 ms a look at a few thousand, issue 28).
--
-- Why the advisory lock: a planner that finds the job already due early enough writes nothing, so
-- the job, when it runs, must see every reminder planned against it. The planners hold the lock
-- shared until they commit; the job takes it exclusively before it reads what is next, so it waits
-- for those in flight and then sees their rows (each statement reads what has committed), and a
-- planner arriving meanwhile waits for the job's commit and then finds its new time.

-- A planner's side: the job runs no later than p_at (the first reminder it just planned). A job due
-- by then already is left as it is; one due now wakes the runners when this transaction commits.
CREATE OR REPLACE FUNCTION que_reminders_due_by(p_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('reminders:due'));
  PERFORM que_add_job_unannounced('reminders_send', '{}'::json, NULL, p_at, 'reminders:due', true, 10);
  IF p_at <= now() THEN PERFORM pg_notify('jobs:insert', '{"count":1}'); END IF;
END
$$;

-- The job's side, after sending a batch in its transaction: when it runs next. At once when the
-- batch was full (more may be due), else when the first planned reminder is due; none planned, no
-- job. Rows another sender holds locked are that sender's (its own run or retry covers them).
CREATE OR REPLACE FUNCTION que_reminders_plan_next(p_batch_full boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_next timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('reminders:due'));
  IF p_batch_full THEN
    v_next := now();
  ELSE
    SELECT due_at INTO v_next FROM reminders WHERE status = 'planned' ORDER BY due_at LIMIT 1 FOR KEY SHARE SKIP LOCKED;
  END IF;
  IF v_next IS NOT NULL THEN PERFORM que_reminders_due_by(v_next); END IF;
END
$$;
