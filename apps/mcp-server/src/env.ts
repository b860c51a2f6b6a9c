// The only reader of process.env: every setting is parsed and validated once, at start-up.
import { embeddingsConfigFromEnv, type EmbeddingsConfig } from '@svc/embeddings';
import { BACKUP_ENV_SHAPE } from '@svc/backup';
import { JOBS_ENV_SHAPE, jobsEnvProblem } from '@svc/jobs-runtime/env';
import { z } from 'zod';

/** A boolean switch; unset or empty takes the default, so `FOO=` never flips it by accident. */
const flag = (byDefault: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? byDefault : v === '1' || v === 'true'));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).optional(),
  /** Seconds a server-mode start waits for an unreachable database before giving up; 0 does not wait. */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(604_800).default(300),
  /** Embedded database: PGlite in a worker thread of its own (default), or `0` in the serving thread. */
  DATABASE_WORKER_THREAD: flag(true),
  LOG_LEVEL: z.enum(['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly']).default('info'),
  LOG_STDERR: flag(false),
  SVC_TOKEN: z.string().min(1).optional(),
  // A commit id or `dev`: it is printed into /healthz, so nothing else is let through.
  SVC_BUILD_COMMIT: z
    .string()
    .regex(/^([0-9a-f]{7,40}|dev)$/, 'expected a 7-40 character hex commit id or `dev`')
    .optional(),
  SVC_HOST_REVISION: z.string().min(1).max(100).optional(),
  METRICS_ENABLED: flag(true),
  /** Warm-up, job intervals and cap, alarms, the language model: shared with the jobs worker. */
  ...JOBS_ENV_SHAPE,
  RATE_LIMIT_TOOL_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_TOOL_CALLS_BURST: z.coerce.number().int().min(0).default(120),
  SESSION_COOKIE_PREFIX: z
    .string()
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'expected a cookie-name prefix')
    .default('svc-session'),
  /**
   * Further browser origins allowed to call /mcp, comma-separated (`https://app.example.com`); the
   * origins of PUBLIC_URL and DASHBOARD_URL are always allowed.
   */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const items = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const origins = items.map((item) => (URL.canParse(item) ? new URL(item) : undefined));
      const bad = items.filter((_, i) => {
        const url = origins[i];
        return !url || url.origin === 'null' || url.pathname !== '/' || url.search !== '' || url.hash !== '';
      });
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `expected origins like https://app.example.com, got ${bad.join(', ')}` });
        return z.NEVER;
      }
      return origins.map((url) => url!.origin);
    }),
  /**
   * The header the edge writes the client's address into (`X-Real-IP`); rate limits and logs read only
   * it. Unset, the socket's address is used. `X-Forwarded-For` is refused: a client can send it.
   */
  TRUSTED_CLIENT_IP_HEADER: z
    .string()
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'expected a header name')
    .refine(
      (v) => !['x-forwarded-for', 'forwarded'].includes(v.toLowerCase()),
      'a client-sent header cannot be trusted',
    )
    .transform((v) => v.toLowerCase())
    .optional(),
  /** Set behind the edge: a request without it in `X-Edge-Secret` answers 403 (probes excepted). */
  EDGE_SHARED_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  /** Where people sign in and consent; the authorization server sends browsers there. */
  DASHBOARD_URL: z.url().default('http://127.0.0.1:3000'),
  /** An external OpenID Connect provider for sign-in; all three or none. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).max(60).default('single sign-on'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  DASHBOARD_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(168),
  /** Anyone who reaches the dashboard may make an account at /signup; off, only the owner's invitations. */
  SIGNUP_OPEN: flag(false),
  /** Sign-in, second-factor and OAuth requests per client address per minute. */
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Dashboard requests per signed-in person per minute (a page load costs a session check and its data calls). */
  RATE_LIMIT_DASHBOARD_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Backups (shared with the jobs worker): BACKUP_DIR, default `<DATA_DIR>-backups`, or BACKUP_S3_*. */
  ...BACKUP_ENV_SHAPE,
});

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string; embeddings: EmbeddingsConfig };


/** Every variable read, so a test can hold the README's configuration table to it. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter((v) => v !== undefined);
  if (oidc.length !== 0 && oidc.length !== 3) {
    throw new Error('Invalid configuration:\n  OIDC_*: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together');
  }
  const jobsProblem = jobsEnvProblem(env);
  if (jobsProblem) throw new Error(`Invalid configuration:\n  ${jobsProblem}`);
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  let embeddings: EmbeddingsConfig;
  try {
    embeddings = embeddingsConfigFromEnv(source);
  } catch (err) {
    throw new Error(`Invalid configuration:\n  EMBEDDINGS_*: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://${host}:${env.PORT}`, embeddings };
}
