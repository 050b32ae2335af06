-- A plain message about one visit to its customer (no calendar invite), as the hold and no-show
-- e-mails write it: the subject "<p_subject_lead>: <service> at <business>", then a greeting,
-- p_intro, what and when (p_starts_at, else the appointment's own start) in the business's zone,
-- then p_after. p_intro and p_after may name the business with %1$s. Nothing is written when the
-- appointment is gone or has no e-mail address.
CREATE OR REPLACE FUNCTION que_visit_message(p_appointment integer, p_kind text, p_subject_lead text, p_intro text, p_starts_at timestamp without time zone, p_after text[])
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_ap appointments;
  v_service text;
  v_business businesses;
  v_name text;
  v_zone text;
BEGIN
  SELECT * INTO v_ap FROM appointments WHERE id = p_appointment;
  IF NOT FOUND OR coalesce(v_ap.customer_email, '') = '' THEN RETURN; END IF;
  SELECT que_one_line(name) INTO v_service FROM services WHERE id = v_ap.service_id;
  SELECT * INTO v_business FROM businesses WHERE id = v_ap.business_id;
  v_name := que_one_line(v_business.business_name);
  v_zone := que_zone_label(v_business.time_zone);
  PERFORM que_outbox_message(v_ap.id, p_kind, v_ap.customer_email,
    format('%s: %s at %s', p_subject_lead, v_service, v_name),
    array_to_string(ARRAY[
      format('Hello %s,', coalesce(nullif(que_one_line(v_ap.customer_name), ''), 'there')), '',
      format(p_intro, v_name), '',
      v_service || ' at ' || v_name,
      format('When: %s (%s)', que_slot_text(coalesce(p_starts_at, v_ap.starts_at)), v_zone)]
      || ARRAY(SELECT format(x.line, v_name, v_zone) FROM unnest(p_after) WITH ORDINALITY AS x(line, n) ORDER BY x.n), E'\n'));
END
$$;
