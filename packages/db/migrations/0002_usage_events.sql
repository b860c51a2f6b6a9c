-- custom migration (idempotent): the usage ledger, partitioned by month on created_at.
-- drizzle-kit cannot express PARTITION BY, so this table is outside the generated schema
-- (see src/schema/partitioned/usage-events.ts for its query-side declaration).
CREATE TABLE IF NOT EXISTS public.usage_events (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid,
  tool text NOT NULL,
  outcome text NOT NULL,
  duration_ms integer,
  request_id text,
  CONSTRAINT usage_events_pkey PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS usage_events_user_created_idx ON public.usage_events (user_id, created_at);
--> statement-breakpoint
-- Catches any event outside the monthly partitions, so no event is ever lost when upkeep lags.
CREATE TABLE IF NOT EXISTS public.usage_events_default PARTITION OF public.usage_events DEFAULT;
--> statement-breakpoint
-- Creates the partitions of the current UTC month and `months_ahead` months after it, and returns
-- how many it created (0 when all existed). Rows already caught by the default partition for a
-- month being created are moved into the new partition, which Postgres would otherwise refuse.
CREATE OR REPLACE FUNCTION public.svc_ensure_usage_partitions(months_ahead integer)
RETURNS integer
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
DECLARE
  first_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  month_start timestamptz;
  month_end timestamptz;
  part_name text;
  created integer := 0;
BEGIN
  IF months_ahead IS NULL OR months_ahead < 0 OR months_ahead > 120 THEN
    RAISE EXCEPTION 'months_ahead must be between 0 and 120' USING ERRCODE = '22023';
  END IF;
  FOR i IN 0..months_ahead LOOP
    month_start := (first_month + make_interval(months => i)) AT TIME ZONE 'UTC';
    month_end := (first_month + make_interval(months => i + 1)) AT TIME ZONE 'UTC';
    part_name := 'usage_events_' || to_char(month_start AT TIME ZONE 'UTC', 'YYYYMM');
    CONTINUE WHEN to_regclass('public.' || part_name) IS NOT NULL;
    IF EXISTS (SELECT 1 FROM usage_events_default WHERE created_at >= month_start AND created_at < month_end) THEN
      EXECUTE format('CREATE TABLE %I (LIKE usage_events INCLUDING DEFAULTS)', part_name);
      EXECUTE format(
        'WITH moved AS (DELETE FROM usage_events_default WHERE created_at >= $1 AND created_at < $2 RETURNING *)
         INSERT INTO %I SELECT * FROM moved', part_name) USING month_start, month_end;
      EXECUTE format('ALTER TABLE usage_events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
        part_name, month_start, month_end);
    ELSE
      EXECUTE format('CREATE TABLE %I PARTITION OF usage_events FOR VALUES FROM (%L) TO (%L)',
        part_name, month_start, month_end);
    END IF;
    created := created + 1;
  END LOOP;
  RETURN created;
END $$;
--> statement-breakpoint
-- Upkeep is the service's job, never a signed-in caller's.
REVOKE ALL ON FUNCTION public.svc_ensure_usage_partitions(integer) FROM PUBLIC;
--> statement-breakpoint
SELECT public.svc_ensure_usage_partitions(2);
