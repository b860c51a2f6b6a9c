-- custom migration (idempotent): the search-document upkeep of 0011 without a scan of all
-- memories on every write. A set-returning function is estimated at 1000 rows, so
-- `n.id IN (SELECT svc_search_doc_neighbours(...))` was planned as a hash join over a sequential
-- scan of memories: each remember cost time linear in the store (a 100k bulk load went from
-- minutes to most of an hour). ROWS 4 states what the function returns, and the context query
-- now joins from it, so each neighbour is one primary-key lookup.
CREATE OR REPLACE FUNCTION public.svc_search_doc_neighbours(doc_id uuid, exclude uuid DEFAULT NULL)
RETURNS SETOF uuid
LANGUAGE sql STABLE ROWS 4
SET search_path = public, pg_temp
AS $$
  (SELECT n.memory_id FROM memory_search_docs d JOIN memory_search_docs n
     ON n.owner_id = d.owner_id AND n.scope_id = d.scope_id AND n.conversation = d.conversation
   WHERE d.memory_id = doc_id AND (n.ordered_at, n.seq) < (d.ordered_at, d.seq)
     AND n.memory_id IS DISTINCT FROM exclude
   ORDER BY n.ordered_at DESC, n.seq DESC LIMIT 2)
  UNION ALL
  (SELECT n.memory_id FROM memory_search_docs d JOIN memory_search_docs n
     ON n.owner_id = d.owner_id AND n.scope_id = d.scope_id AND n.conversation = d.conversation
   WHERE d.memory_id = doc_id AND (n.ordered_at, n.seq) > (d.ordered_at, d.seq)
     AND n.memory_id IS DISTINCT FROM exclude
   ORDER BY n.ordered_at, n.seq LIMIT 2)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.svc_refresh_search_doc(doc_id uuid, exclude uuid DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
  m record;
  conv text;
  context tsvector;
BEGIN
  SELECT id, owner_id, scope_id, content, source, metadata, event_at, created_at, tsv
    INTO m FROM memories WHERE id = doc_id;
  IF NOT FOUND THEN
    DELETE FROM memory_search_docs WHERE memory_id = doc_id;
    RETURN;
  END IF;
  conv := svc_memory_conversation(m.source);
  -- The row first: a new document takes its place (seq) before its neighbours are looked up.
  INSERT INTO memory_search_docs AS d (memory_id, owner_id, scope_id, conversation, ordered_at,
      terms, own_length, context_length)
    VALUES (m.id, m.owner_id, m.scope_id, conv, coalesce(m.event_at, m.created_at), ''::tsvector, 0, 0)
    ON CONFLICT (memory_id) DO UPDATE SET owner_id = excluded.owner_id, scope_id = excluded.scope_id,
      conversation = excluded.conversation, ordered_at = excluded.ordered_at;
  context := to_tsvector('english'::regconfig, coalesce((
    SELECT string_agg(coalesce(n.content_en || ' ', '') || n.content, E'\n')
    FROM svc_search_doc_neighbours(m.id, exclude) AS nb(id) JOIN memories n ON n.id = nb.id), ''));
  UPDATE memory_search_docs SET
    terms = setweight(m.tsv, 'A')
      || setweight(to_tsvector('english'::regconfig,
           coalesce(svc_memory_speaker(m.content, m.metadata, conv), '')), 'B')
      || setweight(context, 'C')
      || setweight(to_tsvector('english'::regconfig,
           coalesce(to_char(m.event_at AT TIME ZONE 'UTC', 'FMMonth YYYY'), '')), 'D'),
    own_length = svc_tsv_token_count(m.tsv),
    context_length = svc_tsv_token_count(context),
    refreshed_at = now()
  WHERE memory_id = m.id;
END $$;
