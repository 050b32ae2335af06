-- Capacity freed on p_date at p_business between p_from and p_to (a cancel, a release, a move away,
-- a hold that lapsed): each waiting entry of that day whose visit could use that time (a start in its
-- window that overlaps it), oldest first, is offered the first free start in its window, as a
-- held appointment (que_appointment_hold, under the business lock: nobody else can take it) whose
-- lapse is a job of the queue at its held_until (job key per hold). An entry that fits nothing keeps
-- waiting and the next is tried, so a freed slot goes to the oldest entry it suits. p_released: the
-- released booking whose slot this is (its outcome follows the claim). Returns how many were offered.
CREATE OR REPLACE FUNCTION que_waitlist_offer_freed(p_business integer, p_date date, p_from text, p_to text, p_released integer, p_horizon integer, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $$
DECLARE
  e waitlist_entries;
  v_hold jsonb;
  v_count int := 0;
BEGIN
  -- The business first, as every writer of its times (que_require_slot): then the entries.
  PERFORM 1 FROM businesses WHERE id = p_business FOR NO KEY UPDATE;
  -- Only entries the freed time can serve: a day's other entries are not read for slots (the
  -- dear part), so a freed slot costs one availability read, not one per waiter that day.
  FOR e IN SELECT w.* FROM waitlist_entries w JOIN services sv ON sv.id = w.service_id
            WHERE w.business_id = p_business AND w.date = p_date AND w.status = 'waiting'
              AND w.from_time < p_to AND (w.to_time::interval + sv.duration * interval '1 minute') > p_from::interval
            ORDER BY w.created_at, w.id FOR UPDATE OF w LOOP
    v_hold := que_appointment_hold(e.customer_id, p_business, e.service_id, p_date, e.from_time, e.to_time, e.party_size, e.staff_id, p_horizon, p_now);
    CONTINUE WHEN v_hold IS NULL;
    UPDATE waitlist_entries SET status = 'offered', appointment_id = (v_hold->>'appointmentId')::int,
                                released_appointment_id = p_released, updated_at = now()
     WHERE id = e.id;
    PERFORM graphile_worker.add_job('waitlist_hold_lapse', json_build_object('appointmentId', (v_hold->>'appointmentId')::int),
      run_at => (v_hold->>'heldUntil')::timestamptz, job_key => 'waitlist:hold:' || (v_hold->>'appointmentId'), max_attempts => 25);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END
$$;
