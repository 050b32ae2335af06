-- Staff change which starts are free (DESIGN section 9), so the earliest-start cache of the member's
-- business is invalidated (availability/sql/earliest-invalidation.sql) when a member is added,
-- removed, (de)activated, given other services or hours, or time off. A booking's last_booked_at
-- touch is not a change of slots: the member row's update trigger watches the other columns only.
CREATE OR REPLACE FUNCTION que_staff_slots_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_TABLE_NAME = 'staff_members' AND TG_LEVEL = 'ROW' THEN
    PERFORM que_earliest_invalidate(ARRAY[coalesce(NEW.business_id, OLD.business_id)]);
  ELSIF TG_TABLE_NAME = 'staff_members' THEN
    -- Members added: each business once, however many of its members one statement adds.
    PERFORM que_earliest_invalidate(ARRAY(SELECT DISTINCT business_id FROM new_rows));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM que_earliest_invalidate(ARRAY(SELECT DISTINCT m.business_id FROM staff_members m WHERE m.id IN (SELECT staff_id FROM new_rows)));
  ELSE
    PERFORM que_earliest_invalidate(ARRAY(SELECT DISTINCT m.business_id FROM staff_members m WHERE m.id IN (SELECT staff_id FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER staff_members_slots_inserted AFTER INSERT ON staff_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_staff_slots_changed();

CREATE OR REPLACE TRIGGER staff_members_slots_updated AFTER UPDATE ON staff_members FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.service_ids IS DISTINCT FROM NEW.service_ids OR OLD.own_hours IS DISTINCT FROM NEW.own_hours
        OR OLD.business_id IS DISTINCT FROM NEW.business_id) EXECUTE FUNCTION que_staff_slots_changed();

CREATE OR REPLACE TRIGGER staff_hours_slots_inserted AFTER INSERT ON staff_hours REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_staff_slots_changed();

CREATE OR REPLACE TRIGGER staff_hours_slots_deleted AFTER DELETE ON staff_hours REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION que_staff_slots_changed();

CREATE OR REPLACE TRIGGER staff_hours_slots_updated AFTER UPDATE ON staff_hours REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_staff_slots_changed();

CREATE OR REPLACE TRIGGER staff_time_off_slots_inserted AFTER INSERT ON staff_time_off REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_staff_slots_changed();

CREATE OR REPLACE TRIGGER staff_time_off_slots_deleted AFTER DELETE ON staff_time_off REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION que_staff_slots_changed();

CREATE OR REPLACE TRIGGER staff_time_off_slots_updated AFTER UPDATE ON staff_time_off REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_staff_slots_changed();
