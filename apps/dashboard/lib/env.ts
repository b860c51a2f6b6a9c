// The dashboard's only reader of process.env, parsed once.
import { z } from 'zod';

const EnvSchema = z.object({
  MCP_SERVER_URL: z.url().default('http://127.0.0.1:8080'),
  HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
});

export type DashboardEnv = z.infer<typeof EnvSchema>;

export function dashboardEnv(source: Record<string, string | undefined> = process.env): DashboardEnv {
  return EnvSchema.parse(source);
}
