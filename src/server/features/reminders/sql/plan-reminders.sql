-- The reminders' follower of the change log (docs/decisions/0031-reminders.md): run by the follow
-- job of each booked, moved, swapped, cancelled or completed change, in that job's transaction. It
-- plans from the appointment as it is now (one appointment's changes are followed in order, so the
-- last follow sees the last state): a reminder that no longer fits (cancelled, moved) is cancelled
-- (the send job passes over it); each active rule of the business (its reminder_settings, else the
-- defaults of rules.ts) gets a row for the current start, and the reminders' one send job is made
-- due no later than the first of them (que_reminders_due_by, decision 0038). One already due at
-- p_now (the booking or move being followed) is sent at once if the start is at least
-- reminderDueAtBookingMinMinutes away, else skipped. A row already sent or skipped for this start
-- stays as it is: never sent twice.
CREATE OR REPLACE FUNCTION que_reminders_follow(p_appointment integer, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  a record;
  r record;
  v_start timestamptz;
  v_due timestamptz;
  v_rules jsonb;
  v_status text;
  v_reason text;
  v_first timestamptz;
BEGIN
  SELECT ap.id, ap.status, ap.starts_at, ap.business_id, bz.time_zone INTO a
    FROM appointments ap JOIN businesses bz ON bz.id = ap.business_id WHERE ap.id = p_appointment;
  IF NOT FOUND THEN RETURN; END IF;
  FOR r IN SELECT id, offset_minutes FROM reminders
            WHERE appointment_id = p_appointment AND status = 'planned' AND (a.status <> 'confirmed' OR starts_at <> a.starts_at)
            ORDER BY id FOR UPDATE LOOP
    UPDATE reminders SET status = 'cancelled', settled_at = p_now,
           reason = CASE WHEN a.status = 'confirmed' THEN 'the appointment moved' ELSE 'the appointment is ' || a.status END
     WHERE id = r.id;
  END LOOP;
  IF a.status <> 'confirmed' THEN RETURN; END IF;
  v_start := que_instant(a.starts_at, a.time_zone);
  v_rules := coalesce((SELECT rules FROM reminder_settings WHERE business_id = a.business_id),
                      (SELECT rules->'defaultReminders' FROM app_rules WHERE id));
  FOR r IN SELECT DISTINCT (e->>'offsetMinutes')::int AS offset_minutes
             FROM jsonb_array_elements(v_rules) e
            WHERE coalesce((e->>'active')::boolean, true) AND e->>'channel' = 'email' LOOP
    IF EXISTS (SELECT 1 FROM reminders WHERE appointment_id = a.id AND offset_minutes = r.offset_minutes
                 AND starts_at = a.starts_at AND status <> 'cancelled') THEN
      CONTINUE;
    END IF;
    v_due := v_start - r.offset_minutes * interval '1 minute';
    v_status := 'planned';
    v_reason := NULL;
    IF v_due <= p_now THEN
      IF v_start - p_now >= que_rule('reminderDueAtBookingMinMinutes') * interval '1 minute' THEN
        v_reason := 'already due when booked: sent at once';
        -- due now by the database's clock, which runs the queue (p_now is the app's, which tests set)
        v_due := now();
      ELSE
        v_status := 'skipped';
        v_reason := format('already due when booked, less than %s minutes before the start', que_rule('reminderDueAtBookingMinMinutes'));
      END IF;
    END IF;
    INSERT INTO reminders AS x (appointment_id, offset_minutes, channel, starts_at, due_at, status, reason, settled_at)
    VALUES (a.id, r.offset_minutes, 'email', a.starts_at, v_due, v_status, v_reason, CASE WHEN v_status = 'skipped' THEN p_now END)
    ON CONFLICT (appointment_id, offset_minutes, starts_at) DO UPDATE
      SET due_at = excluded.due_at, status = excluded.status, reason = excluded.reason, settled_at = excluded.settled_at, created_at = now();
    IF v_status = 'planned' THEN v_first := least(v_first, v_due); END IF;
  END LOOP;
  IF v_first IS NOT NULL THEN PERFORM que_reminders_due_by(v_first); END IF;
END
$$;
