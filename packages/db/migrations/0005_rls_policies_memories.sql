-- custom migration (idempotent): row-level security on memories and the tables that hang off them.
-- Policies apply to svc_authenticated only; svc_anon gets no table privilege at all, so any
-- anonymous read or write is refused with 42501 before a policy is consulted.
-- `(SELECT svc_uid())` is written as a sub-select so Postgres evaluates it once per statement.
ALTER TABLE public.memories ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.memories TO svc_authenticated;
--> statement-breakpoint
-- Visible: own memories, the caller's personal scope, and project scopes they are a member of.
DROP POLICY IF EXISTS memories_select ON public.memories;
--> statement-breakpoint
CREATE POLICY memories_select ON public.memories FOR SELECT TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) OR scope_id = ANY ((SELECT svc_readable_scope_ids())::uuid[]));
--> statement-breakpoint
-- Rule 1 on insert (only as oneself) and rule 2 (only into a scope the caller writes).
DROP POLICY IF EXISTS memories_insert ON public.memories;
--> statement-breakpoint
CREATE POLICY memories_insert ON public.memories FOR INSERT TO svc_authenticated
  WITH CHECK (owner_id = svc_uid() AND svc_can_write_scope(scope_id));
--> statement-breakpoint
-- USING is plain visibility, so a visible row that may not be written reaches WITH CHECK and is
-- refused with 42501 instead of being skipped silently. Rule 2: the row must land in a scope the
-- caller writes. Rules 1, 3 and 4 are the memories_guard trigger.
DROP POLICY IF EXISTS memories_update ON public.memories;
--> statement-breakpoint
CREATE POLICY memories_update ON public.memories FOR UPDATE TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) OR scope_id = ANY ((SELECT svc_readable_scope_ids())::uuid[]))
  WITH CHECK (svc_can_write_scope(scope_id));
--> statement-breakpoint
DROP POLICY IF EXISTS memories_delete ON public.memories;
--> statement-breakpoint
CREATE POLICY memories_delete ON public.memories FOR DELETE TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) AND svc_can_write_scope(scope_id));
--> statement-breakpoint
ALTER TABLE public.memory_supersedes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON public.memory_supersedes TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS memory_supersedes_select ON public.memory_supersedes;
--> statement-breakpoint
CREATE POLICY memory_supersedes_select ON public.memory_supersedes FOR SELECT TO svc_authenticated
  USING (created_by = (SELECT svc_uid())
    OR (svc_can_read_memory(successor_id) AND svc_can_read_memory(predecessor_id)));
--> statement-breakpoint
-- Only the owner supersedes a memory, and only with a successor of their own.
DROP POLICY IF EXISTS memory_supersedes_insert ON public.memory_supersedes;
--> statement-breakpoint
CREATE POLICY memory_supersedes_insert ON public.memory_supersedes FOR INSERT TO svc_authenticated
  WITH CHECK (created_by = svc_uid() AND svc_owns_memory(predecessor_id) AND svc_owns_memory(successor_id));
--> statement-breakpoint
-- restore_memory removes only the caller's own links.
DROP POLICY IF EXISTS memory_supersedes_delete ON public.memory_supersedes;
--> statement-breakpoint
CREATE POLICY memory_supersedes_delete ON public.memory_supersedes FOR DELETE TO svc_authenticated
  USING (created_by = (SELECT svc_uid()));
--> statement-breakpoint
ALTER TABLE public.memory_embeddings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.memory_embeddings TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS memory_embeddings_select ON public.memory_embeddings;
--> statement-breakpoint
CREATE POLICY memory_embeddings_select ON public.memory_embeddings FOR SELECT TO svc_authenticated
  USING (svc_can_read_memory(memory_id));
--> statement-breakpoint
DROP POLICY IF EXISTS memory_embeddings_write ON public.memory_embeddings;
--> statement-breakpoint
CREATE POLICY memory_embeddings_write ON public.memory_embeddings FOR ALL TO svc_authenticated
  USING (svc_owns_memory(memory_id)) WITH CHECK (svc_owns_memory(memory_id));
--> statement-breakpoint
ALTER TABLE public.promoted_rules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.promoted_rules TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS promoted_rules_select ON public.promoted_rules;
--> statement-breakpoint
CREATE POLICY promoted_rules_select ON public.promoted_rules FOR SELECT TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) OR svc_can_read_scope(scope_id));
--> statement-breakpoint
DROP POLICY IF EXISTS promoted_rules_write ON public.promoted_rules;
--> statement-breakpoint
CREATE POLICY promoted_rules_write ON public.promoted_rules FOR ALL TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()))
  WITH CHECK (owner_id = svc_uid() AND svc_can_write_scope(scope_id));
--> statement-breakpoint
ALTER TABLE public.entities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.entities TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS entities_select ON public.entities;
--> statement-breakpoint
CREATE POLICY entities_select ON public.entities FOR SELECT TO svc_authenticated
  USING (svc_can_read_scope(scope_id));
--> statement-breakpoint
DROP POLICY IF EXISTS entities_write ON public.entities;
--> statement-breakpoint
CREATE POLICY entities_write ON public.entities FOR ALL TO svc_authenticated
  USING (svc_can_write_scope(scope_id)) WITH CHECK (svc_can_write_scope(scope_id));
--> statement-breakpoint
ALTER TABLE public.entity_relations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.entity_relations TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS entity_relations_select ON public.entity_relations;
--> statement-breakpoint
CREATE POLICY entity_relations_select ON public.entity_relations FOR SELECT TO svc_authenticated
  USING (svc_can_read_scope(svc_entity_scope(from_entity_id))
    AND svc_can_read_scope(svc_entity_scope(to_entity_id)));
--> statement-breakpoint
DROP POLICY IF EXISTS entity_relations_write ON public.entity_relations;
--> statement-breakpoint
CREATE POLICY entity_relations_write ON public.entity_relations FOR ALL TO svc_authenticated
  USING (svc_can_write_scope(svc_entity_scope(from_entity_id)))
  WITH CHECK (svc_can_write_scope(svc_entity_scope(from_entity_id))
    AND svc_can_read_scope(svc_entity_scope(to_entity_id)));
--> statement-breakpoint
ALTER TABLE public.memory_entities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON public.memory_entities TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS memory_entities_select ON public.memory_entities;
--> statement-breakpoint
CREATE POLICY memory_entities_select ON public.memory_entities FOR SELECT TO svc_authenticated
  USING (svc_can_read_memory(memory_id));
--> statement-breakpoint
DROP POLICY IF EXISTS memory_entities_write ON public.memory_entities;
--> statement-breakpoint
CREATE POLICY memory_entities_write ON public.memory_entities FOR ALL TO svc_authenticated
  USING (svc_owns_memory(memory_id))
  WITH CHECK (svc_owns_memory(memory_id) AND svc_can_read_scope(svc_entity_scope(entity_id)));
--> statement-breakpoint
-- Conflicts belong to the user they were found for; list and resolve see only those.
ALTER TABLE public.conflicts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.conflicts TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS conflicts_own ON public.conflicts;
--> statement-breakpoint
CREATE POLICY conflicts_own ON public.conflicts FOR ALL TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()))
  WITH CHECK (owner_id = svc_uid() AND (resolved_by IS NULL OR resolved_by = svc_uid())
    AND svc_can_read_memory(memory_a_id) AND svc_can_read_memory(memory_b_id));
