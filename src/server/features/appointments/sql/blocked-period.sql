-- Buffers (DESIGN section 9, decision 21): the time an appointment keeps its business from other
-- bookings is its visit widened by its service's buffers (services.policies: bufferBeforeMinutes,
-- bufferAfterMinutes; unset, 0), on the business's wall clock like starts_at and ends_at. Set here
-- whenever the row is written with a period (inserted, moved, given another service), whoever writes
-- it (booking, reschedule, swap, seed), from the buffers the service has then: the very buffers the
-- slot check of that write used (que_day_slots_within reads the service's), so the exclusion
-- constraint appointments_no_overlap (over this period, migration 0013) accepts exactly what was
-- offered. A row that does not move keeps the period it was written with, whatever the owner changes
-- later. Restaurants share seats: their tables block their visit only.
CREATE OR REPLACE FUNCTION que_appointment_blocked_period()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  v_policies jsonb;
BEGIN
  IF TG_OP = 'INSERT' OR NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.ends_at IS DISTINCT FROM OLD.ends_at
     OR NEW.service_id IS DISTINCT FROM OLD.service_id OR NEW.exclusive IS DISTINCT FROM OLD.exclusive
     OR NEW.blocked_starts_at IS DISTINCT FROM OLD.blocked_starts_at OR NEW.blocked_ends_at IS DISTINCT FROM OLD.blocked_ends_at THEN
    IF NEW.exclusive THEN
      SELECT policies INTO v_policies FROM services WHERE id = NEW.service_id;
    END IF;
    NEW.blocked_starts_at := NEW.starts_at - que_buffer_minutes(v_policies, 'bufferBeforeMinutes') * interval '1 minute';
    NEW.blocked_ends_at := NEW.ends_at + que_buffer_minutes(v_policies, 'bufferAfterMinutes') * interval '1 minute';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER appointments_blocked_period BEFORE INSERT OR UPDATE ON appointments FOR EACH ROW EXECUTE FUNCTION que_appointment_blocked_period();
-- Part of the row (NOT NULL, and the constraint reads it): kept whatever the session's replication role.
ALTER TABLE appointments ENABLE ALWAYS TRIGGER appointments_blocked_period;
