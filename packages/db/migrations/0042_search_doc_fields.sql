-- custom migration (idempotent): the lexical ranker reads each match's field frequencies with one C call a word.
--
-- svc_search_doc_tf returned one row per match and query word holding that word's weights, taken
-- out of the document's tsvector by deleting every other lexeme (ts_delete twice, tsvector_to_array,
-- unnest) and counted by the caller with array_positions: about 10 µs a match on the embedded
-- database, then a sort and an aggregate over the rows to make one score a memory. At 100,000
-- memories a query with several uncommon words matches 1,000-3,500 documents, and this was most of
-- recall's slowest statements (bench/README.md, Latency, round 18).
--
-- ts_rank_cd of a one-word query is the sum, over that word's positions, of the weight given to the
-- position's class (each position is a cover of its own, of length one), so with weights {D, C, B,
-- A} set to the BM25F field weights of the document ({date weight, context weight / context norm, 0,
-- 1 / own norm}) it is the word's field-weighted frequency f itself. The weights must lie in [0, 1],
-- so they are divided by s, the largest of them and 1, and f is s times the rank. One call a word and
-- match (about 0.7 µs), one `@@` for the speaker bonus (does any query word name the speaker), one row
-- per match. The rank is a float4, so f carries about 7 significant digits; scores are rounded to 4
-- decimals where they are compared (hybrid-search.ts).
--
-- fields = {b, average own length, average context length, context weight, date weight}; terms are
-- the query's words one tsquery each, in the order whose f the caller reads back; speaker is
-- `'word':B | ...` over the same words. Visibility and the searched scopes are those of 0041.
CREATE OR REPLACE FUNCTION public.svc_search_doc_fields(query tsquery, terms tsquery[], speaker tsquery,
  fields float8[], scope_ids uuid[], max_rows integer DEFAULT NULL, newest_first boolean DEFAULT false,
  sort_matches boolean DEFAULT false)
RETURNS TABLE (memory_id uuid, tf float8[], said boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
  uid uuid;
  readable uuid[];
  matches text;
  ranks text;
BEGIN
  PERFORM svc_require_signed_in();
  uid := svc_uid();
  readable := svc_readable_scope_ids();
  scope_ids := svc_searched_scope_ids(scope_ids, uid, readable);
  matches := 'SELECT d.memory_id, d.terms, d.seq, d.own_length, d.context_length FROM memory_search_docs d
    WHERE d.terms @@ $1 AND d.scope_id = ANY ($2) AND (d.owner_id = $4 OR d.scope_id = ANY ($5))';
  -- The newest matches: walked newest first through the seq index and tested one by one (0027),
  -- or, where the caller expects few matches, all of them read through the words' index and
  -- sorted, which the planner rates too dear beside the walk (it does not count the test).
  IF newest_first AND sort_matches THEN
    matches := 'SELECT * FROM (' || matches || ' OFFSET 0) d ORDER BY d.seq DESC';
  ELSIF newest_first THEN
    matches := matches || ' ORDER BY d.seq DESC';
  END IF;
  SELECT string_agg(format('w.s * ts_rank_cd(w.w, w.terms, $6[%s], 0)', i), ', ' ORDER BY i)
    INTO ranks FROM generate_subscripts(terms, 1) AS i;
  -- Each level is kept apart (LIMIT, OFFSET 0) so the norms, s and the weights are computed once
  -- a match, not once for each word that reads them.
  RETURN QUERY EXECUTE
    'SELECT w.memory_id, ARRAY[' || coalesce(ranks, '') || ']::float8[], w.terms @@ $7
     FROM (SELECT n.memory_id, n.terms, n.s,
         ARRAY[$8[5] / n.s, $8[4] / n.nc / n.s, 0, 1 / n.na / n.s]::real[] AS w
       FROM (SELECT h.memory_id, h.terms, h.na, h.nc, greatest(1, $8[5], $8[4] / h.nc, 1 / h.na) AS s
         FROM (SELECT m.memory_id, m.terms,
             1 - $8[1] + $8[1] * m.own_length / $8[2] AS na,
             1 - $8[1] + $8[1] * m.context_length / $8[3] AS nc
           FROM (' || matches || ' LIMIT $3) m OFFSET 0) h OFFSET 0) n OFFSET 0) w'
  USING query, scope_ids, max_rows, uid, readable, terms, speaker, fields;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_search_doc_fields(tsquery, tsquery[], tsquery, float8[], uuid[], integer, boolean, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.svc_search_doc_fields(tsquery, tsquery[], tsquery, float8[], uuid[], integer, boolean, boolean) TO svc_authenticated;
--> statement-breakpoint
-- Which query words a few memories hold, and where (own words, neighbours' words, the speaker),
-- for the reasons a search gives with its results: the searched memories' words, by id, under the
-- same visibility rule.
CREATE OR REPLACE FUNCTION public.svc_search_doc_terms(ids uuid[], lexemes text[])
RETURNS TABLE (memory_id uuid, own_terms text[], context_terms text[], speaker_terms text[])
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
  uid uuid;
  readable uuid[];
BEGIN
  PERFORM svc_require_signed_in();
  uid := svc_uid();
  readable := svc_readable_scope_ids();
  RETURN QUERY
    SELECT d.memory_id,
      array_agg(u.lexeme ORDER BY u.lexeme) FILTER (WHERE 'A' = ANY (u.weights)),
      array_agg(u.lexeme ORDER BY u.lexeme) FILTER (WHERE NOT 'A' = ANY (u.weights) AND 'C' = ANY (u.weights)),
      array_agg(u.lexeme ORDER BY u.lexeme) FILTER (WHERE 'B' = ANY (u.weights))
    FROM memory_search_docs d
      CROSS JOIN LATERAL unnest(ts_delete(d.terms, tsvector_to_array(ts_delete(d.terms, lexemes)))) u
    WHERE d.memory_id = ANY (ids) AND (d.owner_id = uid OR d.scope_id = ANY (readable))
    GROUP BY d.memory_id;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_search_doc_terms(uuid[], text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.svc_search_doc_terms(uuid[], text[]) TO svc_authenticated;
--> statement-breakpoint
DROP FUNCTION IF EXISTS public.svc_search_doc_tf(tsquery, text[], uuid[], integer, boolean);
