-- A hold's lapse job (waitlist_hold_lapse, run at its held_until): under the entry's lock, the hold
-- still held and due lapses (que_appointment_lapse_hold: its change offers the time to the next
-- entry) and the entry is expired. Claimed or left meanwhile: nothing to do. Not due yet by
-- p_now (a runner's clock ahead of the app's): returns the held_until to run again at.
CREATE OR REPLACE FUNCTION que_waitlist_hold_lapse(p_appointment integer, p_now timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
AS $$
DECLARE
  e waitlist_entries;
  v_until timestamptz;
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE appointment_id = p_appointment AND status = 'offered' FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF que_appointment_lapse_hold(p_appointment, p_now, false) THEN
    UPDATE waitlist_entries SET status = 'expired', updated_at = now() WHERE id = e.id;
    RETURN NULL;
  END IF;
  SELECT held_until INTO v_until FROM appointments WHERE id = p_appointment AND status = 'held';
  RETURN v_until;
END
$$;

-- The customer leaves the waitlist (DELETE /api/waitlist/{id}): a waiting entry is cancelled; an
-- offered one too, and its hold lapses at once, passing the time on. 404 for someone else's entry,
-- 409 for one that has ended.
CREATE OR REPLACE FUNCTION que_waitlist_leave(p_user integer, p_entry integer, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  e waitlist_entries;
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE id = p_entry FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Waitlist entry not found'; END IF;
  IF e.customer_id <> p_user THEN RAISE EXCEPTION USING ERRCODE = 'QB403', MESSAGE = 'That waitlist entry is not yours'; END IF;
  IF e.status NOT IN ('waiting', 'offered') THEN
    RAISE EXCEPTION USING ERRCODE = 'QBINV', MESSAGE = format('This waitlist entry has already ended (%s)', e.status);
  END IF;
  IF e.status = 'offered' THEN PERFORM que_appointment_lapse_hold(e.appointment_id, p_now, true); END IF;
  UPDATE waitlist_entries SET status = 'cancelled', updated_at = now() WHERE id = p_entry;
END
$$;

-- A released booking's start (job waitlist_release_due): unclaimed by then, its cancel counts as late.
CREATE OR REPLACE FUNCTION que_waitlist_release_due(p_appointment integer)
 RETURNS boolean
 LANGUAGE plpgsql
AS $$
BEGIN
  RETURN que_appointment_release_outcome(p_appointment, 'late');
END
$$;

-- Release to the waitlist (POST /api/appointments/{id}/release): the booking released
-- (que_appointment_release, whose cancel change offers the slot) and the job that decides "late"
-- at its start, keyed per appointment.
CREATE OR REPLACE FUNCTION que_waitlist_release(p_user integer, p_appointment integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
DECLARE
  v_view jsonb := que_appointment_release(p_user, p_appointment, p_now);
BEGIN
  PERFORM graphile_worker.add_job('waitlist_release_due', json_build_object('appointmentId', p_appointment),
    run_at => (SELECT starts_instant FROM appointments WHERE id = p_appointment), job_key => 'waitlist:release:' || p_appointment, max_attempts => 25);
  RETURN v_view;
END
$$;
