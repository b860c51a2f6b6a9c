-- custom migration (idempotent): row-level security on the caller's own records (tokens, MCP
-- sessions, transcripts, usage) and on the service-only tables, which no signed-in role reaches.
ALTER TABLE public.api_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON public.api_tokens TO svc_authenticated;
--> statement-breakpoint
GRANT UPDATE (name, revoked_at, last_used_at) ON public.api_tokens TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS api_tokens_own ON public.api_tokens;
--> statement-breakpoint
CREATE POLICY api_tokens_own ON public.api_tokens FOR ALL TO svc_authenticated
  USING (user_id = (SELECT svc_uid())) WITH CHECK (user_id = svc_uid());
--> statement-breakpoint
ALTER TABLE public.mcp_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON public.mcp_sessions TO svc_authenticated;
--> statement-breakpoint
-- A session can only be attached to a project the caller belongs to.
DROP POLICY IF EXISTS mcp_sessions_own ON public.mcp_sessions;
--> statement-breakpoint
CREATE POLICY mcp_sessions_own ON public.mcp_sessions FOR ALL TO svc_authenticated
  USING (user_id = (SELECT svc_uid()))
  WITH CHECK (user_id = svc_uid() AND (project_id IS NULL OR svc_project_role(project_id) IS NOT NULL));
--> statement-breakpoint
ALTER TABLE public.transcript_chunks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON public.transcript_chunks TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS transcript_chunks_own ON public.transcript_chunks;
--> statement-breakpoint
CREATE POLICY transcript_chunks_own ON public.transcript_chunks FOR ALL TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()))
  WITH CHECK (owner_id = svc_uid() AND (project_id IS NULL OR svc_project_role(project_id) IS NOT NULL));
--> statement-breakpoint
-- The ledger is written by the service; a caller may read their own usage. Partitions get no
-- grant, so they are reachable only through this parent and its policy.
ALTER TABLE public.usage_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT ON public.usage_events TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS usage_events_own ON public.usage_events;
--> statement-breakpoint
CREATE POLICY usage_events_own ON public.usage_events FOR SELECT TO svc_authenticated
  USING (user_id = (SELECT svc_uid()));
--> statement-breakpoint
-- Service-only tables: RLS on with no policy and no grant, so a signed-in role is denied outright.
ALTER TABLE public.audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.job_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.backups ENABLE ROW LEVEL SECURITY;
