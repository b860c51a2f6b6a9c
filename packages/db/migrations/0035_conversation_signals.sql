-- custom migration (idempotent): a search's conversation signals in a function, so their plan is made once per session.
--
-- For the best candidates of a search: the best cosine with the query of the memory just before and
-- the one just after each in its conversation or thread (null outside one, or without a vector of
-- the model), the one before counting `question_factor` times (capped at 1) when it asks; and
-- whether the memory's own text asks. The statement did little (about 30 index probes) but the
-- embedded database planned it anew for every search, with the row-level security of five tables
-- in it: 3-4 ms of planning against about 1 ms of work at 100,000 memories. Static SQL in PL/pgSQL
-- keeps its plan for the session, and force_generic_plan keeps that one plan from the first call.
-- SECURITY INVOKER: every table is read as the caller, under row-level security, as before.
CREATE OR REPLACE FUNCTION public.svc_conversation_signals(p_ids uuid[], p_query vector, p_model text,
  p_question_factor float8)
RETURNS TABLE (memory_id uuid, context_cosine float8, asks boolean)
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  SELECT m.id,
    CASE WHEN p_query IS NULL THEN NULL ELSE (
      SELECT max(CASE
          WHEN nb.before AND p_question_factor <> 1 AND EXISTS (
            SELECT 1 FROM memories nm
            WHERE nm.id = nb.id AND nm.content ~ '[?？][[:space:]"'')”’]*$')
          THEN least(1, p_question_factor * (1 - (ne.embedding <=> p_query)))
          ELSE 1 - (ne.embedding <=> p_query) END)
      FROM memory_search_docs d
        CROSS JOIN LATERAL (
          SELECT true AS before, (SELECT n.memory_id FROM memory_search_docs n
            WHERE n.owner_id = d.owner_id AND n.scope_id = d.scope_id AND n.conversation = d.conversation
              AND (n.ordered_at, n.seq) < (d.ordered_at, d.seq)
            ORDER BY n.ordered_at DESC, n.seq DESC LIMIT 1) AS id
          UNION ALL
          SELECT false, (SELECT n.memory_id FROM memory_search_docs n
            WHERE n.owner_id = d.owner_id AND n.scope_id = d.scope_id AND n.conversation = d.conversation
              AND (n.ordered_at, n.seq) > (d.ordered_at, d.seq)
            ORDER BY n.ordered_at ASC, n.seq ASC LIMIT 1)) nb
        JOIN memory_embeddings ne ON ne.memory_id = nb.id AND ne.model = p_model
      WHERE d.memory_id = m.id AND d.conversation IS NOT NULL)::float8 END,
    m.content ~ '[?？][[:space:]"'')”’]*$'
  FROM memories m
  WHERE m.id = ANY (p_ids);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_conversation_signals(uuid[], vector, text, float8) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.svc_conversation_signals(uuid[], vector, text, float8) TO svc_authenticated;
