-- Every payment action (capture, cancel, refund, payout) is carried out by a job of the job queue
-- (decision 0028), added in the transaction that records the action: whoever inserts a row into
-- payment_actions (the offer functions, que_release_unclaimed_intents) gets its job with it, and a
-- rollback takes both back. A job carries out the pending actions of one payment in order
-- (payment-jobs.ts): an offer's (its own, and those of the card payment it claimed), or an unclaimed
-- card payment's. One waiting job per payment (job_key); its jobs are always in the same one of 16
-- queues, and jobs of one queue run one at a time, so no two runners move one payment's money at
-- once and a refund or payout never overtakes the capture it depends on. A job already waiting keeps
-- its time when an action is added (preserve_run_at): a retry's backoff is not cut short by a later
-- action; a retry (p_run_at, payment-jobs.ts) sets the time of the payment's waiting job.
CREATE OR REPLACE FUNCTION que_payment_job_add(p_intent text, p_offer integer, p_run_at timestamptz)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_offer int := coalesce(p_offer, (SELECT offer_id FROM payment_intents WHERE id = p_intent));
  v_mode text := CASE WHEN p_run_at IS NULL THEN 'preserve_run_at' ELSE 'replace' END;
BEGIN
  IF v_offer IS NOT NULL THEN
    PERFORM graphile_worker.add_job('payments_run', json_build_object('offerId', v_offer),
      queue_name => 'payments:' || (v_offer % 16), run_at => p_run_at, job_key => 'payments:offer:' || v_offer,
      job_key_mode => v_mode);
  ELSE
    PERFORM graphile_worker.add_job('payments_run', json_build_object('intentId', p_intent),
      queue_name => 'payments:' || (hashtext(p_intent) & 15), run_at => p_run_at, job_key => 'payments:intent:' || p_intent,
      job_key_mode => v_mode);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION que_payment_action_added()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM que_payment_job_add(NEW.payment_intent_id, NEW.offer_id, NULL);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER payment_actions_job AFTER INSERT ON payment_actions FOR EACH ROW EXECUTE FUNCTION que_payment_action_added();
