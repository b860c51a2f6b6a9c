// The only reader of process.env: every setting is parsed and validated once, at start-up.
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly']).default('info'),
  LOG_STDERR: flag,
  SVC_TOKEN: z.string().min(1).optional(),
  SVC_BUILD_COMMIT: z.string().min(1).optional(),
  SVC_HOST_REVISION: z.string().min(1).optional(),
});

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string };

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://${host}:${env.PORT}` };
}
