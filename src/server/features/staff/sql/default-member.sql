-- An appointment at a service business written without a staff member (a seed, an import, a test's
-- own insert: the booking functions always name one) is the business's first active member's, in
-- the owner's order, so appointments_staff_check and the per-member overlap constraint hold for
-- every row however it was written.
CREATE OR REPLACE FUNCTION que_appointment_default_member()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.exclusive AND NEW.staff_id IS NULL THEN
    SELECT id INTO NEW.staff_id FROM staff_members WHERE business_id = NEW.business_id AND active ORDER BY position, id LIMIT 1;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER appointments_default_member BEFORE INSERT ON appointments FOR EACH ROW EXECUTE FUNCTION que_appointment_default_member();
ALTER TABLE appointments ENABLE ALWAYS TRIGGER appointments_default_member;
