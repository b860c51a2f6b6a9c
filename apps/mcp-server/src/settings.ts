// How the HTTP surface behaves where operators may tune it, taken from the parsed environment once.
import type { Env } from './env';

export interface ServerSettings {
  /** False on shipped production edges: /metrics then answers 404 like any unknown route. */
  metricsEnabled: boolean;
  /** Name prefix of the identity provider's session cookies, cleared when cookies pass 8 KB. */
  sessionCookiePrefix: string;
  /** Per caller on POST /mcp, in this instance's memory. */
  rateLimit: { toolCallsPerMinute: number; burst: number };
  auth: AuthSettings;
  mcpAccess: McpAccessSettings;
  edge: EdgeSettings;
}

/** What the server takes from the edge in front of it; both null when it is reached directly. */
export interface EdgeSettings {
  /** Lower-case name of the header carrying the client's address, set by the edge only. */
  trustedClientIpHeader: string | null;
  /** The secret the edge adds to every proxied request (`X-Edge-Secret`). */
  sharedSecret: string | null;
}

/** Who may reach /mcp from a browser, and by which Host, against DNS rebinding. */
export interface McpAccessSettings {
  /** Origins allowed besides those of the public URL and the dashboard (ALLOWED_ORIGINS). */
  extraOrigins: readonly string[];
  /** Bound to a loopback address: the Host must then be a loopback name or the public URL's host. */
  loopbackBound: boolean;
}

/** 127.0.0.0/8, ::1 and `localhost`: addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

export interface ExternalOidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the sign-in button. */
  name: string;
}

export interface AuthSettings {
  /** Base URL of the dashboard: consent, sign-in and second-factor pages live there. */
  dashboardUrl: string;
  externalOidc: ExternalOidcSettings | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  dashboardSessionTtlHours: number;
  /** Per client address per minute on sign-in and OAuth routes. */
  ratePerMinute: number;
  /** Per signed-in person per minute on the dashboard's session and data routes. */
  dashboardPerMinute: number;
  /** SIGNUP_OPEN: /signup makes accounts without an invitation. */
  signupOpen: boolean;
}

export function settingsFromEnv(env: Env): ServerSettings {
  return {
    metricsEnabled: env.METRICS_ENABLED,
    sessionCookiePrefix: env.SESSION_COOKIE_PREFIX,
    rateLimit: {
      toolCallsPerMinute: env.RATE_LIMIT_TOOL_CALLS_PER_MINUTE,
      burst: env.RATE_LIMIT_TOOL_CALLS_BURST,
    },
    auth: {
      dashboardUrl: env.DASHBOARD_URL.replace(/\/+$/, ''),
      externalOidc:
        env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? {
              issuer: env.OIDC_ISSUER,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
              name: env.OIDC_PROVIDER_NAME,
            }
          : null,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      dashboardSessionTtlHours: env.DASHBOARD_SESSION_TTL_HOURS,
      ratePerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
      dashboardPerMinute: env.RATE_LIMIT_DASHBOARD_PER_MINUTE,
      signupOpen: env.SIGNUP_OPEN,
    },
    mcpAccess: { extraOrigins: env.ALLOWED_ORIGINS, loopbackBound: isLoopbackHost(env.HOST) },
    edge: {
      trustedClientIpHeader: env.TRUSTED_CLIENT_IP_HEADER ?? null,
      sharedSecret: env.EDGE_SHARED_SECRET ?? null,
    },
  };
}
