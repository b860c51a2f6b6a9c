// The only reader of process.env in the worker: its settings, parsed and validated once at start-up.
import { embeddingsConfigFromEnv, type EmbeddingsConfig } from '@svc/embeddings';
import { BACKUP_ENV_SHAPE } from '@svc/backup';
import { z } from 'zod';

const NEEDS_URL =
  'the jobs worker needs DATABASE_URL (on the embedded default, `svc serve` runs the jobs)';

const EnvSchema = z.object({
  /** The worker is server mode's: on the embedded default the serving process runs the jobs itself. */
  DATABASE_URL: z.string({ error: NEEDS_URL }).min(1, NEEDS_URL),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(5),
  LOG_LEVEL: z.enum(['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly']).default('info'),
  SVC_BUILD_COMMIT: z
    .string()
    .regex(/^([0-9a-f]{7,40}|dev)$/, 'expected a 7-40 character hex commit id or `dev`')
    .default('dev'),
  KEEP_WARM_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  HYGIENE_INTERVAL_HOURS: z.coerce.number().int().min(1).max(8760).optional(),
  TRANSLATION_INTERVAL_HOURS: z.coerce.number().int().min(1).max(8760).optional(),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  ALARM_WEBHOOK_URL: z.url().optional(),
  JOB_MAX_SECONDS: z.coerce.number().int().min(1).max(900).default(900),
  /** The worker's own /metrics (its alarms are counted here, not on the servers); 0 turns it off. */
  JOBS_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  JOBS_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Where the daily backups go: BACKUP_DIR (default `./.backups`) or BACKUP_S3_*, as for the server. */
  ...BACKUP_ENV_SHAPE,
});

export type WorkerEnv = z.infer<typeof EnvSchema> & { embeddings: EmbeddingsConfig };

export function parseWorkerEnv(
  source: Record<string, string | undefined> = process.env,
): WorkerEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if (parsed.data.LLM_BASE_URL && !parsed.data.LLM_MODEL) {
    throw new Error('Invalid configuration:\n  LLM_MODEL: required with LLM_BASE_URL');
  }
  return { ...parsed.data, embeddings: embeddingsConfigFromEnv(source) };
}
