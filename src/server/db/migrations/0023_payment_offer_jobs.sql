-- Payment actions and offer expiries are carried out by jobs of the job queue (decision 0028):
-- que_payment_job_add (payments/sql/payment-jobs.sql, a trigger on payment_actions) adds a job with
-- every action, que_offer_create one for each offer's expires_at. What was waiting before gets its job
-- here, as 0019 did for e-mail (the same job keys and queues as those functions use); the lease
-- column run_after goes. job_runner_beats: the runners' liveness (src/server/jobs/runner-liveness.ts).
DO $$
BEGIN
  IF to_regnamespace('graphile_worker') IS NOT NULL THEN
    PERFORM graphile_worker.add_job('payments_run', json_build_object('offerId', offer_id),
      queue_name => 'payments:' || (offer_id % 16), job_key => 'payments:offer:' || offer_id)
    FROM (SELECT DISTINCT coalesce(a.offer_id, i.offer_id) AS offer_id FROM payment_actions a
          LEFT JOIN payment_intents i ON i.id = a.payment_intent_id
          WHERE a.status = 'pending' AND coalesce(a.offer_id, i.offer_id) IS NOT NULL) AS waiting;
    PERFORM graphile_worker.add_job('payments_run', json_build_object('intentId', intent_id),
      queue_name => 'payments:' || (hashtext(intent_id) & 15), job_key => 'payments:intent:' || intent_id)
    FROM (SELECT DISTINCT a.payment_intent_id AS intent_id FROM payment_actions a
          JOIN payment_intents i ON i.id = a.payment_intent_id
          WHERE a.status = 'pending' AND a.offer_id IS NULL AND i.offer_id IS NULL) AS waiting;
    PERFORM graphile_worker.add_job('offers_expire', json_build_object('offerId', id), run_at => expires_at,
      job_key => 'offers:expire:' || id)
    FROM offers WHERE status IN ('pending', 'negotiating');
  END IF;
END
$$;--> statement-breakpoint
CREATE TABLE "job_runner_beats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "payment_actions_due_idx";--> statement-breakpoint
CREATE INDEX "payment_actions_pending_idx" ON "payment_actions" USING btree ("id") WHERE "payment_actions"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "payment_actions" DROP COLUMN "run_after";
