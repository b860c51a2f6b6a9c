-- custom migration (idempotent): triggers that keep derived columns right and enforce the
-- contract's "Database API rules on memories" 1, 3 and 4 (rule 2 is the RLS WITH CHECK).
CREATE OR REPLACE FUNCTION public.svc_touch_updated_at()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_touch_updated_at BEFORE UPDATE ON public.memories
  FOR EACH ROW EXECUTE FUNCTION public.svc_touch_updated_at();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER promoted_rules_touch_updated_at BEFORE UPDATE ON public.promoted_rules
  FOR EACH ROW EXECUTE FUNCTION public.svc_touch_updated_at();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cards_touch_updated_at BEFORE UPDATE ON public.cards
  FOR EACH ROW EXECUTE FUNCTION public.svc_touch_updated_at();
--> statement-breakpoint
-- project_id is a denormalised copy of the scope's project, so it can never disagree with it.
CREATE OR REPLACE FUNCTION public.svc_memories_derive_project()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
  NEW.project_id := svc_scope_project(NEW.scope_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_derive_project BEFORE INSERT OR UPDATE ON public.memories
  FOR EACH ROW EXECUTE FUNCTION public.svc_memories_derive_project();
--> statement-breakpoint
-- Rule 1 binds everyone (system work included): a memory's identity and history never change.
-- Rules 3 and 4 bind the signed-in roles; the service's own connection does system work
-- (translation, hygiene) on anyone's memories.
CREATE OR REPLACE FUNCTION public.svc_memories_guard()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
DECLARE
  uid uuid;
  -- What a writer may change on another member's memory: its retirement and loop closure
  -- (plus columns the database itself derives).
  retire_columns constant text[] := ARRAY['invalidated_at', 'invalidated_by', 'invalidation_reason',
    'loop_state', 'loop_closed_at', 'updated_at', 'project_id', 'content_hash', 'tsv'];
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.id IS DISTINCT FROM OLD.id OR NEW.owner_id IS DISTINCT FROM OLD.owner_id
      OR NEW.created_at IS DISTINCT FROM OLD.created_at) THEN
    RAISE EXCEPTION 'the id, owner and creation time of a memory cannot change'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF current_user NOT IN ('svc_authenticated', 'svc_anon') THEN
    RETURN NEW;
  END IF;
  uid := svc_uid();
  -- Rule 3: only the caller can be named, and only when the value is set or changed.
  IF NEW.invalidated_by IS NOT NULL AND NEW.invalidated_by IS DISTINCT FROM uid
      AND (TG_OP = 'INSERT' OR NEW.invalidated_by IS DISTINCT FROM OLD.invalidated_by) THEN
    RAISE EXCEPTION 'invalidated_by can only name the caller' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.shared_by IS NOT NULL AND NEW.shared_by IS DISTINCT FROM uid
      AND (TG_OP = 'INSERT' OR NEW.shared_by IS DISTINCT FROM OLD.shared_by) THEN
    RAISE EXCEPTION 'shared_by can only name the caller' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'INSERT' OR OLD.owner_id IS NOT DISTINCT FROM uid THEN
    RETURN NEW;
  END IF;
  -- Rule 4: someone else's memory. Only retiring it in the caller's own name is allowed.
  IF (to_jsonb(NEW) - retire_columns) IS DISTINCT FROM (to_jsonb(OLD) - retire_columns) THEN
    RAISE EXCEPTION 'only the owner can edit, share or move a memory' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.invalidated_at, NEW.invalidated_by, NEW.invalidation_reason)
      IS DISTINCT FROM (OLD.invalidated_at, OLD.invalidated_by, OLD.invalidation_reason)
    AND NOT (OLD.invalidated_at IS NULL AND NEW.invalidated_at IS NOT NULL AND NEW.invalidated_by = uid) THEN
    RAISE EXCEPTION 'another member''s memory can only be retired, in the caller''s own name'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.loop_state, NEW.loop_closed_at) IS DISTINCT FROM (OLD.loop_state, OLD.loop_closed_at)
    AND NOT (OLD.loop_state = 'open' AND NEW.loop_state = 'closed') THEN
    RAISE EXCEPTION 'another member''s open loop can only be closed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_guard BEFORE INSERT OR UPDATE ON public.memories
  FOR EACH ROW EXECUTE FUNCTION public.svc_memories_guard();
