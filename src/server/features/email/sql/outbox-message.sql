-- A plain message about an appointment to its customer (no calendar invite): the outbox row and its
-- sending job, as que_appointment_email_of adds it (the appointment's job, in its one of 16 queues, after other jobs),
-- so the appointment's mail leaves in the order it was written. Used by the waitlist hold, the
-- reminder and the no-show messages.
CREATE OR REPLACE FUNCTION que_outbox_message(p_appointment integer, p_kind text, p_to text, p_subject text, p_text text)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO email_outbox (kind, to_email, subject, text, appointment_id) VALUES (p_kind, p_to, p_subject, p_text, p_appointment);
  PERFORM graphile_worker.add_job('email_send_appointment', json_build_object('appointmentId', p_appointment),
    queue_name => 'email:' || (p_appointment % 16), job_key => 'email:appointment:' || p_appointment, job_key_mode => 'preserve_run_at',
    priority => 1);
END
$$;
