-- What `q` searches (DESIGN section 10): a business's name, category, cuisine, description and
-- address, lower-cased and without accents, so "cafe" finds "Café" and trigram similarity
-- (pg_trgm, GIN index businesses_search_text_trgm_idx) forgives "dentsit". Written on every insert
-- and on every edit of those fields; migration 0015 filled it for the businesses already there.
CREATE OR REPLACE FUNCTION que_search_normal(p_text text) RETURNS text
language sql immutable parallel safe as $$
  select lower(public.unaccent('public.unaccent'::regdictionary, coalesce(p_text, '')))
$$;

CREATE OR REPLACE FUNCTION que_business_search_text() RETURNS trigger
language plpgsql as $$
begin
  new.search_text := que_search_normal(concat_ws(' ', new.business_name, new.category, new.cuisine_type, new.description, new.address));
  return new;
end;
$$;

create or replace trigger businesses_search_text
  before insert or update of business_name, category, cuisine_type, description, address on businesses
  for each row execute function que_business_search_text();
alter table businesses enable always trigger businesses_search_text;
