-- custom migration (idempotent): which incident each "fires once per incident" alarm was last raised
-- for (the hourly no-backup-for-a-day check). Claimed with one upsert, so of several workers only one
-- raises it; deleting the row re-arms the alarm. Service-only: RLS on, no policy, no grant.
CREATE TABLE IF NOT EXISTS public.alarm_incidents (
  alarm text PRIMARY KEY,
  incident text NOT NULL,
  raised_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE public.alarm_incidents ENABLE ROW LEVEL SECURITY;
