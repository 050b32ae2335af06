-- How one customer is named to another (issue 27): by first name and the initial of the last, as the
-- name on their profile reads ("Alice Smith" -> "Alice S."), never by username, which is a login
-- name and not theirs to show. NULL when the profile has no name: the caller describes them instead.
CREATE OR REPLACE FUNCTION que_public_name(p_full_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $$
  SELECT CASE
    WHEN w IS NULL OR cardinality(w) = 0 THEN NULL
    WHEN cardinality(w) = 1 THEN w[1]
    ELSE w[1] || ' ' || upper(left(w[cardinality(w)], 1)) || '.'
  END
  FROM (SELECT array_remove(regexp_split_to_array(btrim(coalesce(p_full_name, '')), '\s+'), '') AS w) s
$$;
