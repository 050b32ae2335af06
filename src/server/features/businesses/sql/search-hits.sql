-- The businesses that match a search (DESIGN section 10, decision 0026) and how well: every word of
-- p_q must be found, forgiving typos and accents. Each query word is corrected against the
-- vocabulary (search_words, its trigram GIN index serving `<%`, word similarity at or above
-- pg_trgm.word_similarity_threshold, which the caller sets for its transaction): its
-- p_per_word most similar words, less those far below the best of them (under 0.7 of its
-- similarity: "yoga" is the word yoga, not also "york" at 0.4, whose 20,000 New York addresses would
-- be read for nothing). A business matches when, for every query word, it has one of
-- those words (business_words, read by word); its score is the mean over the query words of the
-- best such word's similarity, so "dentist" (exact, 1) ranks before "dental" (0.57) for "dentist".
-- What this reads grows with the matches and the vocabulary, never with the businesses. A query's
-- words of one letter are left out (each would stand for every word that starts with it), and of the
-- rest only the p_max_words longest count, so no query asks for more than p_max_words × p_per_word words.
-- A typo match stands for a word only when it is close to that whole word: a vocabulary word two or more
-- letters shorter than the typed one is a part of it, not a spelling of it ("barbr" is barber or
-- barbershop, not the "bar" of Noodle Bar, although all of "bar" is found in it), so it stands only
-- for itself. A missing letter ("famly", "barbr") is still forgiven.
CREATE OR REPLACE FUNCTION que_search_hits(p_q text, p_per_word integer, p_max_words integer)
 RETURNS TABLE(business_id integer, score real)
 LANGUAGE sql
 STABLE
AS $$
  WITH q AS (
    SELECT w, ord FROM unnest(que_search_words(p_q)) WITH ORDINALITY u(w, ord)
     WHERE length(w) >= 2 ORDER BY length(w) DESC, w LIMIT p_max_words
  ),
  corrected AS (
    SELECT q.ord, c.word, c.s
      FROM q CROSS JOIN LATERAL (
        SELECT n.word, n.s, max(n.s) OVER () AS top FROM (
          SELECT sw.word, word_similarity(q.w, sw.word) AS s FROM search_words sw
           WHERE q.w <% sw.word AND (length(sw.word) >= length(q.w) - 1 OR sw.word = q.w) ORDER BY s DESC, sw.word LIMIT p_per_word) n) c
     WHERE c.s >= 0.7 * c.top
  ),
  best AS (
    SELECT bw.business_id, c.ord, max(c.s) AS s FROM corrected c JOIN business_words bw ON bw.word = c.word GROUP BY bw.business_id, c.ord
  )
  SELECT b.business_id, (sum(b.s) / (SELECT count(*) FROM q))::real
    FROM best b GROUP BY b.business_id
   HAVING count(*) = (SELECT count(*) FROM q)
$$;
