// Renders the shipped nginx template (docker/edge/nginx.conf.template) into a complete nginx.conf.
import { readFileSync } from 'node:fs';
import { fail, ServiceError } from '@svc/errors';

export const EDGE_TEMPLATE_URL = new URL(
  '../../../../docker/edge/nginx.conf.template',
  import.meta.url,
);

export interface EdgeConfigInput {
  /** A port, or `address:port`, for nginx's `listen`. */
  listen: string;
  /** `host:port` of each MCP server instance. */
  servers: readonly string[];
  /** `host:port` of the dashboard. */
  dashboard: string;
  /** The header the server trusts for the client address (TRUSTED_CLIENT_IP_HEADER). */
  trustedClientIpHeader: string;
  /** Added as X-Edge-Secret on every proxied request (EDGE_SHARED_SECRET). */
  sharedSecret: string;
  /** Name prefix of the identity provider's session cookies (SESSION_COOKIE_PREFIX). */
  sessionCookiePrefix: string;
}

const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/;
const LISTEN = /^((\[[0-9a-fA-F:.]+\]|[0-9.]+):)?\d{1,5}$/;
// Written between double quotes in the config: nothing that could end the string or name a variable.
const SECRET = /^[A-Za-z0-9._~+/=-]+$/;

function check(ok: boolean, message: string): void {
  if (!ok) throw fail.validation(message);
}

/** The prefix as a PCRE fragment: a cookie-name prefix may hold `.`, `+`, `*`, `|`, `^`, `$`. */
function regexLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function renderEdgeConfig(
  input: EdgeConfigInput,
  template = readFileSync(EDGE_TEMPLATE_URL, 'utf8'),
): string {
  check(
    LISTEN.test(input.listen),
    `--listen: expected a port or address:port, got ${input.listen}`,
  );
  check(input.servers.length > 0, '--server: give at least one MCP server instance as host:port');
  for (const s of [...input.servers, input.dashboard])
    check(HOST_PORT.test(s), `expected host:port, got ${s}`);
  check(
    SECRET.test(input.sharedSecret),
    'EDGE_SHARED_SECRET: only letters, digits and ._~+/=- can be written into nginx.conf',
  );
  const values: Record<string, string> = {
    EDGE_LISTEN: input.listen,
    EDGE_SERVERS: input.servers.map((s) => `server ${s};`).join('\n        '),
    EDGE_DASHBOARD: input.dashboard,
    TRUSTED_CLIENT_IP_HEADER: input.trustedClientIpHeader,
    EDGE_SHARED_SECRET: input.sharedSecret,
    SESSION_COOKIE_PATTERN: regexLiteral(input.sessionCookiePrefix),
  };
  // envsubst's syntax, so the image renders the same file with the same names.
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new ServiceError('internal', `the edge template names an unknown placeholder ${whole}`);
    return value;
  });
}
