-- custom migration (idempotent): memories written one after another in one session (thread) are
-- neighbours in the search documents, as a conversation's are. remember records the session's row
-- id under source.threadSession when the caller names no conversation; an explicit conversation
-- id still wins. Only a named conversation lets a leading "Name: " count as the speaker (a plain
-- note in a thread opening "Note: …" has no speaker); remember reads speakers written in plain
-- content itself and stores them as metadata.speaker.
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
