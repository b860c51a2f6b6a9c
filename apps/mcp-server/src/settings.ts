// How the HTTP surface behaves where operators may tune it, taken from the parsed environment once.
import type { Env } from './env';

export interface ServerSettings {
  /** False on shipped production edges: /metrics then answers 404 like any unknown route. */
  metricsEnabled: boolean;
  /** Name prefix of the identity provider's session cookies, cleared when cookies pass 8 KB. */
  sessionCookiePrefix: string;
  /** Per caller on POST /mcp, in this instance's memory. */
  rateLimit: { toolCallsPerMinute: number; burst: number };
}

export function settingsFromEnv(env: Env): ServerSettings {
  return {
    metricsEnabled: env.METRICS_ENABLED,
    sessionCookiePrefix: env.SESSION_COOKIE_PREFIX,
    rateLimit: {
      toolCallsPerMinute: env.RATE_LIMIT_TOOL_CALLS_PER_MINUTE,
      burst: env.RATE_LIMIT_TOOL_CALLS_BURST,
    },
  };
}
