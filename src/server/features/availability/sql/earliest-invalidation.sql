-- Raises the version of the businesses' earliest-start rows, one row at a time in service order (as
-- a reader saving rows locks them): each update locks its row, so no separate lock is written.
-- fresh_until is cleared with it, so a row whose version moved is found by the fresh_until index
-- (earliest_free_starts_fresh_until_idx) like every other stale row, without reading the rest; a
-- recompute begun before the change saves nothing (its version is old), so it stays cleared.
CREATE OR REPLACE FUNCTION que_earliest_invalidate(p_businesses integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_service int;
BEGIN
  FOR v_service IN SELECT service_id FROM earliest_free_starts WHERE business_id = ANY (p_businesses) ORDER BY service_id LOOP
    UPDATE earliest_free_starts SET version = version + 1, fresh_until = NULL WHERE service_id = v_service;
  END LOOP;
END
$$;

CREATE OR REPLACE FUNCTION que_earliest_invalidate_business(p_business integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_service int;
BEGIN
  FOR v_service IN SELECT service_id FROM earliest_free_starts WHERE business_id = p_business ORDER BY service_id LOOP
    UPDATE earliest_free_starts SET version = version + 1, fresh_until = NULL WHERE service_id = v_service;
  END LOOP;
END
$$;

-- business_hours, restaurant_time_slots, blocked_dates, services: rows with a business_id. A new
-- service gets its row, marked as a restaurant's when it is one (quick booking's restaurant index).
CREATE OR REPLACE FUNCTION que_slots_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF TG_TABLE_NAME = 'services' THEN
      INSERT INTO earliest_free_starts (service_id, business_id, restaurant)
        SELECT n.id, n.business_id, b.business_type = 'restaurant' FROM new_rows n JOIN businesses b ON b.id = n.business_id
        ON CONFLICT DO NOTHING;
    ELSE
      PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM old_rows));
  ELSE
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows UNION SELECT business_id FROM old_rows));
    IF TG_TABLE_NAME = 'services' THEN
      -- a service that changed business is read with its new business at once
      UPDATE earliest_free_starts c SET business_id = n.business_id, restaurant = b.business_type = 'restaurant'
        FROM new_rows n JOIN businesses b ON b.id = n.business_id WHERE c.service_id = n.id AND c.business_id <> n.business_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER blocked_dates_slots_deleted AFTER DELETE ON blocked_dates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER blocked_dates_slots_inserted AFTER INSERT ON blocked_dates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER blocked_dates_slots_updated AFTER UPDATE ON blocked_dates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER business_hours_slots_deleted AFTER DELETE ON business_hours REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER business_hours_slots_inserted AFTER INSERT ON business_hours REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER business_hours_slots_updated AFTER UPDATE ON business_hours REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER restaurant_time_slots_slots_deleted AFTER DELETE ON restaurant_time_slots REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER restaurant_time_slots_slots_inserted AFTER INSERT ON restaurant_time_slots REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER restaurant_time_slots_slots_updated AFTER UPDATE ON restaurant_time_slots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER services_slots_deleted AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER services_slots_inserted AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

CREATE OR REPLACE TRIGGER services_slots_updated AFTER UPDATE ON services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();

-- businesses: any change of a business's row (zone, kind, capacity, name) changes its services' answers or items.
CREATE OR REPLACE FUNCTION que_business_slots_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM que_earliest_invalidate(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER businesses_slots_updated AFTER UPDATE ON businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION que_business_slots_changed();
