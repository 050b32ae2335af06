-- Every service business has at least one active staff member (DESIGN section 9): a new one gets its
-- first, named after its owner (the profile's full name, which registration asks for; the business's
-- name when the profile has none), serving every service on the business's hours. A trigger, so
-- every way a business is made (registration, the demo data, a test's insert) gets it.
CREATE OR REPLACE FUNCTION que_first_staff_member()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.business_type <> 'restaurant' THEN
    INSERT INTO staff_members (business_id, name, position)
      SELECT NEW.id, left(coalesce(nullif(btrim(u.full_name), ''), btrim(NEW.business_name)), 100), 1
        FROM (SELECT 1) one LEFT JOIN users u ON u.id = NEW.owner_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER businesses_first_staff_member AFTER INSERT ON businesses FOR EACH ROW EXECUTE FUNCTION que_first_staff_member();
