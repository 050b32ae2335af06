-- The change log's one writer (decision 0029): records a change to an appointment or an offer and,
-- in the same transaction, its place among the changes to follow (changes_unfollowed), so the row and
-- its follow-up exist exactly when the change committed. Called by the feature that owns the change
-- (appointments, offers, staff), once per change, from the function that makes it. p_data: what
-- followers need that the rows may no longer say when they run (e.g. a move's old and new times). A
-- business-level change (capacity_opened: availability and staff, from their transactions) names only
-- p_business.
-- Who follows it (decision 0039): the follow job of its shard (que_change_shard_of: its appointment's),
-- which takes every due change of the shard in id order. One appointment's changes are recorded
-- under the owner's lock on it, so their ids are in commit order; its offers' go with it.
CREATE OR REPLACE FUNCTION que_record_change(p_kind text, p_appointment integer, p_offer integer, p_business integer, p_actor integer, p_data jsonb)
 RETURNS bigint
 LANGUAGE plpgsql
AS $$
DECLARE
  v_id bigint := que_record_change_quietly(p_kind, p_appointment, p_offer, p_business, p_actor, p_data);
BEGIN
  -- the runners' wake-up, sent when the change commits (add_job's own NOTIFY)
  PERFORM pg_notify('jobs:insert', '{"count":1}');
  RETURN v_id;
END
$$;

-- que_record_change without the runners' wake-up at commit, for an owner whose caller wakes them
-- once the change has committed (job-queue.ts wakeJobRunners): the booking. A transaction that
-- NOTIFYs holds PostgreSQL's cluster-wide notify lock from just before its commit until the commit
-- is flushed, so notifying bookings committed one at a time (src/server/jobs/sql/add-job-unannounced.sql).
-- Should the wake-up be lost (the process dies after the commit), the runners' next poll finds the job.
-- The shard's job is written only when none is waiting due already or under way (que_ensure_job: then
-- this is a read, no row lock, so the shard's changes do not commit one after another on the job's
-- row). That job could take its changes before this one commits and miss it: the advisory lock taken
-- here, shared until commit, is what the job takes exclusively before it looks whether changes were
-- left (que_follow_changes_next), so it sees this one and runs again.
CREATE OR REPLACE FUNCTION que_record_change_quietly(p_kind text, p_appointment integer, p_offer integer, p_business integer, p_actor integer, p_data jsonb)
 RETURNS bigint
 LANGUAGE plpgsql
AS $$
DECLARE
  v_id bigint;
  v_shard int := que_change_shard_of(p_business, p_appointment, p_offer);
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('changes:' || v_shard));
  INSERT INTO changes (kind, appointment_id, offer_id, business_id, actor_id, data)
  VALUES (p_kind, p_appointment, p_offer, p_business, p_actor, coalesce(p_data, '{}'))
  RETURNING id INTO v_id;
  INSERT INTO changes_unfollowed (change_id, shard, subject) VALUES (v_id, v_shard, que_change_subject_of(v_id, p_appointment, p_offer));
  PERFORM que_ensure_job('follow_changes', json_build_object('shard', v_shard), 'changes:' || v_shard, clock_timestamp(), 'changes:' || v_shard);
  RETURN v_id;
END
$$;

-- The follow job a change goes to (decision 0039): one of 16 by its appointment (an offer's change
-- names the appointment it is on), else its offer, else its business (a business-level change). By
-- appointment, not business: one business's changes are followed side by side in up to 16 jobs (by
-- business, a one-shop bench's notices waited behind one another: p50 229 against 51 ms).
CREATE OR REPLACE FUNCTION que_change_shard_of(p_business integer, p_appointment integer, p_offer integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(p_appointment, p_offer, p_business) % 16
$$;

-- Whose changes keep their order (decision 0039): an appointment's ('a<id>'; an offer's change names
-- the appointment it is on), else an offer's ('o<id>'); a business-level change is its own ('c<id>').
-- The casts to text keep the body immutable (text || integer is only stable), so the call is inlined
-- into the caller's statement: as a function of its own it cost each change 17 µs more.
CREATE OR REPLACE FUNCTION que_change_subject_of(p_change bigint, p_appointment integer, p_offer integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN p_appointment IS NOT NULL THEN 'a' || p_appointment::text WHEN p_offer IS NOT NULL THEN 'o' || p_offer::text ELSE 'c' || p_change::text END
$$;

-- Rows are written once: never updated; deleted only by the retention purge (que_changes_purge).
CREATE OR REPLACE FUNCTION que_changes_write_once()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('que.changes_purge', true) = 'on' THEN RETURN OLD; END IF;
  RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = 'The change log is written once: its rows are never changed';
END
$$;

CREATE OR REPLACE TRIGGER changes_write_once BEFORE UPDATE OR DELETE ON changes FOR EACH ROW EXECUTE FUNCTION que_changes_write_once();

-- The retention purge: changes that occurred before p_before and have been followed, with their
-- follow marks. A change not yet followed stays (its job still needs it). Returns how many went.
CREATE OR REPLACE FUNCTION que_changes_purge(p_before timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  v_count int;
BEGIN
  PERFORM set_config('que.changes_purge', 'on', true);
  WITH gone AS (
    DELETE FROM changes c USING changes_followed f
     WHERE f.change_id = c.id AND c.occurred_at < p_before
    RETURNING c.id)
  DELETE FROM changes_followed f USING gone WHERE f.change_id = gone.id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  PERFORM set_config('que.changes_purge', 'off', true);
  RETURN v_count;
END
$$;
