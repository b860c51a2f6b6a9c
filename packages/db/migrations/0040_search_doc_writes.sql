-- custom migration (idempotent): a search document is written only when something in it changes.
--
-- svc_refresh_search_doc wrote every document it refreshed twice: the upsert of its place
-- (owner, scope, conversation, order), then its words. For a document already in place, as each
-- neighbour of a new memory in a thread or conversation is, the upsert rewrote the row with the
-- values it had: PostgreSQL still writes a new row version (a heap-only one, with no new index
-- entries), and the word and totals triggers compare the two versions. A remember into a thread refreshes itself and
-- up to two neighbours before it: 4.4 ms of the insert on the embedded database, two of its six
-- row versions unchanged. Now the place is written only when it is new or moved, and the words
-- only when they differ; the neighbours' words are joined in the neighbours' order, so equal words
-- compare equal. What a document counts is unchanged (its context words' positions may differ).
CREATE OR REPLACE FUNCTION public.svc_refresh_search_doc(doc_id uuid, exclude uuid DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
  m record;
  conv text;
  context tsvector;
  words tsvector;
  own_len integer;
  context_len integer;
BEGIN
  SELECT id, owner_id, scope_id, content, source, metadata, event_at, created_at, tsv
    INTO m FROM memories WHERE id = doc_id;
  IF NOT FOUND THEN
    DELETE FROM memory_search_docs WHERE memory_id = doc_id;
    RETURN;
  END IF;
  conv := svc_memory_conversation(m.source);
  -- The row first: a new document takes its place (seq) before its neighbours are looked up. A
  -- thread's or a transcript's memories are neighbours in the order they were written, whatever
  -- their event times (0022, 0025).
  INSERT INTO memory_search_docs AS d (memory_id, owner_id, scope_id, conversation, ordered_at,
      terms, own_length, context_length)
    VALUES (m.id, m.owner_id, m.scope_id, conv,
      CASE WHEN conv LIKE 'thread %' OR m.source ? 'transcriptChunkId' THEN m.created_at
        ELSE coalesce(m.event_at, m.created_at) END,
      ''::tsvector, 0, 0)
    ON CONFLICT (memory_id) DO UPDATE SET owner_id = excluded.owner_id, scope_id = excluded.scope_id,
      conversation = excluded.conversation, ordered_at = excluded.ordered_at
    WHERE (d.owner_id, d.scope_id, d.conversation, d.ordered_at)
      IS DISTINCT FROM (excluded.owner_id, excluded.scope_id, excluded.conversation, excluded.ordered_at);
  -- In the neighbours' order (before, then after): joined in whatever order the plan gave, the
  -- same neighbours made other word positions, and the document looked changed when it was not.
  context := to_tsvector('english'::regconfig, coalesce((
    SELECT string_agg(coalesce(n.content_en || ' ', '') || n.content, E'\n' ORDER BY nb.ord)
    FROM svc_search_doc_neighbours(m.id, exclude) WITH ORDINALITY AS nb(id, ord)
      JOIN memories n ON n.id = nb.id), ''));
  words := setweight(m.tsv, 'A')
    || setweight(to_tsvector('english'::regconfig,
         coalesce(svc_memory_speaker(m.content, m.metadata, conv), '')), 'B')
    || setweight(context, 'C')
    || setweight(to_tsvector('english'::regconfig,
         coalesce(to_char(m.event_at AT TIME ZONE 'UTC', 'FMMonth YYYY'), '')), 'D');
  own_len := svc_tsv_token_count(m.tsv);
  context_len := svc_tsv_token_count(context);
  UPDATE memory_search_docs SET
    terms = words, own_length = own_len, context_length = context_len, refreshed_at = now()
  WHERE memory_id = m.id
    AND (terms, own_length, context_length) IS DISTINCT FROM (words, own_len, context_len);
END $$;
