-- E-mail about a change follows the change log (que_change_email, decision 0029): the by-id writer
-- que_appointment_email has no caller left (its function file no longer makes it).
DROP FUNCTION IF EXISTS que_appointment_email(integer, text, text);
