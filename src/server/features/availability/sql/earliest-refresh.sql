-- Makes earliest_free_starts usable as stored at p_now for the businesses p_businesses (null: all),
-- as earliest.repository.ts's listing statement does inline: each row a reader at p_now may not use
-- as stored (new, its version moved by a trigger, computed for a later "now", or its first start
-- begun) is recomputed by que_earliest_entry and saved, the first p_batch of them. Answers whether
-- that was all of them (complete false: call again; each call leaves fewer) and how many it saved. A recomputed row is saved only if
-- its version has not moved since this statement's snapshot, in service order, as the triggers lock.
-- GET /api/businesses calls it before reading the table (the businesses feature does not import
-- availability's code; this function is the shared rule), for the page's businesses only when it
-- reads just their next free times, for all when the order or a filter depends on every row.
CREATE OR REPLACE FUNCTION que_earliest_refresh(p_now timestamp with time zone, p_businesses integer[], p_batch integer)
 RETURNS TABLE(complete boolean, saved integer)
 LANGUAGE plpgsql
AS $$
DECLARE
  v_stale bigint;
  v_saved bigint;
BEGIN
  -- One statement, run with the businesses' condition only when there are businesses: a condition
  -- that could be either would be planned once for both, and the page's few rows would be looked for
  -- the way all of them are.
  EXECUTE format($q$
    WITH stale AS MATERIALIZED (
      SELECT c.service_id, c.version,
        CASE WHEN c.computed_version = c.version AND c.computed_for <= $1 THEN c.day END AS day,
        CASE WHEN c.computed_version = c.version AND c.computed_for <= $1 THEN c.starts END AS starts
      FROM earliest_free_starts c
      -- NOT (computed_version = version AND computed_for <= now AND now < fresh_until), spelt with
      -- indexed columns only (migration 0015), so finding the few stale rows reads no others: a new row
      -- and a row whose version moved have no fresh_until (que_earliest_invalidate clears it)
      WHERE (c.fresh_until IS NULL OR c.fresh_until <= $1 OR c.computed_for > $1) %s
    ),
    redo AS MATERIALIZED (
      SELECT x.service_id, x.version, e.*
      FROM (SELECT * FROM stale ORDER BY service_id LIMIT $3) x
      CROSS JOIN LATERAL que_earliest_entry(x.service_id, $1, x.day, x.starts) e
    ),
    saved AS (
      INSERT INTO earliest_free_starts AS c (service_id, business_id, version, computed_version, computed_for, fresh_until, day, starts, start_local, item)
      SELECT r.service_id, r.business_id, r.version, r.version, $1, r.fresh_until, r.day, r.starts, r.start_local, r.item
      FROM redo r ORDER BY r.service_id
      ON CONFLICT (service_id) DO UPDATE SET
        business_id = excluded.business_id, computed_version = excluded.computed_version, computed_for = excluded.computed_for,
        fresh_until = excluded.fresh_until, day = excluded.day, starts = excluded.starts, start_local = excluded.start_local, item = excluded.item
      WHERE c.version = excluded.version
      RETURNING c.service_id
    )
    SELECT (SELECT count(*) FROM stale), (SELECT count(*) FROM saved)$q$,
    CASE WHEN p_businesses IS NULL THEN '' ELSE 'AND c.business_id = ANY ($2)' END)
  INTO v_stale, v_saved USING p_now, p_businesses, p_batch;
  complete := v_stale <= p_batch;
  saved := v_saved;
  RETURN NEXT;
END
$$;
