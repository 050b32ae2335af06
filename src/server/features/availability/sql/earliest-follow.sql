-- The earliest free starts follow the change log (decisions 0015, 0029, 0039): a change that can free or
-- take a slot (every appointment change, and an offer's acceptance or end, which move, confirm or
-- cancel appointments) raises the version of its business's rows in the change's follow job, after
-- the change committed, instead of in a trigger inside the booking's own transaction. Until the job
-- has run (milliseconds) a reader may still use a row computed before the change; the booking
-- itself is refused by the slot constraint whatever the list shows. Rows are recomputed by the next
-- reader or the refresh job (earliest-refresher.ts), as after any other invalidation.
-- Not a capacity_opened change (hours, time slots, blocked dates, staff, time off): those tables'
-- own triggers (que_slots_changed, que_staff_slots_changed) invalidated the rows in the owner's
-- transaction already, and a second invalidation here only made a reader that had just recomputed
-- a new business's rows drop them (its save is refused once the version moved) and list it nowhere.
-- Run in the change's follow statement (decision 0040), given the change's row: its business
-- invalidated (que_earliest_invalidate_business locks the rows in service order, as the refresh job does).
CREATE OR REPLACE FUNCTION que_earliest_follow(c changes)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  IF c.business_id IS NULL OR c.kind IN ('offer_made', 'offer_countered', 'offer_settled', 'capacity_opened', 'fee_declined') THEN
    RETURN;
  END IF;
  PERFORM que_earliest_invalidate_business(c.business_id);
END
$$;
