-- Reminders are sent by one keyed job that runs when the first planned one is due (decision 0038),
-- instead of one waiting job per reminder: that job reads this index for what is due and what is next.
-- que_add_job_unannounced's sixth argument is now p_no_later (jobs/sql/add-job-unannounced.sql): a new
-- parameter name is a new function, so the old one goes here and the function file makes the new one.
DROP FUNCTION IF EXISTS que_add_job_unannounced(text, json, text, timestamp with time zone, text, boolean, integer, integer);--> statement-breakpoint
CREATE INDEX "reminders_planned_due_idx" ON "reminders" USING btree ("due_at") WHERE "reminders"."status" = 'planned';