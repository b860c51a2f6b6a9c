-- custom migration (idempotent): who the caller is and what they may read or write, as functions
-- the policies share. They are SECURITY DEFINER so that policies can consult membership without
-- recursing into the policies of project_members, scopes and users.
--
-- The caller is set per transaction by the service:
--   SET LOCAL ROLE svc_authenticated; set_config('svc.user_id', <uuid>, true); set_config('svc.aal', 'aal1'|'aal2', true)
--
-- svc_uid(): the caller's id, but only for a complete session: an account with a verified second
-- factor reaches no data until the session gave the code (aal2), and a deleted account none at all.
CREATE OR REPLACE FUNCTION public.svc_uid()
RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT u.id
  FROM users u
  WHERE u.id = nullif(current_setting('svc.user_id', true), '')::uuid
    AND u.deleted_at IS NULL
    AND (u.mfa_enrolled_at IS NULL OR current_setting('svc.aal', true) = 'aal2')
$$;
--> statement-breakpoint
-- The caller's role in a project, or null when they are not a member.
CREATE OR REPLACE FUNCTION public.svc_project_role(project_id uuid)
RETURNS project_role
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT pm.role FROM project_members pm
  WHERE pm.project_id = svc_project_role.project_id AND pm.user_id = svc_uid()
$$;
--> statement-breakpoint
-- Personal scope: only its user. Project scope: any member reads.
CREATE OR REPLACE FUNCTION public.svc_can_read_scope(scope_id uuid)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT coalesce((
    SELECT CASE s.kind
      WHEN 'personal' THEN s.user_id = svc_uid()
      ELSE svc_project_role(s.project_id) IS NOT NULL
    END
    FROM scopes s WHERE s.id = svc_can_read_scope.scope_id
  ), false)
$$;
--> statement-breakpoint
-- Personal scope: only its user. Project scope: owners and writers; readers write nothing.
CREATE OR REPLACE FUNCTION public.svc_can_write_scope(scope_id uuid)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT coalesce((
    SELECT CASE s.kind
      WHEN 'personal' THEN s.user_id = svc_uid()
      ELSE svc_project_role(s.project_id) IN ('owner', 'writer')
    END
    FROM scopes s WHERE s.id = svc_can_write_scope.scope_id
  ), false)
$$;
--> statement-breakpoint
-- Every scope the caller reads, as one array: the memories SELECT policy compares against it
-- through an InitPlan, evaluated once per statement instead of once per row.
CREATE OR REPLACE FUNCTION public.svc_readable_scope_ids()
RETURNS uuid[]
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT coalesce(array_agg(s.id), '{}')
  FROM scopes s
  WHERE (s.kind = 'personal' AND s.user_id = svc_uid())
     OR (s.kind = 'project' AND s.project_id IN (
          SELECT pm.project_id FROM project_members pm WHERE pm.user_id = svc_uid()))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.svc_can_read_memory(memory_id uuid)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT coalesce((
    SELECT m.owner_id = svc_uid() OR svc_can_read_scope(m.scope_id)
    FROM memories m WHERE m.id = svc_can_read_memory.memory_id
  ), false)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.svc_owns_memory(memory_id uuid)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT coalesce((
    SELECT m.owner_id = svc_uid() FROM memories m WHERE m.id = svc_owns_memory.memory_id
  ), false)
$$;
--> statement-breakpoint
-- Scope lookups for rows that reach their scope through a parent (project, entity, board, card).
CREATE OR REPLACE FUNCTION public.svc_scope_project(scope_id uuid)
RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$ SELECT s.project_id FROM scopes s WHERE s.id = svc_scope_project.scope_id $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.svc_entity_scope(entity_id uuid)
RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$ SELECT e.scope_id FROM entities e WHERE e.id = svc_entity_scope.entity_id $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.svc_board_scope(board_id uuid)
RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$ SELECT b.scope_id FROM boards b WHERE b.id = svc_board_scope.board_id $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.svc_card_scope(card_id uuid)
RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT b.scope_id FROM cards c JOIN boards b ON b.id = c.board_id WHERE c.id = svc_card_scope.card_id
$$;
--> statement-breakpoint
-- True when the caller and `user_id` share a project, so member lists can show names.
CREATE OR REPLACE FUNCTION public.svc_shares_project(user_id uuid)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT EXISTS (
    SELECT 1 FROM project_members mine JOIN project_members theirs USING (project_id)
    WHERE mine.user_id = svc_uid() AND theirs.user_id = svc_shares_project.user_id)
$$;
--> statement-breakpoint
-- The creator of a project that has no member yet may add themself as its first owner.
CREATE OR REPLACE FUNCTION public.svc_can_bootstrap_project(project_id uuid)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT EXISTS (
    SELECT 1 FROM projects p
    WHERE p.id = svc_can_bootstrap_project.project_id AND p.created_by = svc_uid()
      AND NOT EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id))
$$;
--> statement-breakpoint
-- The Database API functions refuse anonymous callers (contract, errors rule 11). A session that
-- names a user but lacks its second factor is not anonymous: it simply sees no row.
CREATE OR REPLACE FUNCTION public.svc_require_signed_in()
RETURNS void
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
BEGIN
  IF current_user = 'svc_anon' OR coalesce(current_setting('svc.user_id', true), '') = '' THEN
    RAISE EXCEPTION 'sign-in required' USING ERRCODE = '42501';
  END IF;
END $$;
