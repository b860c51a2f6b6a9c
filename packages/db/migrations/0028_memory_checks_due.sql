-- custom migration (idempotent): memories saved but not yet checked against their neighbours. The
-- row is written in the saving transaction, so a memory whose check never ran (the process stopped
-- after the commit) is still found; the check job works through every row and deletes what it did,
-- so a burst of saves costs one job, not one per memory. Signed-in roles may only add their own
-- memories (remember runs as its caller); reading and deleting are the job's (service role).
CREATE TABLE IF NOT EXISTS public.memory_checks_due (
  memory_id uuid PRIMARY KEY REFERENCES public.memories(id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE public.memory_checks_due ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT INSERT ON public.memory_checks_due TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS memory_checks_due_insert ON public.memory_checks_due;
--> statement-breakpoint
CREATE POLICY memory_checks_due_insert ON public.memory_checks_due FOR INSERT TO svc_authenticated
  WITH CHECK (svc_owns_memory(memory_id));
