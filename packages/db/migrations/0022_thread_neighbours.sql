-- custom migration (idempotent): memories written one after another in one session (thread) are
-- neighbours in the search documents, as a conversation's are. remember records the session's row
-- id under source.threadSession when the caller names no conversation; an explicit conversation
-- id still wins. Only a named conversation lets a leading "Name: " count as the speaker (a plain
-- note in a thread opening "Note: …" has no speaker); remember reads speakers written in plain
-- content itself and stores them as metadata.speaker. A thread's documents are ordered by when they
-- were written (a conversation's by event time, as before).
CREATE OR REPLACE FUNCTION public.svc_memory_conversation(source jsonb)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(
    nullif(btrim(coalesce(source ->> 'conversationId', source ->> 'conversation_id')), ''),
    'thread ' || nullif(btrim(source ->> 'threadSession'), ''))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.svc_memory_speaker(content text, metadata jsonb, conversation text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(
    nullif(btrim(metadata ->> 'speaker'), ''),
    CASE WHEN conversation IS NOT NULL AND conversation NOT LIKE 'thread %' THEN
      substring(content FROM '^\s*([[:upper:]][[:alnum:]_.''-]*(?: [[:upper:]][[:alnum:]_.''-]*){0,2}):\s')
    END)
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
  -- The row first: a new document takes its place (seq) before its neighbours are looked up. A
  -- thread's memories are neighbours in the order they were written, whatever their event times
  -- ("yesterday" in a reply must not move it away from the question before it).
  INSERT INTO memory_search_docs AS d (memory_id, owner_id, scope_id, conversation, ordered_at,
      terms, own_length, context_length)
    VALUES (m.id, m.owner_id, m.scope_id, conv,
      CASE WHEN conv LIKE 'thread %' THEN m.created_at ELSE coalesce(m.event_at, m.created_at) END,
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
