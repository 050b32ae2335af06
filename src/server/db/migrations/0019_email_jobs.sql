-- E-mail is sent by jobs of the job queue (decision 0028): one per appointment with mail waiting,
-- added by que_appointment_email_of in the changing transaction. Mail queued before this migration
-- gets its job here: Database.migrate() installs the graphile_worker schema before the versioned
-- migrations (add_job is the library's function, not a function file). Migrated without it (drizzle's
-- migrator alone, as some tests do) there is no runner either, so nothing is added.
DO $$
BEGIN
  IF to_regnamespace('graphile_worker') IS NOT NULL THEN
    PERFORM graphile_worker.add_job('email_send_appointment', json_build_object('appointmentId', appointment_id),
      queue_name => 'email:' || (appointment_id % 16), job_key => 'email:appointment:' || appointment_id)
    FROM (SELECT DISTINCT appointment_id FROM email_outbox WHERE status = 'pending' AND appointment_id IS NOT NULL) AS waiting;
  END IF;
END
$$;--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "run_after";
