-- Whether a business shows in the directory, quick booking and the sitemap (businesses.listed, issue
-- 27): the businesses feature's column, so only its SQL writes it. The services feature decides when
-- it changes (que_business_listed_refresh, under the business row's lock) and says so here.
CREATE OR REPLACE FUNCTION que_business_set_listed(p_business integer, p_listed boolean)
 RETURNS void
 LANGUAGE sql
AS $$
  UPDATE businesses SET listed = p_listed WHERE id = p_business AND listed IS DISTINCT FROM p_listed
$$;
