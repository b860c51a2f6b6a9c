-- custom migration (idempotent): a memory's vectors carry its owner and scope, so reading them is checked
-- as reading the memory is.
--
-- The read policy asked svc_can_read_memory(memory_id) and svc_owns_memory(memory_id) of every row: a
-- lookup of the memory per vector, about 30 µs each on the embedded database, paid for every row the
-- HNSW scan or a sequential scan meets (32 ms of a 1k-memory recall). With the two columns the policy is
-- the memories policy itself: one comparison per row against values computed once per statement.
--
-- Vectors stored before keep null columns here: filling them is an update of every vector, and each
-- updated row is inserted into the HNSW graph again (minutes for 100k vectors), which would hold up the
-- start of a deploy. The vector upkeep job fills them in small batches after the deploy
-- (fillEmbeddingScopes); until then a row with null columns is checked the old way.
ALTER TABLE "memory_embeddings" ADD COLUMN IF NOT EXISTS "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "memory_embeddings" ADD COLUMN IF NOT EXISTS "scope_id" uuid;--> statement-breakpoint
-- What is left to fill, found without scanning the vectors; empty once filled, as new rows never enter it.
CREATE INDEX IF NOT EXISTS memory_embeddings_unscoped_idx ON public.memory_embeddings (memory_id, model)
  WHERE owner_id IS NULL;--> statement-breakpoint
-- Filled from the memory on every insert, whatever the writer passes: a vector cannot claim a scope.
-- A row whose memory is gone cannot exist (the foreign key), so only rows from before are null.
CREATE OR REPLACE FUNCTION public.svc_embedding_take_memory_scope()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
  SELECT m.owner_id, m.scope_id INTO NEW.owner_id, NEW.scope_id FROM memories m WHERE m.id = NEW.memory_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS memory_embeddings_memory_scope ON public.memory_embeddings;--> statement-breakpoint
CREATE TRIGGER memory_embeddings_memory_scope BEFORE INSERT OR UPDATE ON public.memory_embeddings
  FOR EACH ROW EXECUTE FUNCTION public.svc_embedding_take_memory_scope();--> statement-breakpoint
-- A memory moved to another scope (or owner) takes its vectors along.
CREATE OR REPLACE FUNCTION public.svc_memory_scope_to_embeddings()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
  UPDATE memory_embeddings SET owner_id = NEW.owner_id, scope_id = NEW.scope_id WHERE memory_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS memories_scope_to_embeddings ON public.memories;--> statement-breakpoint
CREATE TRIGGER memories_scope_to_embeddings AFTER UPDATE OF owner_id, scope_id ON public.memories
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.scope_id IS DISTINCT FROM NEW.scope_id)
  EXECUTE FUNCTION public.svc_memory_scope_to_embeddings();--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_embedding_take_memory_scope() FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_memory_scope_to_embeddings() FROM PUBLIC;--> statement-breakpoint
-- Policies: a FOR ALL write policy is also a read policy (policies of one command are OR-ed), which
-- kept the per-row lookup on every read; writes get a policy per command instead.
DROP POLICY IF EXISTS memory_embeddings_select ON public.memory_embeddings;--> statement-breakpoint
DROP POLICY IF EXISTS memory_embeddings_write ON public.memory_embeddings;--> statement-breakpoint
DROP POLICY IF EXISTS memory_embeddings_insert ON public.memory_embeddings;--> statement-breakpoint
DROP POLICY IF EXISTS memory_embeddings_update ON public.memory_embeddings;--> statement-breakpoint
DROP POLICY IF EXISTS memory_embeddings_delete ON public.memory_embeddings;--> statement-breakpoint
CREATE POLICY memory_embeddings_select ON public.memory_embeddings FOR SELECT TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) OR scope_id = ANY ((SELECT svc_readable_scope_ids())::uuid[])
    OR (owner_id IS NULL AND svc_can_read_memory(memory_id)));--> statement-breakpoint
CREATE POLICY memory_embeddings_insert ON public.memory_embeddings FOR INSERT TO svc_authenticated
  WITH CHECK (svc_owns_memory(memory_id));--> statement-breakpoint
CREATE POLICY memory_embeddings_update ON public.memory_embeddings FOR UPDATE TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) OR (owner_id IS NULL AND svc_owns_memory(memory_id)))
  WITH CHECK (svc_owns_memory(memory_id));--> statement-breakpoint
CREATE POLICY memory_embeddings_delete ON public.memory_embeddings FOR DELETE TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) OR (owner_id IS NULL AND svc_owns_memory(memory_id)));
