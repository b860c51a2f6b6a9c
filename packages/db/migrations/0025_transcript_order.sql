-- custom migration (idempotent): memories extracted from one transcript are neighbours in the order
-- they were said (insertion order: one extraction run stores a chunk's memories in turn order, in
-- one transaction), as a thread's are, not by the event times their sentences name: a fact with no
-- date took the extraction's write time and sorted after every dated sentence of its session, and
-- "last year" in one sentence moved it a year away from the sentences around it.
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
  INSERT INTO memory_search_docs AS d (memory_id, owner_id, scope_id, conversation, ordered_at,
      terms, own_length, context_length)
    VALUES (m.id, m.owner_id, m.scope_id, conv,
      CASE WHEN conv LIKE 'thread %' OR m.source ? 'transcriptChunkId' THEN m.created_at
        ELSE coalesce(m.event_at, m.created_at) END,
      ''::tsvector, 0, 0)
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
--> statement-breakpoint
-- Extracted memories stored before: every one takes its new place first, then the contexts follow.
DO $$
DECLARE
  moved uuid[];
  x uuid;
BEGIN
  moved := ARRAY(SELECT m.id FROM memories m JOIN memory_search_docs d ON d.memory_id = m.id
    WHERE m.source ? 'transcriptChunkId' AND d.ordered_at IS DISTINCT FROM m.created_at
    ORDER BY m.created_at, d.seq);
  UPDATE memory_search_docs d SET ordered_at = m.created_at FROM memories m
    WHERE m.id = d.memory_id AND m.id = ANY (moved);
  FOREACH x IN ARRAY moved LOOP PERFORM svc_refresh_search_doc(x); END LOOP;
END $$;
