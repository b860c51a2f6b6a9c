// The only reader of process.env in the worker: its settings, parsed and validated once at start-up.
import { embeddingsConfigFromEnv, type EmbeddingsConfig } from '@svc/embeddings';
import { BACKUP_ENV_SHAPE } from '@svc/backup';
import { JOBS_ENV_SHAPE, jobsEnvProblem } from '@svc/jobs-runtime/env';
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
  /** Warm-up, job intervals and cap, alarms, the language model, /metrics: as for the server. */
  ...JOBS_ENV_SHAPE,
  /**
   * Read only to place BACKUP_DIR's default beside it (`<DATA_DIR>-backups`), with the server's
   * default, so the worker and `svc backup list` started in one place see the same backups.
   */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Where the daily backups go: BACKUP_DIR or BACKUP_S3_*, as for the server. */
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
  const jobsProblem = jobsEnvProblem(parsed.data);
  if (jobsProblem) throw new Error(`Invalid configuration:\n  ${jobsProblem}`);
  return { ...parsed.data, embeddings: embeddingsConfigFromEnv(source) };
}
