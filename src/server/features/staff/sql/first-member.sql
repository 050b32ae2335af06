-- Every service business has at least one active staff member (DESIGN section 9): a new one gets its
-- first, named after the business, serving every service on the business's hours. A trigger, so
-- every way a business is made (registration, the demo data, a test's insert) gets it.
CREATE OR REPLACE FUNCTION que_first_staff_member()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.business_type <> 'restaurant' THEN
    INSERT INTO staff_members (business_id, name, position) VALUES (NEW.id, left(btrim(NEW.business_name), 100), 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER businesses_first_staff_member AFTER INSERT ON businesses FOR EACH ROW EXECUTE FUNCTION que_first_staff_member();
