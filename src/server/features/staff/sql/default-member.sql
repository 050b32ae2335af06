-- An appointment at a service business written without a staff member (a seed, an import, a test's
-- own insert: the booking functions always name one) goes to the member the "anyone" pick puts
-- first among the business's active members (que_pick_order, the pick's one home: fewest that day,
-- booked least recently, the owner's order), so appointments_staff_check and the per-member overlap
-- constraint hold for every row however it was written. (Until issue 28 this trigger had a rule of
-- its own: the first member in the owner's order.)
CREATE OR REPLACE FUNCTION que_appointment_default_member()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.exclusive AND NEW.staff_id IS NULL THEN
    NEW.staff_id := (que_pick_order(ARRAY(SELECT id FROM staff_members WHERE business_id = NEW.business_id AND active), NEW.starts_at::date))[1];
  END IF;
  RETURN NEW;
END
$$;

-- Fires only for such a row (WHEN): a booking, which names its member, calls no function here.
CREATE OR REPLACE TRIGGER appointments_default_member BEFORE INSERT ON appointments FOR EACH ROW
  WHEN (NEW.exclusive AND NEW.staff_id IS NULL) EXECUTE FUNCTION que_appointment_default_member();
ALTER TABLE appointments ENABLE ALWAYS TRIGGER appointments_default_member;
