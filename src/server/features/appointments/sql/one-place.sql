-- One place at a time (DESIGN section 9): a customer's confirmed bookings never overlap in real time,
-- at any business, restaurants included. Wall-clock starts of businesses in different zones cannot be
-- compared, so every row also carries its real period as instants (starts_instant, ends_instant), set
-- here whenever its start, length or business changes, through the one time function (que_instant):
-- clock changes and zones come out right whoever writes the row (booking, reschedule, swap, seed).
-- The exclusion constraint appointments_one_place (migration 0011) is the arbiter under races; the
-- read before it names the booking in the way, so the refusal says what to move (to its customer only). Buffers are not part
-- of the period, so back-to-back visits are fine.
CREATE OR REPLACE FUNCTION que_appointment_instants()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  v_zone text;
  o record;
BEGIN
  IF TG_OP = 'INSERT' OR NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.duration IS DISTINCT FROM OLD.duration
     OR NEW.business_id IS DISTINCT FROM OLD.business_id THEN
    SELECT time_zone INTO v_zone FROM businesses WHERE id = NEW.business_id;
    BEGIN
      -- A time the clocks skip is never booked (que_period refuses it); a row written around the
      -- functions still gets the reading PostgreSQL gives it.
      NEW.starts_instant := coalesce(que_instant(NEW.starts_at, v_zone), NEW.starts_at AT TIME ZONE v_zone);
    EXCEPTION WHEN invalid_parameter_value THEN
      -- A zone this database cannot read (stored before zones were checked, or dropped by a tzdata
      -- update): the booking itself runs on the zone's canonical name, which only the caller knows.
      -- Read as UTC, its visits are compared a few hours off rather than refused.
      NEW.starts_instant := NEW.starts_at AT TIME ZONE 'UTC';
    END;
    NEW.ends_instant := NEW.starts_instant + NEW.duration * interval '1 minute';
    -- A booking moved is a new claim on the customer's time: one migration 0011 excused no longer is.
    IF TG_OP = 'UPDATE' THEN NEW.legacy_overlap := false; END IF;
  END IF;

  IF NEW.status = 'confirmed' AND NOT NEW.legacy_overlap
     AND (TG_OP = 'INSERT' OR OLD.status <> 'confirmed' OR OLD.legacy_overlap OR NEW.customer_id <> OLD.customer_id
          OR NEW.starts_instant <> OLD.starts_instant OR NEW.ends_instant <> OLD.ends_instant) THEN
    SELECT u.username, s.name AS service_name, b.business_name, b.time_zone, x.starts_at INTO o
      FROM appointments x JOIN services s ON s.id = x.service_id JOIN businesses b ON b.id = x.business_id
      JOIN users u ON u.id = NEW.customer_id
     WHERE x.customer_id = NEW.customer_id AND x.id <> NEW.id AND x.status = 'confirmed' AND NOT x.legacy_overlap
       AND tstzrange(x.starts_instant, x.ends_instant, '[)') && tstzrange(NEW.starts_instant, NEW.ends_instant, '[)')
     ORDER BY x.starts_instant LIMIT 1;
    IF FOUND THEN
      -- The message names the other booking, which only its customer may read: DETAIL says whose it
      -- is, and anyone else who caused the refusal (the other party of an offer, the owner) is told
      -- only that the customer is busy then (fromDatabaseError and the error handler, errors.ts).
      RAISE EXCEPTION USING ERRCODE = 'QBOVL',
        MESSAGE = format('%s already has a booking then: %s at %s, %s (%s). Nobody can be in two places at once: cancel or move one of them first.',
                         o.username, o.service_name, o.business_name, que_slot_text(o.starts_at), que_zone_label(o.time_zone)),
        DETAIL = format('customer %s', NEW.customer_id);
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER appointments_instants BEFORE INSERT OR UPDATE ON appointments FOR EACH ROW EXECUTE FUNCTION que_appointment_instants();
-- The instants are part of the row (NOT NULL, and the constraint reads them): kept whatever the
-- session's replication role, as a replica or a session that turns triggers off must not write a row
-- without them.
ALTER TABLE appointments ENABLE ALWAYS TRIGGER appointments_instants;
