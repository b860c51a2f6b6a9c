-- custom migration (idempotent): the lexical ranker's term frequencies in one call.
--
-- The ranker found the matching ids with svc_search_doc_matches, read each matching document again
-- by primary key as the caller, and kept the whole tsvector of each in a CTE to pick the query's
-- lexemes out of it: per match a second heap visit under row-level security and a copy of its
-- terms. This function returns, per matching document, only the query's lexemes with their
-- weights (one row per lexeme present) and the two field lengths BM25F needs, from the same visit
-- that checked the match: 15-20% of the lexical leg's time at 100k memories (300-2000 matches).
--
-- Visibility is the rule of memory_search_docs_select, applied here as svc_search_doc_matches
-- applies it (own document, or one in a readable scope): SECURITY DEFINER only so that `@@`, which
-- is not LEAKPROOF, can use the GIN index. What it returns of a document (which of the caller's
-- own query words it holds, where, and its field lengths) is what the caller could read from the
-- table itself. `lexemes` are the query's, normalised as the documents were (to_tsvector english).
CREATE OR REPLACE FUNCTION public.svc_search_doc_tf(query tsquery, lexemes text[], scope_ids uuid[],
  max_rows integer DEFAULT NULL, newest_first boolean DEFAULT false)
RETURNS TABLE (memory_id uuid, lexeme text, weights text[], own_length integer, context_length integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM svc_require_signed_in();
  -- Deleting every other lexeme (two passes of C code) is several times cheaper than unnesting
  -- every lexeme of every match to keep the query's.
  RETURN QUERY EXECUTE
    'SELECT h.memory_id, u.lexeme, u.weights, h.own_length, h.context_length
     FROM (SELECT d.memory_id, d.terms, d.own_length, d.context_length FROM memory_search_docs d
       WHERE d.terms @@ $1 AND ($3::uuid[] IS NULL OR d.scope_id = ANY ($3))
         AND (d.owner_id = svc_uid() OR d.scope_id = ANY (svc_readable_scope_ids()))'
    || CASE WHEN newest_first THEN ' ORDER BY d.seq DESC' ELSE '' END
    || ' LIMIT $4) h
     CROSS JOIN LATERAL unnest(ts_delete(h.terms, tsvector_to_array(ts_delete(h.terms, $2)))) u'
  USING query, lexemes, scope_ids, max_rows;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_search_doc_tf(tsquery, text[], uuid[], integer, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.svc_search_doc_tf(tsquery, text[], uuid[], integer, boolean) TO svc_authenticated;
