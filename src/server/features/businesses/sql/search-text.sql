-- What `q` searches (DESIGN section 10): a business's name, category, cuisine, description and
-- address, lower-cased and without accents, so "cafe" finds "Café". Written on every insert and on
-- every edit of those fields; migration 0015 filled it for the businesses already there. Its words
-- are kept in business_words and search_words (decision 0026), where a typed word is corrected
-- by trigram similarity (que_search_hits forgives "dentsit").
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

-- The words of a text as search compares them: normalized as search_text is, split at anything
-- that is not a letter or digit, each once. Both the stored words and a query's words are these.
CREATE OR REPLACE FUNCTION que_search_words(p_text text) RETURNS text[]
language sql immutable parallel safe as $$
  select coalesce(array_agg(distinct w), '{}') from regexp_split_to_table(que_search_normal(p_text), '[^[:alnum:]]+') w where w <> ''
$$;

-- Keeps business_words (and the vocabulary, search_words) to the business's search_text. After the
-- row is written: business_words refers to it. New vocabulary words are added in word order, so two
-- businesses adding the same new words at once wait for each other rather than deadlock.
CREATE OR REPLACE FUNCTION que_business_words() RETURNS trigger
language plpgsql as $$
declare
  v_words text[] := que_search_words(new.search_text);
begin
  if tg_op = 'UPDATE' then
    delete from business_words where business_id = new.id and word <> all (v_words);
  end if;
  insert into business_words (word, business_id) select w, new.id from unnest(v_words) w on conflict do nothing;
  insert into search_words (word) select w from unnest(v_words) w order by w on conflict do nothing;
  return null;
end;
$$;

create or replace trigger businesses_words
  after insert or update of search_text, business_name, category, cuisine_type, description, address on businesses
  for each row execute function que_business_words();
alter table businesses enable always trigger businesses_words;
