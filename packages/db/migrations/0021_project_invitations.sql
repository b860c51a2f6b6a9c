CREATE TABLE "project_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "project_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "project_invitations_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "project_invitations_expiry_check" CHECK ("project_invitations"."expires_at" > "project_invitations"."created_at"),
	CONSTRAINT "project_invitations_email_check" CHECK ("project_invitations"."email" = lower("project_invitations"."email"))
);
--> statement-breakpoint
ALTER TABLE "project_invitations" ADD CONSTRAINT "project_invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_invitations" ADD CONSTRAINT "project_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_invitations" ADD CONSTRAINT "project_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_invitations_project_idx" ON "project_invitations" USING btree ("project_id");--> statement-breakpoint
-- Project owners see, make and revoke their project's invitations; the code's hash is never
-- readable by a signed-in role. Accepting is the service's (the invitee is no member yet).
ALTER TABLE public.project_invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON public.project_invitations FROM svc_authenticated;
--> statement-breakpoint
GRANT SELECT (id, project_id, email, role, invited_by, created_at, expires_at, accepted_at, accepted_by, revoked_at)
  ON public.project_invitations TO svc_authenticated;
--> statement-breakpoint
GRANT INSERT ON public.project_invitations TO svc_authenticated;
--> statement-breakpoint
GRANT UPDATE (revoked_at) ON public.project_invitations TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS project_invitations_select ON public.project_invitations;
--> statement-breakpoint
CREATE POLICY project_invitations_select ON public.project_invitations FOR SELECT TO svc_authenticated
  USING (svc_project_role(project_id) = 'owner');
--> statement-breakpoint
DROP POLICY IF EXISTS project_invitations_insert ON public.project_invitations;
--> statement-breakpoint
CREATE POLICY project_invitations_insert ON public.project_invitations FOR INSERT TO svc_authenticated
  WITH CHECK (svc_project_role(project_id) = 'owner' AND invited_by = svc_uid()
    AND accepted_at IS NULL AND accepted_by IS NULL AND revoked_at IS NULL);
--> statement-breakpoint
DROP POLICY IF EXISTS project_invitations_update ON public.project_invitations;
--> statement-breakpoint
CREATE POLICY project_invitations_update ON public.project_invitations FOR UPDATE TO svc_authenticated
  USING (svc_project_role(project_id) = 'owner') WITH CHECK (svc_project_role(project_id) = 'owner');
--> statement-breakpoint
-- A project always keeps an owner: a change that takes the last owner role away (a demotion, a
-- removal, leaving) is refused with 23514, whoever makes it. The project row is locked first so
-- two owners stepping down at the same time are judged one after the other. A project being
-- deleted (its row already gone) is let through, and so is an account deletion, which promotes
-- an heir or deletes the projects nobody else belongs to before the account's rows go.
CREATE OR REPLACE FUNCTION public.svc_keep_project_owner()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
  IF OLD.role <> 'owner' OR (TG_OP = 'UPDATE' AND NEW.role = 'owner' AND NEW.project_id = OLD.project_id) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM projects p WHERE p.id = OLD.project_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = OLD.project_id AND pm.role = 'owner') THEN
    RAISE EXCEPTION 'a project keeps at least one owner' USING ERRCODE = '23514',
      CONSTRAINT = 'project_members_owner_kept';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS project_members_keep_owner ON public.project_members;
--> statement-breakpoint
CREATE TRIGGER project_members_keep_owner AFTER UPDATE OR DELETE ON public.project_members
  FOR EACH ROW EXECUTE FUNCTION public.svc_keep_project_owner();
