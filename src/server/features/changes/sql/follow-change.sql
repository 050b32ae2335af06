-- The first step of a change's follow job (decision 0029), in the job's transaction: marks the
-- changes to follow now and returns them, oldest first, for the followers (each feature's, run next
-- in the same transaction by features/changes/follow-changes.ts).
-- Those are the job's own change and every earlier change of the same subject (its appointment, or
-- an offer's own id when it names none: the subject its job queue is keyed on) that is not yet
-- followed. A job that failed is retried later with backoff, and graphile-worker frees its queue
-- meanwhile, so the next change of that appointment could be followed first: a "confirmed" e-mail
-- after the cancel's, a cancelled booking's reminder planned again. Following the earlier ones first,
-- here, keeps one appointment's follow-ups in commit order; the retried job then finds its change
-- followed and does nothing. A job run again after a crash between its commit and its completion
-- finds its change marked likewise. Empty when there is nothing left to follow (or it was purged).
-- Changes of one subject are recorded under the owner's lock on that subject, so their ids are in
-- commit order; two jobs marking the same change cannot both return it (the mark is unique).
CREATE OR REPLACE FUNCTION que_follow_change(p_change bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  c changes;
  v_ids bigint[];
  v_due jsonb;
BEGIN
  -- The follow transaction does not wait for the disk: the job's completion is committed after it,
  -- so a crash that loses this commit loses the completion too (the WAL is replayed in order) and
  -- the job runs again (decision 0028).
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT * INTO c FROM changes WHERE id = p_change;
  IF NOT FOUND THEN RETURN '[]'::jsonb; END IF;
  -- One query per kind of subject, so each reads its own index (changes_appointment_idx,
  -- changes_offer_idx). A business-level change (capacity_opened) is followed alone: what it asks
  -- (offer the waitlist what is free now) does not depend on the business's earlier ones.
  IF c.appointment_id IS NOT NULL THEN
    v_ids := ARRAY(SELECT ch.id FROM changes ch WHERE ch.appointment_id = c.appointment_id AND ch.id <= p_change
      AND NOT EXISTS (SELECT 1 FROM changes_followed f WHERE f.change_id = ch.id) ORDER BY ch.id);
  ELSIF c.offer_id IS NOT NULL THEN
    v_ids := ARRAY(SELECT ch.id FROM changes ch WHERE ch.offer_id = c.offer_id AND ch.appointment_id IS NULL AND ch.id <= p_change
      AND NOT EXISTS (SELECT 1 FROM changes_followed f WHERE f.change_id = ch.id) ORDER BY ch.id);
  ELSE
    v_ids := ARRAY[p_change];
  END IF;
  WITH marked AS (
    INSERT INTO changes_followed (change_id) SELECT unnest(v_ids)
    ON CONFLICT DO NOTHING RETURNING change_id
  )
  SELECT coalesce(jsonb_agg(to_jsonb(ch) ORDER BY ch.id), '[]'::jsonb) INTO v_due
  FROM changes ch JOIN marked m ON m.change_id = ch.id;
  RETURN v_due;
END
$$;
