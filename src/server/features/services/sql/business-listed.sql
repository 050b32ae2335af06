-- A business is listed (the directory, quick booking, the sitemap) while it has a bookable service,
-- so a new business with nothing to book is not shown until it adds one (issue 27). businesses.listed
-- is kept here, in the transaction that adds, deletes or changes a service, and the directory's
-- indexes hold listed rows only. What "bookable" means is said once, in que_business_has_bookable_service;
-- the column is the businesses feature's, written through its que_business_set_listed.
CREATE OR REPLACE FUNCTION que_business_has_bookable_service(p_business integer)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $$
  SELECT EXISTS (SELECT 1 FROM services s WHERE s.business_id = p_business AND s.deleted_at IS NULL)
$$;

CREATE OR REPLACE FUNCTION que_business_listed_refresh(p_business integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_listed boolean;
BEGIN
  -- The business row first: two transactions removing its last two services take turns, and the
  -- second reads the first's committed change (a statement's snapshot is taken after the lock).
  PERFORM 1 FROM businesses WHERE id = p_business FOR UPDATE;
  v_listed := que_business_has_bookable_service(p_business);
  PERFORM que_business_set_listed(p_business, v_listed);
END
$$;

CREATE OR REPLACE FUNCTION que_services_listed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM que_business_listed_refresh(OLD.business_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.business_id IS DISTINCT FROM OLD.business_id) THEN
    PERFORM que_business_listed_refresh(NEW.business_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER services_listed AFTER INSERT OR UPDATE OR DELETE ON services FOR EACH ROW EXECUTE FUNCTION que_services_listed();
