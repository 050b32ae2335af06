-- que_add_job_unannounced takes the job's max attempts and priority (jobs/sql/add-job-unannounced.sql): reminders
-- plan their send jobs with it instead of graphile_worker.add_job (issue 28). A new signature is a new
-- function, so the old one goes here and the function file makes the new one.
DROP FUNCTION IF EXISTS que_add_job_unannounced(text, json, text, timestamp with time zone, text, boolean);
