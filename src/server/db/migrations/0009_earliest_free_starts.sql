-- Each live service's earliest free start in the coming week, kept in a table (issue 10,
-- docs/decisions/0015-earliest-free-starts.md). The answer comes from the slot rules of migration
-- 0007 (que_day_slots) and nothing else; the table only remembers it.
--
-- One row per service. `version` is raised by triggers whenever anything the service's free slots
-- depend on changes (its business's row, services, hours, restaurant time slots, blocked dates,
-- appointments); `computed_version` is the version the stored answer was computed at. The stored
-- answer: the free starts of the first day of the coming week that has any (que_day_slots's answer
-- for that day), the "now" they were computed for, and fresh_until, the instant the answer stops
-- being the answer by time alone (when its first start begins, or when the next midnight brings a
-- new day into the week). A reader uses a row as it is only if computed_version = version, it was
-- computed for a "now" not after the reader's, and the reader's "now" is before fresh_until; every
-- other row is recomputed (que_earliest_entry) and saved only if its version has not moved since.
CREATE TABLE "earliest_free_starts" (
  "service_id" integer PRIMARY KEY NOT NULL REFERENCES "services"("id") ON DELETE CASCADE,
  "business_id" integer NOT NULL,
  "version" bigint NOT NULL DEFAULT 0,
  -- -1: never computed
  "computed_version" bigint NOT NULL DEFAULT -1,
  "computed_for" timestamptz,
  -- 'infinity' for a deleted service
  "fresh_until" timestamptz,
  -- null: nothing free in the coming week (or nothing to list)
  "day" date,
  -- que_day_slots's free starts ("HH:MM", ascending) of that day still ahead at computed_for
  "starts" text[] NOT NULL DEFAULT '{}',
  -- the first of them as a wall clock (the listing's order), and the listing item as JSON text
  "start_local" timestamp,
  "item" text
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE INDEX "earliest_free_starts_business_id_idx" ON "earliest_free_starts" ("business_id");
--> statement-breakpoint
-- The listing's order, so a read needs no sort.
CREATE INDEX "earliest_free_starts_listing_idx" ON "earliest_free_starts" ("start_local", "business_id", "service_id") WHERE "item" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "earliest_free_starts" ("service_id", "business_id") SELECT "id", "business_id" FROM "services";
--> statement-breakpoint
-- The first day of the coming week (the business's today and the six days after it) on which the
-- service has a free start, with that day's free starts, as que_day_slots gives them (a restaurant
-- for a party of one). Nulls when there is none. A restaurant's horizon is at least 7 days
-- (config.ts), so the week is inside every allowed horizon. Raises as que_day_slots does (QB404,
-- QBTZ1; 22023 for a zone the database cannot use).
CREATE FUNCTION que_earliest_start(p_service int, p_now timestamptz, OUT day date, OUT starts text[])
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_business int;
  v_zone text;
  v_today date;
  v_slots text[];
BEGIN
  SELECT s.business_id, b.time_zone INTO v_business, v_zone
    FROM services s JOIN businesses b ON b.id = s.business_id WHERE s.id = p_service;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'QB404', MESSAGE = 'Service not found'; END IF;
  v_today := (p_now AT TIME ZONE v_zone)::date;
  FOR i IN 0..6 LOOP
    SELECT d.slots INTO v_slots FROM que_day_slots(v_business, v_today + i, p_service, NULL, NULL, 7, p_now, true, NULL) d;
    IF cardinality(v_slots) > 0 THEN
      day := v_today + i;
      starts := v_slots;
      RETURN;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- A fresh earliest_free_starts row for a service at p_now. p_day and p_starts are the stored day and
-- starts when they may still be trusted (same business version, computed for a "now" not after
-- p_now): time passing only ends starts (que_day_slots offers a start while its instant,
-- que_instant, is after now), so the first stored start still ahead is the answer, and nothing is
-- recomputed. Otherwise, or when all have passed, que_earliest_start walks the week again.
-- A deleted service is not listed (fresh until its business changes again); a business whose zone
-- the database cannot use is left out of the listings and looked at again a minute later. Every
-- answer is fresh for p_now, so each read that recomputes rows leaves fewer stale ones.
CREATE FUNCTION que_earliest_entry(p_service int, p_now timestamptz, p_day date, p_starts text[],
  OUT business_id int, OUT fresh_until timestamptz, OUT day date, OUT starts text[], OUT start_local timestamp, OUT item text)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  r record;
  v_at timestamptz;
  v_start record;
  v_today date;
BEGIN
  starts := '{}';
  SELECT s.id, s.business_id, s.name, s.duration, s.price_cents, s.deleted_at, b.business_name, b.business_type, b.category,
         b.time_zone, b.reservation_duration
    INTO r FROM services s JOIN businesses b ON b.id = s.business_id WHERE s.id = p_service;
  IF NOT FOUND THEN RETURN; END IF;
  business_id := r.business_id;
  IF r.deleted_at IS NOT NULL THEN fresh_until := 'infinity'; RETURN; END IF;

  BEGIN
    IF p_day IS NOT NULL THEN
      FOR v_start IN SELECT t, n FROM unnest(p_starts) WITH ORDINALITY u(t, n) LOOP
        v_at := que_instant(p_day + v_start.t::time, r.time_zone);
        IF v_at > p_now THEN
          day := p_day;
          starts := p_starts[v_start.n:];
          fresh_until := v_at;
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF day IS NULL THEN
      SELECT e.day, e.starts INTO day, starts FROM que_earliest_start(p_service, p_now) e;
      IF day IS NOT NULL THEN
        fresh_until := que_instant(day + starts[1]::time, r.time_zone);
      ELSE
        starts := '{}';
        -- Nothing this week; at the next midnight a new day joins it (its first instant: que_instant's
        -- first pass of a repeated midnight, PostgreSQL's reading of a skipped one).
        v_today := (p_now AT TIME ZONE r.time_zone)::date;
        fresh_until := coalesce(que_instant((v_today + 1)::timestamp, r.time_zone), (v_today + 1)::timestamp AT TIME ZONE r.time_zone);
        RETURN;
      END IF;
    END IF;
  EXCEPTION WHEN invalid_parameter_value OR SQLSTATE 'QBTZ1' THEN
    day := NULL;
    starts := '{}';
    -- looked at again a minute later (a tzdata update may bring the zone back)
    fresh_until := p_now + interval '1 minute';
    RETURN;
  END;
  start_local := day + starts[1]::time;
  -- The item as GET /api/earliest-appointments shows it (EarliestAppointment in src/contract), in its
  -- key order, compact: the route sends the text as it is. A restaurant's slot lasts its reservation,
  -- as que_day_slots books it.
  item := '{"business":{"id":' || r.business_id || ',"businessName":' || to_json(r.business_name)::text
    || ',"businessType":' || to_json(r.business_type)::text || ',"category":' || to_json(r.category)::text
    || '},"service":{"id":' || r.id || ',"serviceName":' || to_json(r.name)::text || ',"duration":' || r.duration
    || ',"price":"' || CASE WHEN r.price_cents < 0 THEN '-' ELSE '' END || (abs(r.price_cents) / 100)::text || '.'
    || lpad((abs(r.price_cents) % 100)::text, 2, '0')
    || '"},"date":"' || to_char(day, 'YYYY-MM-DD') || '","time":"' || starts[1] || '","duration":'
    || CASE WHEN r.business_type = 'restaurant' THEN coalesce(r.reservation_duration, 120) ELSE r.duration END || '}';
END
$$;
--> statement-breakpoint
-- Triggers: anything that can change a business's free slots raises the version of its services'
-- rows (an update of the version alone stays on its page: fillfactor 70). Statement-level (but for
-- appointment updates and deletes), so a bulk write raises each row once; rows are locked in service
-- order, as a reader saving rows locks them, so the two never wait on each other in opposite orders.
CREATE FUNCTION que_earliest_invalidate(p_businesses int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE earliest_free_starts c SET version = c.version + 1
    FROM (SELECT service_id FROM earliest_free_starts WHERE business_id = ANY (p_businesses) ORDER BY service_id FOR NO KEY UPDATE) l
   WHERE c.service_id = l.service_id;
END
$$;
--> statement-breakpoint
-- business_hours, restaurant_time_slots, blocked_dates, services: rows with a business_id. A new
-- service gets its row.
CREATE FUNCTION que_slots_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF TG_TABLE_NAME = 'services' THEN
      INSERT INTO earliest_free_starts (service_id, business_id) SELECT id, business_id FROM new_rows ON CONFLICT DO NOTHING;
    ELSE
      PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM old_rows));
  ELSE
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows UNION SELECT business_id FROM old_rows));
    IF TG_TABLE_NAME = 'services' THEN
      -- a service that changed business is read with its new business at once
      UPDATE earliest_free_starts c SET business_id = n.business_id FROM new_rows n WHERE c.service_id = n.id AND c.business_id <> n.business_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- appointments: an insert raises each business once per statement (a bulk insert of 100,000 rows
-- stays a bulk write); an update or delete per row, only when it can move a slot (not notes or
-- payment fields), by a plain index read of one business's rows, locked in service order.
CREATE FUNCTION que_earliest_invalidate_business(p_business int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE earliest_free_starts c SET version = c.version + 1
    FROM (SELECT service_id FROM earliest_free_starts WHERE business_id = p_business ORDER BY service_id FOR NO KEY UPDATE) l
   WHERE c.service_id = l.service_id;
END
$$;
--> statement-breakpoint
CREATE FUNCTION que_appointment_slots_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM que_earliest_invalidate(ARRAY(SELECT business_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM que_earliest_invalidate_business(OLD.business_id);
  ELSIF OLD.business_id <> NEW.business_id THEN
    PERFORM que_earliest_invalidate(ARRAY[OLD.business_id, NEW.business_id]);
  ELSE
    PERFORM que_earliest_invalidate_business(NEW.business_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- businesses: any change of a business's row (zone, kind, capacity, name) changes its services' answers or items.
CREATE FUNCTION que_business_slots_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM que_earliest_invalidate(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_slots_updated AFTER UPDATE ON businesses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_business_slots_changed();
--> statement-breakpoint
CREATE TRIGGER appointments_slots_inserted AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_appointment_slots_changed();
--> statement-breakpoint
CREATE TRIGGER appointments_slots_updated AFTER UPDATE ON appointments FOR EACH ROW
  WHEN ((OLD.business_id, OLD.status, OLD.starts_at, OLD.ends_at, OLD.exclusive, OLD.party_size)
        IS DISTINCT FROM (NEW.business_id, NEW.status, NEW.starts_at, NEW.ends_at, NEW.exclusive, NEW.party_size))
  EXECUTE FUNCTION que_appointment_slots_changed();
--> statement-breakpoint
CREATE TRIGGER appointments_slots_deleted AFTER DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION que_appointment_slots_changed();
--> statement-breakpoint
CREATE TRIGGER services_slots_inserted AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER services_slots_updated AFTER UPDATE ON services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER services_slots_deleted AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER business_hours_slots_inserted AFTER INSERT ON business_hours REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER business_hours_slots_updated AFTER UPDATE ON business_hours REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER business_hours_slots_deleted AFTER DELETE ON business_hours REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER restaurant_time_slots_slots_inserted AFTER INSERT ON restaurant_time_slots REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER restaurant_time_slots_slots_updated AFTER UPDATE ON restaurant_time_slots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER restaurant_time_slots_slots_deleted AFTER DELETE ON restaurant_time_slots REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER blocked_dates_slots_inserted AFTER INSERT ON blocked_dates REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER blocked_dates_slots_updated AFTER UPDATE ON blocked_dates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
--> statement-breakpoint
CREATE TRIGGER blocked_dates_slots_deleted AFTER DELETE ON blocked_dates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION que_slots_changed();
