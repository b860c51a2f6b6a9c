-- custom migration (idempotent): a search naming no scope reads the caller's rows, not every user's.
--
-- A search that names no scope (recall without a project, say) reads its collection's counts and
-- its words' matches under the visibility rule "owned by the caller, or in a scope the caller
-- reads". Neither branch was an index range: memory_search_words is keyed (lexeme, scope, owner) and
-- memory_search_totals (scope, owner), so each word's count read every user's row for that word and
-- the collection's size every row of the table, each then filtered by the rule; and the words'
-- matches in memory_search_docs were every user's documents holding the word, each read to be
-- filtered. With 5,000 other users sharing six words, the counts took 9.5-10.3 ms p50 instead of
-- 1.4-2.3; with 10,000 of their documents holding the searched word, its matches 3.9-6.4 ms instead
-- of 2.9-3.0 (bench/README.md, Latency, round 17), growing with the store, not with the caller.
--
-- An index on the owner makes the rule's owner branch a range (a plan made for the values ORs it
-- with the key's scope range; the embedded database's generic plans get the two ranges spelled out
-- by the search, countsRows in @svc/core); and the match functions, given no scopes, bound the
-- matches by the scopes the caller reads or owns documents in (the owner's from
-- memory_search_totals, which holds a row for every scope and owner with a document). Every
-- document the rule lets through is in one of those scopes, so what a search finds is unchanged;
-- the rule itself is still applied as before.
CREATE INDEX IF NOT EXISTS memory_search_words_owner_idx ON public.memory_search_words (owner_id, lexeme);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS memory_search_totals_owner_idx ON public.memory_search_totals (owner_id);
--> statement-breakpoint
-- The scopes a search reads: those it names, else the caller's readable scopes and those the caller
-- owns documents in. Only the search functions (its owner) call it: given another user's id it
-- would name that user's scopes, so no role is granted it.
CREATE OR REPLACE FUNCTION public.svc_searched_scope_ids(scope_ids uuid[], uid uuid, readable uuid[])
RETURNS uuid[]
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
  SELECT coalesce(scope_ids, readable || ARRAY(SELECT t.scope_id FROM memory_search_totals t WHERE t.owner_id = uid))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_searched_scope_ids(uuid[], uuid, uuid[]) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.svc_search_doc_matches(query tsquery, scope_ids uuid[],
  max_rows integer DEFAULT NULL, newest_first boolean DEFAULT false)
RETURNS TABLE (memory_id uuid)
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
  scope_ids := svc_searched_scope_ids(scope_ids, uid, readable);
  RETURN QUERY EXECUTE
    'SELECT d.memory_id FROM memory_search_docs d
     WHERE d.terms @@ $1 AND d.scope_id = ANY ($2)
       AND (d.owner_id = $4 OR d.scope_id = ANY ($5))'
    || CASE WHEN newest_first THEN ' ORDER BY d.seq DESC' ELSE '' END
    || ' LIMIT $3'
  USING query, scope_ids, max_rows, uid, readable;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.svc_search_doc_tf(query tsquery, lexemes text[], scope_ids uuid[],
  max_rows integer DEFAULT NULL, newest_first boolean DEFAULT false)
RETURNS TABLE (memory_id uuid, lexeme text, weights text[], own_length integer, context_length integer)
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
  scope_ids := svc_searched_scope_ids(scope_ids, uid, readable);
  -- Deleting every other lexeme (two passes of C code) is several times cheaper than unnesting
  -- every lexeme of every match to keep the query's.
  RETURN QUERY EXECUTE
    'SELECT h.memory_id, u.lexeme, u.weights, h.own_length, h.context_length
     FROM (SELECT d.memory_id, d.terms, d.own_length, d.context_length FROM memory_search_docs d
       WHERE d.terms @@ $1 AND d.scope_id = ANY ($3)
         AND (d.owner_id = $5 OR d.scope_id = ANY ($6))'
    || CASE WHEN newest_first THEN ' ORDER BY d.seq DESC' ELSE '' END
    || ' LIMIT $4) h
     CROSS JOIN LATERAL unnest(ts_delete(h.terms, tsvector_to_array(ts_delete(h.terms, $2)))) u'
  USING query, lexemes, scope_ids, max_rows, uid, readable;
END $$;
