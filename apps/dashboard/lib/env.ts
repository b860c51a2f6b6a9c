// The dashboard's only reader of process.env, parsed once.
import { z } from 'zod';

const EnvSchema = z.object({
  MCP_SERVER_URL: z.url().default('http://127.0.0.1:8080'),
  HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  /** The dashboard's own public address: forms must come from it, and it decides the cookie's Secure flag. */
  DASHBOARD_URL: z.url().default('http://127.0.0.1:3000'),
});

export type DashboardEnv = z.infer<typeof EnvSchema>;

export function dashboardEnv(source: Record<string, string | undefined> = process.env): DashboardEnv {
  return EnvSchema.parse(source);
}

let parsed: DashboardEnv | undefined;

/** The process's settings, parsed on first use and kept: the environment does not change while running. */
export function appEnv(): DashboardEnv {
  parsed ??= dashboardEnv();
  return parsed;
}

/** The dashboard's origin (scheme, host and port), as browsers send it in `Origin`. */
export function dashboardOrigin(env: DashboardEnv = appEnv()): string {
  return new URL(env.DASHBOARD_URL).origin;
}
