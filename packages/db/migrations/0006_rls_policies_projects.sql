-- custom migration (idempotent): row-level security on users, projects, memberships and scopes.
ALTER TABLE public.users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Column grants: the password hash is never readable by a signed-in caller, whatever the query.
REVOKE ALL ON public.users FROM svc_authenticated;
--> statement-breakpoint
GRANT SELECT (id, email, display_name, mfa_enrolled_at, created_at, deleted_at) ON public.users TO svc_authenticated;
--> statement-breakpoint
GRANT UPDATE (display_name) ON public.users TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS users_select ON public.users;
--> statement-breakpoint
CREATE POLICY users_select ON public.users FOR SELECT TO svc_authenticated
  USING (id = (SELECT svc_uid()) OR svc_shares_project(id));
--> statement-breakpoint
DROP POLICY IF EXISTS users_update ON public.users;
--> statement-breakpoint
CREATE POLICY users_update ON public.users FOR UPDATE TO svc_authenticated
  USING (id = (SELECT svc_uid())) WITH CHECK (id = svc_uid());
--> statement-breakpoint
ALTER TABLE public.projects ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.projects TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS projects_select ON public.projects;
--> statement-breakpoint
CREATE POLICY projects_select ON public.projects FOR SELECT TO svc_authenticated
  USING (svc_project_role(id) IS NOT NULL);
--> statement-breakpoint
-- A new project has no member yet: its creator inserts it, then adds themself as owner
-- (svc_can_bootstrap_project), so the insert cannot use RETURNING.
DROP POLICY IF EXISTS projects_insert ON public.projects;
--> statement-breakpoint
CREATE POLICY projects_insert ON public.projects FOR INSERT TO svc_authenticated
  WITH CHECK (created_by = svc_uid());
--> statement-breakpoint
DROP POLICY IF EXISTS projects_update ON public.projects;
--> statement-breakpoint
CREATE POLICY projects_update ON public.projects FOR UPDATE TO svc_authenticated
  USING (svc_project_role(id) IS NOT NULL) WITH CHECK (svc_project_role(id) = 'owner');
--> statement-breakpoint
DROP POLICY IF EXISTS projects_delete ON public.projects;
--> statement-breakpoint
CREATE POLICY projects_delete ON public.projects FOR DELETE TO svc_authenticated
  USING (svc_project_role(id) = 'owner');
--> statement-breakpoint
ALTER TABLE public.project_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.project_members TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS project_members_select ON public.project_members;
--> statement-breakpoint
CREATE POLICY project_members_select ON public.project_members FOR SELECT TO svc_authenticated
  USING (svc_project_role(project_id) IS NOT NULL);
--> statement-breakpoint
DROP POLICY IF EXISTS project_members_insert ON public.project_members;
--> statement-breakpoint
CREATE POLICY project_members_insert ON public.project_members FOR INSERT TO svc_authenticated
  WITH CHECK (svc_project_role(project_id) = 'owner'
    OR (user_id = svc_uid() AND role = 'owner' AND svc_can_bootstrap_project(project_id)));
--> statement-breakpoint
DROP POLICY IF EXISTS project_members_update ON public.project_members;
--> statement-breakpoint
CREATE POLICY project_members_update ON public.project_members FOR UPDATE TO svc_authenticated
  USING (svc_project_role(project_id) IS NOT NULL) WITH CHECK (svc_project_role(project_id) = 'owner');
--> statement-breakpoint
-- Owners remove members; anyone may leave.
DROP POLICY IF EXISTS project_members_delete ON public.project_members;
--> statement-breakpoint
CREATE POLICY project_members_delete ON public.project_members FOR DELETE TO svc_authenticated
  USING (svc_project_role(project_id) = 'owner' OR user_id = (SELECT svc_uid()));
--> statement-breakpoint
ALTER TABLE public.scopes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON public.scopes TO svc_authenticated;
--> statement-breakpoint
-- Written on the row's own columns (not svc_can_read_scope(id)) so a scope inserted in the same
-- statement is judged by its values, not looked up in a snapshot that does not hold it yet.
DROP POLICY IF EXISTS scopes_select ON public.scopes;
--> statement-breakpoint
CREATE POLICY scopes_select ON public.scopes FOR SELECT TO svc_authenticated
  USING ((kind = 'personal' AND user_id = (SELECT svc_uid()))
    OR (kind = 'project' AND svc_project_role(project_id) IS NOT NULL));
--> statement-breakpoint
DROP POLICY IF EXISTS scopes_insert ON public.scopes;
--> statement-breakpoint
CREATE POLICY scopes_insert ON public.scopes FOR INSERT TO svc_authenticated
  WITH CHECK ((kind = 'personal' AND user_id = svc_uid())
    OR (kind = 'project' AND svc_project_role(project_id) = 'owner'));
