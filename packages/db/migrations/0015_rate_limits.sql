-- custom migration (idempotent): the counters every instance shares in server mode (rate limits per
-- caller, address and person; failed sign-ins per email), in the layout rate-limiter-flexible's
-- PostgreSQL store reads and writes (key, points, expire in epoch milliseconds). The service opens it
-- with `tableCreated`, so the library never issues DDL at run time. `text` rather than the library's
-- varchar(255): a key carries an email of up to 320 characters. Service-only: RLS on, no policy, no grant.
CREATE TABLE IF NOT EXISTS public.rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS rate_limits_expire_idx ON public.rate_limits (expire);
--> statement-breakpoint
ALTER TABLE public.rate_limits ENABLE ROW LEVEL SECURITY;
