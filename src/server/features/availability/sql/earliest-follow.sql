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
-- Changes' kinds and businesses side by side (one change's, from its follow transaction): every
-- business named invalidated once, its rows locked in service order (que_earliest_invalidate), as
-- the refresh job locks them.
CREATE OR REPLACE FUNCTION que_earliest_follow(p_kinds text[], p_businesses integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM que_earliest_invalidate(ARRAY(
    SELECT DISTINCT c.business FROM unnest(p_kinds, p_businesses) AS c(kind, business)
     WHERE c.business IS NOT NULL AND c.kind NOT IN ('offer_made', 'offer_countered', 'offer_settled', 'capacity_opened', 'fee_declined')));
END
$$;
