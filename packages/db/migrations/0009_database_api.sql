-- custom migration (idempotent): the Database API the search tools call. All run as the caller
-- (SECURITY INVOKER), so row-level security decides what they see; an anonymous caller is refused
-- with 42501 (contract, errors rule 11). The server adds hybrid ranking on top of these.
--
-- Full-text search over visible memories, best first. Retired (invalidated) and superseded
-- memories are left out unless include_retired. rank is ts_rank_cd normalised into 0..1.
CREATE OR REPLACE FUNCTION public.svc_search_memories(
  query text,
  k integer DEFAULT 10,
  scope_ids uuid[] DEFAULT NULL,
  include_retired boolean DEFAULT false)
RETURNS TABLE (memory_id uuid, scope_id uuid, owner_id uuid, content text, kind memory_kind,
  tags text[], created_at timestamptz, invalidated_at timestamptz, rank real)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
BEGIN
  PERFORM svc_require_signed_in();
  IF k IS NULL OR k < 1 OR k > 100 THEN
    RAISE EXCEPTION 'k must be between 1 and 100' USING ERRCODE = '22023';
  END IF;
  RETURN QUERY
    SELECT m.id, m.scope_id, m.owner_id, m.content, m.kind, m.tags, m.created_at, m.invalidated_at,
           ts_rank_cd(m.tsv, q.tsq, 32)::real
    FROM websearch_to_tsquery('english', svc_search_memories.query) AS q(tsq)
    JOIN memories m ON m.tsv @@ q.tsq
    WHERE (svc_search_memories.scope_ids IS NULL OR m.scope_id = ANY (svc_search_memories.scope_ids))
      AND (svc_search_memories.include_retired OR (m.invalidated_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM memory_supersedes s WHERE s.predecessor_id = m.id)))
    ORDER BY 9 DESC, m.created_at DESC
    LIMIT svc_search_memories.k;
END $$;
--> statement-breakpoint
-- Nearest visible memories to a query embedding of `model`, by cosine distance (0 = same
-- direction). The distance expression is the one of the per-model partial HNSW index that
-- ensureEmbeddingIndex creates, and the model is inlined as a literal so the planner can prove
-- the index predicate.
CREATE OR REPLACE FUNCTION public.svc_find_similar_memory(
  query_embedding vector,
  model text,
  k integer DEFAULT 10,
  scope_ids uuid[] DEFAULT NULL,
  include_retired boolean DEFAULT false,
  max_distance double precision DEFAULT NULL)
RETURNS TABLE (memory_id uuid, scope_id uuid, owner_id uuid, content text, kind memory_kind,
  created_at timestamptz, distance double precision)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $$
DECLARE
  dims integer;
BEGIN
  PERFORM svc_require_signed_in();
  IF k IS NULL OR k < 1 OR k > 100 THEN
    RAISE EXCEPTION 'k must be between 1 and 100' USING ERRCODE = '22023';
  END IF;
  IF query_embedding IS NULL OR model IS NULL THEN
    RAISE EXCEPTION 'query_embedding and model are required' USING ERRCODE = '22023';
  END IF;
  dims := vector_dims(query_embedding);
  RETURN QUERY EXECUTE format($q$
    SELECT m.id, m.scope_id, m.owner_id, m.content, m.kind, m.created_at,
           (e.embedding::vector(%1$s) <=> $1::vector(%1$s))::float8
    FROM memory_embeddings e JOIN memories m ON m.id = e.memory_id
    WHERE e.model = %2$L AND vector_dims(e.embedding) = %1$s
      AND ($3::uuid[] IS NULL OR m.scope_id = ANY ($3))
      AND ($4 OR (m.invalidated_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM memory_supersedes s WHERE s.predecessor_id = m.id)))
      AND ($5::float8 IS NULL OR (e.embedding::vector(%1$s) <=> $1::vector(%1$s)) <= $5)
    ORDER BY e.embedding::vector(%1$s) <=> $1::vector(%1$s)
    LIMIT $2 $q$, dims, model)
  USING query_embedding, k, scope_ids, include_retired, max_distance;
END $$;
--> statement-breakpoint
-- The supersedes chain around a memory, walked both ways: depth 0 is the memory itself, negative
-- depths are older versions it replaced, positive depths newer versions that replaced it. Only
-- visible memories and links appear; an invisible or unknown memory yields no row.
-- (The output column is version_id because memory_id is the parameter's name.)
CREATE OR REPLACE FUNCTION public.svc_memory_version_history(memory_id uuid)
RETURNS TABLE (version_id uuid, depth integer, content text, owner_id uuid, scope_id uuid,
  created_at timestamptz, invalidated_at timestamptz, invalidation_reason text, superseded_by uuid[])
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  start_id uuid := svc_memory_version_history.memory_id;
BEGIN
  PERFORM svc_require_signed_in();
  IF NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = start_id) THEN
    RETURN;
  END IF;
  RETURN QUERY
    WITH RECURSIVE
      older(id, depth, path) AS (
        SELECT start_id, 0, ARRAY[start_id]
        UNION ALL
        SELECT s.predecessor_id, o.depth - 1, o.path || s.predecessor_id
        FROM older o JOIN memory_supersedes s ON s.successor_id = o.id
        WHERE s.predecessor_id <> ALL (o.path) AND o.depth > -1000),
      newer(id, depth, path) AS (
        SELECT start_id, 0, ARRAY[start_id]
        UNION ALL
        SELECT s.successor_id, n.depth + 1, n.path || s.successor_id
        FROM newer n JOIN memory_supersedes s ON s.predecessor_id = n.id
        WHERE s.successor_id <> ALL (n.path) AND n.depth < 1000),
      -- In a diamond a version is reached twice; keep its nearest depth.
      chain(id, depth) AS (
        SELECT o.id, max(o.depth) FROM older o GROUP BY o.id
        UNION ALL
        SELECT n.id, min(n.depth) FROM newer n WHERE n.depth > 0 GROUP BY n.id)
    SELECT DISTINCT ON (c.depth, m.created_at, m.id)
           m.id, c.depth, m.content, m.owner_id, m.scope_id, m.created_at, m.invalidated_at,
           m.invalidation_reason,
           ARRAY(SELECT s.successor_id FROM memory_supersedes s WHERE s.predecessor_id = m.id
                 ORDER BY s.created_at)
    FROM chain c JOIN memories m ON m.id = c.id
    ORDER BY c.depth, m.created_at, m.id;
END $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.svc_search_memories(text, integer, uuid[], boolean)
  TO svc_authenticated, svc_anon;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.svc_find_similar_memory(vector, text, integer, uuid[], boolean, double precision)
  TO svc_authenticated, svc_anon;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.svc_memory_version_history(uuid) TO svc_authenticated, svc_anon;
