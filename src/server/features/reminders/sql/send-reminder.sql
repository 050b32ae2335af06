-- Sends one planned reminder (docs/decisions/0031-reminders.md), in its job's transaction: under the
-- reminder's row lock it moves from planned to sent once, with its e-mail written to the outbox
-- (que_reminder_email) in the same commit, so two runners, or a job run again after a crash, send it
-- once. A reminder whose appointment is no longer confirmed at that start is cancelled; one whose
-- start has passed (no runner ran meanwhile) is skipped. p_links: the signed links of the e-mail,
-- made by the caller for the reminder's start. Returns the reminder's status after.
CREATE OR REPLACE FUNCTION que_reminder_send(p_reminder integer, p_links jsonb, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
AS $$
DECLARE
  r reminders;
  a record;
BEGIN
  SELECT * INTO r FROM reminders WHERE id = p_reminder FOR UPDATE;
  IF NOT FOUND THEN RETURN 'gone'; END IF;
  IF r.status <> 'planned' THEN RETURN r.status; END IF;
  SELECT ap.status, ap.starts_at, bz.time_zone INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = r.appointment_id;
  IF a.status IS DISTINCT FROM 'confirmed' OR a.starts_at <> r.starts_at THEN
    UPDATE reminders SET status = 'cancelled', settled_at = p_now,
           reason = CASE WHEN a.status = 'confirmed' THEN 'the appointment moved' ELSE 'the appointment is ' || coalesce(a.status, 'gone') END
     WHERE id = r.id;
    RETURN 'cancelled';
  END IF;
  IF p_now >= que_instant(a.starts_at, a.time_zone) THEN
    UPDATE reminders SET status = 'skipped', settled_at = p_now, reason = 'the start had passed before it could be sent' WHERE id = r.id;
    RETURN 'skipped';
  END IF;
  PERFORM que_reminder_email(r.appointment_id, r.offset_minutes, p_links);
  UPDATE reminders SET status = 'sent', settled_at = p_now WHERE id = r.id;
  RETURN 'sent';
END
$$;
