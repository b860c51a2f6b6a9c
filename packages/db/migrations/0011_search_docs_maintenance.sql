-- custom migration (idempotent): keeps memory_search_docs (the lexical search documents) in step
-- with memories. A document is the memory's own words (weight A), its speaker (B), the words of
-- up to two neighbouring memories on each side in the same conversation (C) and its month and
-- year (D); the ranker in packages/core/src/retrieval reads each weight as a BM25F field.
-- Everything here is derived from the database alone and written by SECURITY DEFINER triggers,
-- so no caller can put words into another memory's document.
--
-- The conversation a memory belongs to: the MCP wire spells the key conversation_id, the stored
-- MemorySource type conversationId.
CREATE OR REPLACE FUNCTION public.svc_memory_conversation(source jsonb)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT nullif(btrim(coalesce(source ->> 'conversationId', source ->> 'conversation_id')), '')
$$;
--> statement-breakpoint
-- Who said it: metadata.speaker, else, for a memory of a conversation only, a leading "Name: "
-- (one to three capitalised words), the shape of a transcript turn. Outside conversations a
-- prefix like "Note:" or "TODO:" is not a speaker.
CREATE OR REPLACE FUNCTION public.svc_memory_speaker(content text, metadata jsonb, conversation text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(
    nullif(btrim(metadata ->> 'speaker'), ''),
    CASE WHEN conversation IS NOT NULL THEN
      substring(content FROM '^\s*([[:upper:]][[:alnum:]_.''-]*(?: [[:upper:]][[:alnum:]_.''-]*){0,2}):\s')
    END)
$$;
--> statement-breakpoint
-- BM25 length: the number of indexed tokens (a stripped lexeme counts once).
CREATE OR REPLACE FUNCTION public.svc_tsv_token_count(tsv tsvector)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(sum(coalesce(nullif(cardinality(u.positions), 0), 1)), 0)::integer FROM unnest(tsv) u
$$;
--> statement-breakpoint
-- Up to two memories on each side of doc_id in its conversation (same owner and scope, so a
-- context never carries words its reader could not read), leaving out `exclude` (a row being
-- deleted). Ordered by event time, then insertion order.
CREATE OR REPLACE FUNCTION public.svc_search_doc_neighbours(doc_id uuid, exclude uuid DEFAULT NULL)
RETURNS SETOF uuid
LANGUAGE sql STABLE
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
-- Rebuilds one memory's document from the current rows; drops it when the memory is gone.
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
    FROM memories n WHERE n.id IN (SELECT svc_search_doc_neighbours(m.id, exclude))), ''));
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
REVOKE ALL ON FUNCTION public.svc_refresh_search_doc(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
-- A new or changed memory, then every memory whose neighbours it was or now is.
CREATE OR REPLACE FUNCTION public.svc_memories_search_doc_write()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
  before_ids uuid[] := '{}';
  x uuid;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    before_ids := ARRAY(SELECT svc_search_doc_neighbours(NEW.id));
  END IF;
  PERFORM svc_refresh_search_doc(NEW.id);
  FOR x IN SELECT DISTINCT u FROM unnest(before_ids || ARRAY(SELECT svc_search_doc_neighbours(NEW.id))) u
  LOOP
    PERFORM svc_refresh_search_doc(x);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before the row goes (its document still says where it stood), its neighbours close the gap.
CREATE OR REPLACE FUNCTION public.svc_memories_search_doc_delete()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
  x uuid;
BEGIN
  FOR x IN SELECT svc_search_doc_neighbours(OLD.id) LOOP
    PERFORM svc_refresh_search_doc(x, OLD.id);
  END LOOP;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_search_doc_insert AFTER INSERT ON public.memories
  FOR EACH ROW EXECUTE FUNCTION public.svc_memories_search_doc_write();
--> statement-breakpoint
-- Retiring, sharing or closing a loop changes no searchable word, so it costs nothing here.
CREATE OR REPLACE TRIGGER memories_search_doc_update AFTER UPDATE ON public.memories
  FOR EACH ROW WHEN ((OLD.content, OLD.content_en, OLD.tags, OLD.source, OLD.metadata, OLD.scope_id,
    OLD.event_at) IS DISTINCT FROM (NEW.content, NEW.content_en, NEW.tags, NEW.source, NEW.metadata,
    NEW.scope_id, NEW.event_at))
  EXECUTE FUNCTION public.svc_memories_search_doc_write();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_search_doc_delete BEFORE DELETE ON public.memories
  FOR EACH ROW EXECUTE FUNCTION public.svc_memories_search_doc_delete();
--> statement-breakpoint
ALTER TABLE public.memory_search_docs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Readable exactly when the memory is (the memories_select policy); written only by the triggers.
GRANT SELECT ON public.memory_search_docs TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS memory_search_docs_select ON public.memory_search_docs;
--> statement-breakpoint
CREATE POLICY memory_search_docs_select ON public.memory_search_docs FOR SELECT TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) OR scope_id = ANY ((SELECT svc_readable_scope_ids())::uuid[]));
--> statement-breakpoint
-- The GIN lookup of the lexical ranker. `@@` is not LEAKPROOF, so under row-level security the
-- planner may not use it as an index condition and scans every visible document instead: this
-- SECURITY DEFINER function finds the matching ids through the index and applies the visibility
-- rule of memory_search_docs_select itself (own, or in a readable scope). It returns ids only;
-- callers join them back to the tables as the caller, under row-level security. EXECUTE with the
-- query as a parameter is planned for that very query, so a rare word uses the index and a
-- common one a scan. `max_rows` bounds the work; `newest_first` picks the newest matches.
CREATE OR REPLACE FUNCTION public.svc_search_doc_matches(query tsquery, scope_ids uuid[],
  max_rows integer DEFAULT NULL, newest_first boolean DEFAULT false)
RETURNS TABLE (memory_id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM svc_require_signed_in();
  RETURN QUERY EXECUTE
    'SELECT d.memory_id FROM memory_search_docs d
     WHERE d.terms @@ $1 AND ($2::uuid[] IS NULL OR d.scope_id = ANY ($2))
       AND (d.owner_id = svc_uid() OR d.scope_id = ANY (svc_readable_scope_ids()))'
    || CASE WHEN newest_first THEN ' ORDER BY d.seq DESC' ELSE '' END
    || ' LIMIT $3'
  USING query, scope_ids, max_rows;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_search_doc_matches(tsquery, uuid[], integer, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.svc_search_doc_matches(tsquery, uuid[], integer, boolean) TO svc_authenticated;
--> statement-breakpoint
-- Documents for memories stored before this migration: every row first, so that the second pass
-- sees all neighbours.
DO $$
DECLARE
  missing uuid[];
  x uuid;
BEGIN
  missing := ARRAY(SELECT m.id FROM memories m
    WHERE NOT EXISTS (SELECT 1 FROM memory_search_docs d WHERE d.memory_id = m.id)
    ORDER BY coalesce(m.event_at, m.created_at), m.created_at, m.id);
  FOREACH x IN ARRAY missing LOOP PERFORM svc_refresh_search_doc(x); END LOOP;
  FOREACH x IN ARRAY missing LOOP PERFORM svc_refresh_search_doc(x); END LOOP;
END $$;
